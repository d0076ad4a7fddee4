import { GeneratorNote } from "@/components/generator-note";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { ProgressBar } from "@/components/ui/progress-bar";
import { Spinner } from "@/components/ui/spinner";
import { citationKey, uniqueCitations } from "@/domain/citation.ts";
import type { Section, Structure, Subtopic } from "@/domain/structure.ts";
import type { ReviewTopic } from "./api.ts";
import { CitationChip } from "./citation-chip.tsx";
import { reviewState } from "./review-state.ts";
import { citationRecognitionNotes, type ReviewSource } from "./source-recognition.ts";
import { SourcesCard } from "./sources-card.tsx";
import { useStructureReview } from "./use-structure-review.ts";

function GeneratingCard({ topic, onRefresh }: { topic: ReviewTopic; onRefresh: () => void }) {
  const progress = topic.processingProgress ?? 0;
  return (
    <Card className="flex flex-col gap-4 p-6">
      <div className="flex items-center gap-3">
        <Spinner label="Generating structure…" />
        <h2 className="text-lg font-semibold">Generating structure…</h2>
      </div>
      <p className="text-sm text-neutral-600 dark:text-neutral-400">
        You can leave this page; it continues in the background.
      </p>
      <div className="flex items-center gap-3">
        <ProgressBar label="Structure generation progress" value={progress} />
        <span className="w-12 text-right text-sm tabular-nums">{progress}%</span>
      </div>
      <div>
        <Button variant="secondary" onClick={onRefresh}>
          Refresh
        </Button>
      </div>
    </Card>
  );
}

function FailedCard({ topic, canManage }: { topic: ReviewTopic; canManage: boolean }) {
  return (
    <Card role="alert" className="flex flex-col gap-2 border-red-200 p-6 dark:border-red-900">
      <h2 className="text-lg font-semibold text-red-700 dark:text-red-400">Structure generation failed</h2>
      {topic.processingError && <p className="text-sm">{topic.processingError}</p>}
      <p className="text-sm text-neutral-600 dark:text-neutral-400">
        {canManage
          ? "Regenerate to try again."
          : "Ask a content manager of your organisation to regenerate it."}
      </p>
    </Card>
  );
}

function SubtopicItem({ subtopic, sources }: { subtopic: Subtopic; sources: readonly ReviewSource[] }) {
  return (
    <li className="flex flex-col gap-1">
      <h4 className="font-medium">{subtopic.title}</h4>
      {subtopic.description && (
        <p className="text-sm text-neutral-600 dark:text-neutral-400">{subtopic.description}</p>
      )}
      {subtopic.citations.length > 0 && (
        <div className="flex flex-wrap gap-1.5">
          {uniqueCitations(subtopic.citations).map((citation) => (
            <CitationChip
              key={citationKey(citation)}
              citation={citation}
              notes={citationRecognitionNotes(citation, sources)}
            />
          ))}
        </div>
      )}
    </li>
  );
}

function SectionItem({ section, sources }: { section: Section; sources: readonly ReviewSource[] }) {
  return (
    <li className="flex flex-col gap-3 rounded-lg border border-neutral-200 p-4 dark:border-neutral-800">
      <div>
        <h3 className="text-base font-semibold">{section.title}</h3>
        {section.description && (
          <p className="text-sm text-neutral-600 dark:text-neutral-400">{section.description}</p>
        )}
      </div>
      <ul className="flex flex-col gap-3 pl-4">
        {section.subtopics.map((subtopic) => (
          <SubtopicItem key={subtopic.subtopic_id} subtopic={subtopic} sources={sources} />
        ))}
      </ul>
    </li>
  );
}

/** Which version the structure is, counted from 1, and whether it just arrived after Regenerate. */
function VersionLine({ variant, isNew }: { variant: number | null; isNew: boolean }) {
  if (variant === null && !isNew) return null;
  return (
    <p className="flex items-center gap-2 text-xs text-neutral-500 dark:text-neutral-400">
      {variant !== null && <span>Version {variant + 1}</span>}
      {isNew && <Badge tone="info">New version</Badge>}
    </p>
  );
}

function StructureCard({
  structure,
  variant,
  isNew,
  sources,
}: {
  structure: Structure | null;
  variant: number | null;
  isNew: boolean;
  sources: readonly ReviewSource[];
}) {
  const sections = structure?.sections ?? [];
  return (
    <Card className="flex flex-col gap-4 p-6">
      <div>
        <h2 className="text-lg font-semibold">{structure?.title || "Learning Structure"}</h2>
        <VersionLine variant={variant} isNew={isNew} />
        <p className="text-sm text-neutral-600 dark:text-neutral-400">
          {structure?.description || "Generated learning path"}
        </p>
      </div>
      {sections.length === 0 ? (
        <p className="text-sm text-neutral-500 dark:text-neutral-400">No sections.</p>
      ) : (
        <ol className="flex flex-col gap-4">
          {sections.map((section) => (
            <SectionItem key={section.section_id} section={section} sources={sources} />
          ))}
        </ol>
      )}
    </Card>
  );
}

/** docs/product.md §2: the structure review screen (loading, generating, ready; docs/decisions.md §4: failed). */
export function StructureReviewScreen({ topicId, onAccepted }: { topicId: string; onAccepted: () => void }) {
  const { topic, error, canManage, sources, busy, newVersion, accept, regenerate, refresh } =
    useStructureReview(topicId, onAccepted);
  if (!topic && error) {
    return (
      <Card role="alert" className="mx-auto flex max-w-4xl flex-col items-start gap-3 p-6">
        <h2 className="text-lg font-semibold">Failed to load topic</h2>
        <p className="text-sm text-neutral-600 dark:text-neutral-400">{error.message}</p>
        <Button variant="secondary" onClick={refresh}>
          Refresh
        </Button>
      </Card>
    );
  }
  if (!topic) {
    return (
      <div className="flex min-h-48 items-center justify-center">
        <Spinner label="Loading" showLabel />
      </div>
    );
  }
  const state = reviewState(topic);
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <PageHeader
        title="Learning Structure"
        description={topic.title}
        actions={
          canManage ? (
            <>
              <Button variant="secondary" onClick={regenerate} disabled={busy !== null}>
                Regenerate
              </Button>
              <Button onClick={accept} disabled={!topic.structure || busy !== null}>
                Accept Structure
              </Button>
            </>
          ) : null
        }
      />
      {state === "ready" && (
        <StructureCard
          structure={topic.structure}
          variant={topic.structureVariant}
          isNew={newVersion}
          sources={sources}
        />
      )}
      {state === "ready" && <SourcesCard sources={sources} />}
      {state === "ready" && <GeneratorNote generator={topic.structureGenerator} entityId={topic.entityId} />}
      {(state === "generating" || state === "not-started") && (
        <GeneratingCard topic={topic} onRefresh={refresh} />
      )}
      {state === "failed" && <FailedCard topic={topic} canManage={canManage} />}
    </div>
  );
}
