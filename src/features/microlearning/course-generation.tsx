import { useTaskTrigger } from "@trigger.dev/react-hooks";
import type { Task } from "@trigger.dev/sdk";
import { useEffect, useRef, useState } from "react";
import { toast } from "sonner";
import { SWRConfig, type SWRConfiguration } from "swr";
import {
  GENERATE_COURSE_CONTENT,
  type GenerateCourseContentPayload,
  generationRunOptions,
} from "@/domain/tasks.ts";
import { useAuth, useSupabase } from "@/lib/auth/auth-context";
import { fetchTriggerToken } from "./api.ts";

/** A useSWRMutation option that reaches useTaskTrigger's mutation through the SWR context. */
const NO_THROW = { throwOnError: false } as unknown as SWRConfiguration;

type GenerateCourseContentTask = Task<typeof GENERATE_COURSE_CONTENT, GenerateCourseContentPayload, unknown>;

interface PendingRun {
  accessToken: string;
  payload: GenerateCourseContentPayload;
}

interface RunProps extends PendingRun {
  onStarted(runId: string): void;
  onFailed(error: Error): void;
}

/**
 * Triggers generate-course-content once with a public token (useTaskTrigger needs the token when it
 * renders, so this mounts after the token arrives). Unmounting it clears the run handle.
 */
function CourseGenerationRun({ accessToken, payload, onStarted, onFailed }: RunProps) {
  const baseURL: string | undefined = import.meta.env.VITE_TRIGGER_API_URL;
  const { submit, handle, error } = useTaskTrigger<GenerateCourseContentTask>(GENERATE_COURSE_CONTENT, {
    accessToken,
    baseURL,
  });
  const submitted = useRef(false);
  const reported = useRef(false);
  useEffect(() => {
    if (submitted.current) return;
    submitted.current = true;
    submit(payload, generationRunOptions(payload));
  }, [submit, payload]);
  useEffect(() => {
    if (reported.current || (!handle && !error)) return;
    reported.current = true;
    if (handle) onStarted(handle.id);
    else if (error) onFailed(error);
  }, [handle, error, onStarted, onFailed]);
  return null;
}

/**
 * "Genereer leerpad" (docs/product.md §4/§8): needs a signed-in user, fetches a trigger token and grant, starts the
 * task, reports it, and clears the run handle afterwards.
 */
export function useCourseGeneration(topic: { id: string; title: string } | undefined, onStarted: () => void) {
  const client = useSupabase();
  const { user } = useAuth();
  const [pending, setPending] = useState<PendingRun | null>(null);
  const [fetchingToken, setFetchingToken] = useState(false);

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
  const run = pending && (
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
