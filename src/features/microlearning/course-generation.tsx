import { type ComponentType, useEffect, useState } from "react";
import { SWRConfig, type SWRConfiguration } from "swr";
import type { Outline } from "@/domain/outline.ts";
import { useAuth, useSupabase } from "@/lib/auth/auth-context";
import { toast } from "@/lib/toast";
import { fetchRegenerationLearners, fetchTriggerToken } from "./api.ts";
import { type ProgressAtRisk, RegenerateCourseDialog } from "./course-generation-confirm.tsx";
import type { PendingRun, RunProps } from "./course-generation-run.tsx";

/** A useSWRMutation option that reaches useTaskTrigger's mutation through the SWR context. */
const NO_THROW = { throwOnError: false } as unknown as SWRConfiguration;

/** Who is asked before a regeneration: managers learn the class's count, a learner knows their own. */
export interface GenerationGuard {
  canManage: boolean;
  /** The learner has progress on the course shown, and it is their own draft (the one a run replaces). */
  ownProgressAtRisk: boolean;
}

const UNGUARDED: GenerationGuard = { canManage: false, ownProgressAtRisk: false };

/**
 * Whether the outline shows the caller's own draft with progress on it. The outline shows the latest
 * published course or else the caller's own draft, and a run replaces only the caller's drafts.
 */
export function ownDraftHasProgress(outline: Outline | undefined): boolean {
  if (!outline?.course || outline.course.published_at) return false;
  return outline.chapters.some((chapter) =>
    chapter.phases.some((phase) => phase.activityId !== null && phase.status !== "not_started"),
  );
}

/**
 * "Genereer leerpad" (docs/product.md §4/§8): needs a signed-in user; when learners have progress on the
 * course a run would replace, asks first (issue 23); then fetches a trigger token and grant, starts the
 * task, reports it, and clears the run handle afterwards.
 */
export function useCourseGeneration(
  topic: { id: string; title: string } | undefined,
  onStarted: () => void,
  guard: GenerationGuard = UNGUARDED,
) {
  const client = useSupabase();
  const { user } = useAuth();
  const [pending, setPending] = useState<PendingRun | null>(null);
  const [fetchingToken, setFetchingToken] = useState(false);
  const [checking, setChecking] = useState(false);
  const [confirming, setConfirming] = useState<ProgressAtRisk | null>(null);
  // The task client (@trigger.dev/react-hooks and its core) loads with the first run, not with the
  // overview (docs/performance.md); in an effect, so nothing suspends.
  const [CourseGenerationRun, setRunComponent] = useState<ComponentType<RunProps> | null>(null);
  const needsRun = pending !== null && CourseGenerationRun === null;
  useEffect(() => {
    if (!needsRun) return;
    let mounted = true;
    import("./course-generation-run.tsx").then(
      (module) => {
        if (mounted) setRunComponent(() => module.default);
      },
      (error: unknown) => {
        console.error("Failed to start course generation:", error);
        toast.error("Kon leerpad niet starten");
        if (mounted) setPending(null);
      },
    );
    return () => {
      mounted = false;
    };
  }, [needsRun]);

  /** Whose progress a run would touch, or null when nobody's. A count that cannot be read still asks. */
  async function progressAtRisk(topicId: string): Promise<ProgressAtRisk | null> {
    if (guard.canManage) {
      try {
        const learners = await fetchRegenerationLearners(client, topicId);
        // A draft is its creator's alone, so the one learner is usually the caller: say it in their words.
        if (learners > 1 || (learners === 1 && !guard.ownProgressAtRisk)) return learners;
      } catch (error) {
        console.error("Failed to count learners with progress:", error);
        return "unknown";
      }
    }
    return guard.ownProgressAtRisk ? "own" : null;
  }

  async function requestGeneration() {
    if (!user) {
      toast.error("Je moet ingelogd zijn om te genereren");
      return;
    }
    if (!topic) return;
    setChecking(true);
    let atRisk: ProgressAtRisk | null;
    try {
      atRisk = await progressAtRisk(topic.id);
    } finally {
      setChecking(false);
    }
    if (atRisk === null) await generate();
    else setConfirming(atRisk);
  }

  async function generate() {
    if (!user || !topic) return;
    setFetchingToken(true);
    try {
      const { token, grant } = await fetchTriggerToken(client, topic.id);
      if (!token || !grant) {
        toast.error("Kon trigger token niet ophalen");
        return;
      }
      setPending({
        accessToken: token,
        payload: {
          topicId: topic.id,
          createdBy: user.id,
          title: topic.title,
          publish: false,
          mode: "refresh",
          grant,
        },
      });
    } catch (error) {
      console.error("Failed to fetch trigger token:", error);
      toast.error("Kon trigger token niet ophalen");
    } finally {
      setFetchingToken(false);
    }
  }

  // useTaskTrigger's submit() does not return its promise; its failure is reported through `error`, so the
  // mutation must not also reject (that would surface as an unhandled rejection).
  const run = pending && CourseGenerationRun && (
    <SWRConfig value={NO_THROW}>
      <CourseGenerationRun
        key={pending.payload.grant}
        {...pending}
        onStarted={() => {
          toast.success("Generatie gestart");
          setPending(null);
          onStarted();
        }}
        onFailed={(error) => {
          console.error("Failed to start course generation:", error);
          toast.error("Kon leerpad niet starten");
          setPending(null);
        }}
      />
    </SWRConfig>
  );

  const confirmation = (
    <RegenerateCourseDialog
      atRisk={confirming}
      onCancel={() => setConfirming(null)}
      onConfirm={() => {
        setConfirming(null);
        void generate();
      }}
    />
  );

  return {
    generate: requestGeneration,
    busy: checking || fetchingToken || pending !== null,
    run,
    confirmation,
  };
}
