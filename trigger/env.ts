import { AsyncLocalStorage } from "node:async_hooks";
import { z } from "zod";

/** What the tasks need from their environment (Trigger.dev cloud: the project's environment variables). */
const taskEnvSchema = z.object({
  SUPABASE_URL: z.url(),
  SUPABASE_SERVICE_ROLE_KEY: z.string().min(1),
  GENERATION_GRANT_SECRET: z.string().min(32),
  LLM_BASE_URL: z.url().optional(),
  LLM_API_KEY: z.string().min(1).optional(),
  LLM_MODEL: z.string().min(1).optional(),
});

export type TaskEnv = z.infer<typeof taskEnvSchema>;
type EnvSource = Readonly<Record<string, string | undefined>>;

/**
 * The local worker runs tasks inside the gateway's process, next to other services; it hands each
 * run its environment through this scope instead of writing process.env.
 */
const scopedEnv = new AsyncLocalStorage<EnvSource>();

export function withTaskEnv<T>(values: EnvSource, work: () => T): T {
  return scopedEnv.run(values, work);
}

/** The validated task environment: the local worker's scope when there is one, else process.env. */
export function taskEnv(): TaskEnv {
  const parsed = taskEnvSchema.safeParse(scopedEnv.getStore() ?? process.env);
  if (!parsed.success) {
    throw new Error(`The task environment is incomplete or invalid:\n${z.prettifyError(parsed.error)}`);
  }
  return parsed.data;
}
