import { useTaskTrigger } from "@trigger.dev/react-hooks";
import type { Task } from "@trigger.dev/sdk";
import { useEffect, useRef } from "react";
import {
  GENERATE_COURSE_CONTENT,
  type GenerateCourseContentPayload,
  generationRunOptions,
} from "@/domain/tasks.ts";

/**
 * The Trigger.dev task client (its core and its own zod, about 60 kB gzip) loads only when a learner
 * presses "Genereer leerpad": course-generation.tsx imports this file lazily (docs/performance.md).
 */

type GenerateCourseContentTask = Task<typeof GENERATE_COURSE_CONTENT, GenerateCourseContentPayload, unknown>;

export interface PendingRun {
  accessToken: string;
  payload: GenerateCourseContentPayload;
}

export interface RunProps extends PendingRun {
  onStarted(runId: string): void;
  onFailed(error: Error): void;
}

/**
 * Triggers generate-course-content once with a public token (useTaskTrigger needs the token when it
 * renders, so this mounts after the token arrives). Unmounting it clears the run handle.
 */
export default function CourseGenerationRun({ accessToken, payload, onStarted, onFailed }: RunProps) {
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
