import { z } from "zod";

/** What the tasks need from their environment (Trigger.dev cloud: the project's environment variables). */
const taskEnvSchema = z.object({
  SUPABASE_URL: z.url(),
  SUPABASE_SERVICE_ROLE_KEY: z.string().min(1),
  GENERATION_GRANT_SECRET: z.string().min(32),
  LLM_BASE_URL: z.url().optional(),
  LLM_API_KEY: z.string().min(1).optional(),
  LLM_MODEL: z.string().min(1).optional(),
  // Read in full by speechSettingsFromEnv; listed so the task environment documents them.
  SPEECH_BASE_URL: z.url().optional(),
  SPEECH_API_KEY: z.string().min(1).optional(),
  SPEECH_MODEL: z.string().min(1).optional(),
  SPEECH_VOICES: z.string().min(1).optional(),
});

export type TaskEnv = z.infer<typeof taskEnvSchema>;

/** The validated task environment, read from `process.env` as on Trigger.dev. */
export function taskEnv(): TaskEnv {
  const parsed = taskEnvSchema.safeParse(process.env);
  if (!parsed.success) {
    throw new Error(`The task environment is incomplete or invalid:\n${z.prettifyError(parsed.error)}`);
  }
  return parsed.data;
}
