import { Link } from "@tanstack/react-router";
import { memo, useId, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { Dialog } from "@/components/ui/dialog";
import type { OutlineChapter, OutlinePhase } from "@/domain/outline.ts";
import { PHASES } from "@/domain/phase.ts";
import { chapterHeading } from "./summary.ts";

function SubtopicsDialog({
  chapter,
  open,
  onOpenChange,
}: {
  chapter: OutlineChapter;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={`${chapter.title} - Subtopics`}>
      {chapter.subtopics.length === 0 ? (
        <p className="text-sm text-neutral-500 dark:text-neutral-400">
          No subtopics available for this chapter
        </p>
      ) : (
        <ul className="flex flex-col gap-3">
          {chapter.subtopics.map((subtopic) => (
            <li key={subtopic.id}>
              <p className="font-medium">{subtopic.title}</p>
              <p className="text-sm text-neutral-600 dark:text-neutral-400">{subtopic.description}</p>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-4 flex justify-end">
        <Button onClick={() => onOpenChange(false)}>Close</Button>
      </div>
    </Dialog>
  );
}

function PhaseStatus({ phase }: { phase: OutlinePhase }) {
  if (phase.status === "completed" && phase.skipped) return <Badge tone="info">Overgeslagen</Badge>;
  if (phase.status === "completed") return <Badge tone="success">Voltooid</Badge>;
  if (phase.status === "in_progress") return <Badge tone="info">Bezig</Badge>;
  return null;
}

function PhaseRow({
  topicId,
  chapterId,
  phase,
}: {
  topicId: string;
  chapterId: string;
  phase: OutlinePhase;
}) {
  const info = PHASES[phase.kind];
  return (
    <li>
      <Link
        to="/studymap/topics/$topicId/microlearning/$kind/$chapterId"
        params={{ topicId, kind: phase.kind, chapterId }}
        className="flex items-center justify-between gap-3 rounded-lg px-3 py-2 hover:bg-neutral-50 dark:hover:bg-neutral-800"
      >
        <span className="flex min-w-0 flex-col">
          <span className="font-medium">{info.label}</span>
          <span className="truncate text-sm text-neutral-600 dark:text-neutral-400">
            {phase.title ?? info.description}
          </span>
        </span>
        <PhaseStatus phase={phase} />
      </Link>
    </li>
  );
}

interface ChapterCardProps {
  topicId: string;
  chapter: OutlineChapter;
  selected: boolean;
  onSelect(chapterId: string): void;
}

/**
 * docs/product.md §2: one card per chapter with its minutes, its subtopics dialog and the six phase rows.
 * Memoised (with `onSelect` taking the chapter's id, so the overview can pass one stable function): the
 * overview renders again as its other reads answer (twice on a first load), and each time every card and
 * its phase links rendered again (docs/performance.md, session 12).
 */
export const ChapterCard = memo(function ChapterCard({
  topicId,
  chapter,
  selected,
  onSelect,
}: ChapterCardProps) {
  const [subtopicsOpen, setSubtopicsOpen] = useState(false);
  const headingId = useId();
  const select = () => onSelect(chapter.id);
  return (
    <Card
      role="region"
      aria-labelledby={headingId}
      aria-current={selected ? "true" : undefined}
      onFocus={select}
      onPointerDown={select}
      className={cn("flex flex-col gap-3 p-5", selected && "ring-2 ring-emerald-500")}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 id={headingId} className="text-lg font-semibold">
            {chapterHeading(chapter.position, chapter.title)}
          </h2>
          {chapter.minutes !== null && (
            <p className="text-sm text-neutral-500 dark:text-neutral-400">{chapter.minutes} min</p>
          )}
        </div>
        <Button variant="secondary" size="sm" onClick={() => setSubtopicsOpen(true)}>
          Subtopics
        </Button>
      </div>
      <ul className="flex flex-col">
        {chapter.phases.map((phase) => (
          <PhaseRow key={phase.kind} topicId={topicId} chapterId={chapter.id} phase={phase} />
        ))}
      </ul>
      <SubtopicsDialog chapter={chapter} open={subtopicsOpen} onOpenChange={setSubtopicsOpen} />
    </Card>
  );
});
