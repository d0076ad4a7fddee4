import { useCallback, useEffect, useMemo, useRef } from "react";
import useSWR, { useSWRConfig } from "swr";
import { type Activity, parseActivityPayload } from "@/domain/activity-payload.ts";
import {
  type Answers,
  diagnosticSkipsStudy,
  type GapFocus,
  gapFocus,
  isSkippablePhase,
  type QuizResult,
  quizResult,
  REOPENED_BY_FAILED_MASTERY,
  SKIPPABLE_PHASES,
  SKIPPED_RESULT,
  type SkippedResult,
  statusAfterQuiz,
  statusOnOpen,
  unprobedItems,
} from "@/domain/microlearning.ts";
import type { ProgressStatus } from "@/domain/outline.ts";
import { isPhaseKind, type PhaseKind } from "@/domain/phase.ts";
import { useAuth, useSupabase } from "@/lib/auth/auth-context";
import type { StudymapClient } from "@/lib/database";
import { outlineKey } from "@/lib/outline-request";
import {
  type ActivityCitation,
  type ActivityProgress,
  type ActivityRow,
  type ChapterRow,
  fetchActivity,
  fetchActivityCitations,
  fetchChapter,
  fetchChapterProgress,
  saveProgress,
} from "./api.ts";
import { seedPracticeFromDiagnostic } from "./seed-practice.ts";

/** docs/product.md §8: activity load errors are logged; the screen then shows what it has. */
async function logged<T>(what: string, load: () => Promise<T>, fallback: T): Promise<T> {
  try {
    return await load();
  } catch (error) {
    console.error(`Failed to load ${what}:`, error);
    return fallback;
  }
}

export interface PhaseActivity {
  row: ActivityRow;
  /** The payload read by its kind's schema; null when it does not match. */
  content: Activity | null;
}

function readActivity(row: ActivityRow | null): PhaseActivity | null {
  if (!row) return null;
  const parsed = parseActivityPayload(row.kind, row.payload);
  if (!parsed.success) console.error("Unreadable activity payload:", parsed.error);
  return { row, content: parsed.success ? parsed.data : null };
}

/** What study and practice focus on: their blocks or cards (nothing for the other phases). */
function focusItems(content: Activity | null | undefined): readonly { subtopic_id: string | null }[] {
  if (content?.kind === "study") return content.payload.blocks;
  if (content?.kind === "practice") return content.payload.cards;
  return [];
}

/** Whether study or practice teaches a subtopic the diagnostic of `result` never asked about. */
async function teachesUnprobed(
  client: StudymapClient,
  chapterId: string,
  result: QuizResult,
): Promise<boolean> {
  const focus = gapFocus(result, null);
  const rows = await Promise.all(SKIPPABLE_PHASES.map((kind) => fetchActivity(client, chapterId, kind)));
  return rows.some((row) => unprobedItems(focusItems(readActivity(row)?.content), focus).length > 0);
}

type ProgressEntry = {
  activityId: string;
  status: ProgressStatus;
  result?: QuizResult | SkippedResult | null;
};

/**
 * What a finished check changes in study and practice: a perfect diagnostic skips them (recorded as
 * completed) unless they teach something it never asked about (`unprobedLeft`); a failed mastery check reopens them; a
 * diagnostic with mistakes reopens only what an earlier perfect diagnostic had skipped (what the learner
 * worked through stays done).
 */
function followUps(
  kind: "diagnostic" | "mastery",
  result: QuizResult,
  progressOf: (kind: PhaseKind) => ActivityProgress | null,
): ProgressEntry[] {
  const entries = (kinds: readonly PhaseKind[]) =>
    kinds.flatMap((phase) => {
      const entry = progressOf(phase);
      return entry ? [entry] : [];
    });
  if (kind === "diagnostic" && diagnosticSkipsStudy(result)) {
    return entries(SKIPPABLE_PHASES).map((entry) => ({
      activityId: entry.activityId,
      status: "completed",
      result: SKIPPED_RESULT,
    }));
  }
  const reopens = kind === "mastery" ? !result.passed : true;
  if (!reopens) return [];
  return entries(REOPENED_BY_FAILED_MASTERY)
    .filter((entry) => kind === "mastery" || (entry.status === "completed" && entry.skipped))
    .map((entry) => ({ activityId: entry.activityId, status: "in_progress", result: null }));
}

/**
 * A phase screen's data (docs/product.md §7: the chapter, the chapter's activity of this kind with its payload,
 * its citations) and the learner's progress: opening marks the activity in_progress, finishing it
 * completed; a diagnostic's result focuses study and practice on the learner's gaps.
 */
