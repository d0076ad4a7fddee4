import { type ComponentType, useEffect, useState } from "react";
import { SWRConfig, type SWRConfiguration } from "swr";
import { useAuth, useSupabase } from "@/lib/auth/auth-context";
import { toast } from "@/lib/toast";
import { fetchTriggerToken } from "./api.ts";
import type { PendingRun, RunProps } from "./course-generation-run.tsx";

/** A useSWRMutation option that reaches useTaskTrigger's mutation through the SWR context. */
const NO_THROW = { throwOnError: false } as unknown as SWRConfiguration;

/**
 * "Genereer leerpad" (docs/product.md §4/§8): needs a signed-in user, fetches a trigger token and grant, starts the
 * task, reports it, and clears the run handle afterwards.
 */
export function useCourseGeneration(topic: { id: string; title: string } | undefined, onStarted: () => void) {
  const client = useSupabase();
  const { user } = useAuth();
  const [pending, setPending] = useState<PendingRun | null>(null);
  const [fetchingToken, setFetchingToken] = useState(false);
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

  async function generate() {
    if (!user) {
      toast.error("Je moet ingelogd zijn om te genereren");
      return;
    }
    if (!topic) return;
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

  return { generate, busy: fetchingToken || pending !== null, run };
}
