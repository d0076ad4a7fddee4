import { Link } from "@tanstack/react-router";
import { cn } from "@/components/ui/cn";
import { PHASES, type PhaseKind } from "@/domain/phase.ts";
import { type PathStep, phaseNeighbours } from "@/domain/phase-path.ts";
import { useOutlineRpc } from "./use-microlearning-overview.ts";

/** What a step is called beside "Vorige"/"Volgende": the phase, and the chapter when it is another one. */
export function stepLabel(step: PathStep, currentChapterId: string): string {
  const phase = PHASES[step.kind].label;
  return step.chapterId === currentChapterId ? phase : `Onderdeel ${step.chapterPosition} · ${phase}`;
}

// At least 44 px high (WCAG 2.5.5), and half the width each on a phone, so a thumb finds them.
const STEP_LINK =
  "flex min-h-11 min-w-0 flex-1 flex-col justify-center rounded-lg border border-neutral-300 px-4 py-2 hover:bg-neutral-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600 dark:border-neutral-700 dark:hover:bg-neutral-800";

function StepLink({
  topicId,
  step,
  direction,
  currentChapterId,
}: {
  topicId: string;
  step: PathStep;
  direction: "Vorige" | "Volgende";
  currentChapterId: string;
}) {
  return (
    <Link
      to="/studymap/topics/$topicId/microlearning/$kind/$chapterId"
      params={{ topicId, kind: step.kind, chapterId: step.chapterId }}
      rel={direction === "Volgende" ? "next" : "prev"}
      className={cn(STEP_LINK, direction === "Volgende" ? "items-end text-right" : "items-start")}
    >
      <span className="font-medium">{direction}</span>
      <span className="max-w-full truncate text-sm text-neutral-600 dark:text-neutral-400">
        {stepLabel(step, currentChapterId)}
      </span>
    </Link>
  );
}

/**
 * "Vorige" and "Volgende" (issue 24): the phases as one path through the course, into the next or
 * previous chapter at a chapter's end or start. After the last phase the way on is the overview.
 */
export function PhaseNav({
  topicId,
  chapterId,
  kind,
}: {
  topicId: string;
  chapterId: string;
  kind: PhaseKind;
}) {
  const { data: rpc } = useOutlineRpc(topicId);
  if (!rpc?.course) return null;
  const { previous, next } = phaseNeighbours(rpc.chapters, { chapterId, kind });
  if (!previous && !next && !rpc.chapters.some((chapter) => chapter.id === chapterId)) return null;
  return (
    <nav aria-label="Leerpad" className="flex gap-3">
      {previous ? (
        <StepLink topicId={topicId} step={previous} direction="Vorige" currentChapterId={chapterId} />
      ) : (
        <span className="flex-1" />
      )}
      {next ? (
        <StepLink topicId={topicId} step={next} direction="Volgende" currentChapterId={chapterId} />
      ) : (
        <Link
          to="/studymap/topics/$topicId/microlearning"
          params={{ topicId }}
          className={cn(STEP_LINK, "items-end text-right font-medium")}
        >
          Terug naar overzicht
        </Link>
      )}
    </nav>
  );
}