export function usePhase(topicId: string, chapterId: string, kind: string) {
  const client = useSupabase();
  const { user } = useAuth();
  const { mutate: mutateGlobal } = useSWRConfig();
  const phaseKind: PhaseKind | null = isPhaseKind(kind) ? kind : null;

  const chapter = useSWR(["chapter", chapterId], () =>
    logged<ChapterRow | null>("chapter", () => fetchChapter(client, chapterId), null),
  );
  const activity = useSWR(phaseKind ? ["activity", chapterId, phaseKind] : null, async () =>
    readActivity(
      await logged("activity", () => fetchActivity(client, chapterId, phaseKind as PhaseKind), null),
    ),
  );
  const activityId = activity.data?.row.id;
  const citations = useSWR(activityId ? ["activity-citations", activityId] : null, () =>
    logged<ActivityCitation[]>(
      "activity citations",
      () => fetchActivityCitations(client, activityId as string),
      [],
    ),
  );
  const progress = useSWR(user ? ["chapter-progress", chapterId, user.id] : null, () =>
    logged<ActivityProgress[]>(
      "progress",
      () => fetchChapterProgress(client, chapterId, (user as { id: string }).id),
      [],
    ),
  );

  const progressOf = useCallback(
    (wanted: PhaseKind) => progress.data?.find((entry) => entry.kind === wanted) ?? null,
    [progress.data],
  );
  const own = activityId ? (progress.data?.find((entry) => entry.activityId === activityId) ?? null) : null;
  const focus: GapFocus = useMemo(
    () => gapFocus(progressOf("diagnostic")?.result ?? null, progressOf("mastery")?.result ?? null),
    [progressOf],
  );

  // Study and practice are done without working through them once the diagnostic showed no gap at all,
  // asked about everything they teach, and no failed mastery check reopened them (skipped is done, so
  // 100 % stays reachable).
  const ownContent = activity.data?.content;
  const skipsStudy = useMemo(
    () =>
      diagnosticSkipsStudy(progressOf("diagnostic")?.result ?? null) &&
      focus.gaps.size === 0 &&
      !focus.unmapped &&
      unprobedItems(focusItems(ownContent), focus).length === 0,
    [progressOf, focus, ownContent],
  );

  /**
   * Writes run one after another, in the order they were asked for: the "in progress" mark of opening a
   * phase must never land after "Afronden" and undo it. `stillWanted` is asked when a write's turn comes.
   */
  const writes = useRef<Promise<void>>(Promise.resolve());
  const finished = useRef<string | null>(null);
  const save = useCallback(
    (entries: ProgressEntry[], stillWanted: () => boolean = () => true) => {
      const write = writes.current.then(async () => {
        if (!user || !stillWanted()) return;
        for (const entry of entries) await saveProgress(client, { ...entry, userId: user.id });
        await progress.mutate();
        await mutateGlobal(outlineKey(topicId));
      });
      writes.current = write.catch(() => {});
      return write;
    },
    [client, user, progress, mutateGlobal, topicId],
  );

  const ownStatus = own?.status ?? null;
  const progressLoaded = progress.data !== undefined;
  // A diagnostic taken before skipping was recorded, or on another device, still skips on opening.
  const skipOnOpen = skipsStudy && phaseKind !== null && isSkippablePhase(phaseKind);
  useEffect(() => {
    if (!activityId || !progressLoaded) return;
    const entry: ProgressEntry | null =
      skipOnOpen && ownStatus !== "completed"
        ? { activityId, status: "completed", result: SKIPPED_RESULT }
        : statusOnOpen(ownStatus) !== ownStatus
          ? { activityId, status: statusOnOpen(ownStatus) }
          : null;
    // Opening marks the phase; a finish asked for meanwhile (from progress read before it) wins.
    const opening = entry?.status !== "completed";
    if (entry)
      save([entry], () => !(opening && finished.current === activityId)).catch((error) =>
        console.error("Failed to save progress:", error),
      );
  }, [activityId, progressLoaded, ownStatus, skipOnOpen, save]);

  /** Finishing a phase by working through it also clears a skip mark it may have had. */
  const complete = useCallback(async () => {
    if (!activityId) return;
    const clearsSkip = phaseKind !== null && isSkippablePhase(phaseKind);
    finished.current = activityId;
    await save([{ activityId, status: "completed", ...(clearsSkip ? { result: null } : {}) }]);
  }, [activityId, phaseKind, save]);

  /** Scores a diagnostic or mastery check and stores it; a failed mastery reopens study and practice. */
  const submitQuiz = useCallback(
    async (answers: Answers): Promise<QuizResult | null> => {
      const content = activity.data?.content;
      if (!activityId || !content || (content.kind !== "diagnostic" && content.kind !== "mastery"))
        return null;
      const scored = quizResult(content.kind, content.payload.questions, answers);
      const unprobedLeft =
        content.kind === "diagnostic" &&
        diagnosticSkipsStudy(scored) &&
        (await logged("study and practice", () => teachesUnprobed(client, chapterId, scored), false));
      const result = unprobedLeft ? { ...scored, unprobedLeft } : scored;
      await save([
        { activityId, status: statusAfterQuiz(result), result },
        ...followUps(content.kind, result, progressOf),
      ]);
      if (content.kind === "diagnostic" && user) {
        // The schedule is a bonus on top of the stored result: a failure is logged, never shown.
        await seedPracticeFromDiagnostic(client, {
          chapterId,
          userId: user.id,
          questions: content.payload.questions,
          answers,
        })
          .then(() => mutateGlobal((key) => Array.isArray(key) && key[0] === "card-states"))
          .catch((error) => console.error("Failed to schedule practice cards:", error));
      }
      return result;
    },
    [activity.data, activityId, progressOf, save, client, user, chapterId, mutateGlobal],
  );

  return {
    skipped: own?.status === "completed" && own.skipped,
    kind: phaseKind,
    chapter: chapter.data,
    activity: activity.data,
    loading: chapter.data === undefined || (phaseKind !== null && activity.data === undefined),
    citations: citations.data ?? [],
    status: own?.status ?? "not_started",
    savedResult: own?.result ?? null,
    focus,
    complete,
    submitQuiz,
  };
}
