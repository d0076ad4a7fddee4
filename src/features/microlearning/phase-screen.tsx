import { Link } from "@tanstack/react-router";
import { useId, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { sourceFileName } from "@/domain/citation.ts";
import { isPhaseKind, PHASES } from "@/domain/phase.ts";
import type { ActivityCitation } from "./api.ts";
import { DisclosureButton } from "./disclosure-button.tsx";
import { PhaseContent, UnknownContent } from "./phase-content.tsx";
import { PhaseNav } from "./phase-nav.tsx";
import { StaleNotice } from "./stale-notice.tsx";
import { chapterHeading } from "./summary.ts";
import { usePhase } from "./use-phase.ts";

function CitationSource({ citation }: { citation: ActivityCitation }) {
  if (citation.source_url) {
    return (
      <a
        href={citation.source_url}
        target="_blank"
        rel="noopener noreferrer"
        className="text-emerald-700 underline dark:text-emerald-400"
      >
        {citation.source_url}
      </a>
    );
  }
  const fileName = sourceFileName(citation.file_path);
  if (fileName) {
    return (
      <span>
        {fileName}
        {citation.page_number !== null && ` p.${citation.page_number}`}
      </span>
    );
  }
  return <span>Onbekende bron</span>;
}

/**
 * docs/product.md §2 "Bronnen": each citation's quoted snippet, then where it comes from. Folded, the list waits
 * for the learner to open it: practice cards are cut from the very sentences it quotes.
 */
function Sources({
  citations,
  folded = false,
}: {
  citations: readonly ActivityCitation[];
  folded?: boolean;
}) {
  const [open, setOpen] = useState(!folded);
  const listId = useId();
  if (citations.length === 0) return null;
  return (
    <section className="flex flex-col gap-2">
      <div className="flex items-center gap-3">
        <h2 className="text-lg font-semibold">Bronnen</h2>
        {folded && (
          <DisclosureButton
            variant="ghost"
            className="max-sm:min-h-11"
            open={open}
            controls={listId}
            onOpenChange={setOpen}
          >
            Toon bronnen
          </DisclosureButton>
        )}
      </div>
      <ul id={listId} hidden={!open} className="flex flex-col gap-3 text-sm">
        {citations.map((citation) => (
          <li key={citation.id} className="flex flex-col gap-1">
            {citation.snippet && (
              <blockquote className="border-l-4 border-neutral-300 pl-3 italic">
                “{citation.snippet}”
              </blockquote>
            )}
            <CitationSource citation={citation} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function BackToOverview({ topicId, children }: { topicId: string; children: string }) {
  return (
    <Link
      to="/studymap/topics/$topicId/microlearning"
      params={{ topicId }}
      className="inline-flex items-center self-start text-sm font-medium text-emerald-700 hover:underline max-sm:min-h-11 dark:text-emerald-400"
    >
      {children}
    </Link>
  );
}

function NoContent({ topicId }: { topicId: string }) {
  return (
    <div className="rounded-xl border border-dashed border-neutral-300 px-6 py-10 text-center dark:border-neutral-700">
      <p className="text-neutral-600 dark:text-neutral-400">
        <strong className="font-semibold text-neutral-900 dark:text-neutral-100">Geen inhoud gevonden</strong>{" "}
        — Er is nog geen gepubliceerde activiteit voor dit onderdeel en fase.
      </p>
      <div className="mt-4">
        <BackToOverview topicId={topicId}>Terug naar overzicht</BackToOverview>
      </div>
    </div>
  );
}

interface PhaseScreenProps {
  topicId: string;
  chapterId: string;
  kind: string;
}

/** docs/product.md §2: one phase of a chapter. */
export function PhaseScreen({ topicId, chapterId, kind }: PhaseScreenProps) {
  const phase = usePhase(topicId, chapterId, kind);
  const label = isPhaseKind(kind) ? PHASES[kind].label : kind;
  const activity = phase.activity;
  const isCheck = activity?.content?.kind === "diagnostic" || activity?.content?.kind === "mastery";
  const finishable = activity?.content && !isCheck;
  const sources = <Sources citations={phase.citations} folded={activity?.content?.kind === "practice"} />;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <BackToOverview topicId={topicId}>Terug</BackToOverview>
      <header className="flex flex-col gap-1">
        <p className="text-sm font-medium uppercase tracking-wide text-emerald-700 dark:text-emerald-400">
          {label}
        </p>
        {activity?.row.title && (
          <h1 className="text-2xl font-semibold tracking-tight">{activity.row.title}</h1>
        )}
        {phase.chapter && (
          <p className="text-sm text-neutral-500 dark:text-neutral-400">
            {chapterHeading(phase.chapter.position, phase.chapter.title)}
          </p>
        )}
      </header>
      {activity?.row.id ? <StaleNotice activityId={activity.row.id} /> : null}
      {phase.loading ? (
        <p role="status" className="text-sm text-neutral-500 dark:text-neutral-400">
          Laden…
        </p>
      ) : !phase.kind ? (
        <UnknownContent />
      ) : !activity?.content ? (
        <NoContent topicId={topicId} />
      ) : (
        <>
          <PhaseContent
            activityId={activity.row.id}
            content={activity.content}
            focus={phase.focus}
            savedResult={phase.savedResult}
            onSubmitQuiz={phase.submitQuiz}
            onComplete={phase.complete}
            quizSources={sources}
          />
          {finishable &&
            (phase.status === "completed" ? (
              <div>
                {phase.skipped ? (
                  <Badge tone="info">Overgeslagen</Badge>
                ) : (
                  <Badge tone="success">Voltooid</Badge>
                )}
              </div>
            ) : (
              <Button className="self-start max-sm:min-h-11" onClick={phase.complete}>
                Afronden
              </Button>
            ))}
          {!isCheck && sources}
        </>
      )}
      {phase.kind && <PhaseNav topicId={topicId} chapterId={chapterId} kind={phase.kind} />}
    </div>
  );
}
