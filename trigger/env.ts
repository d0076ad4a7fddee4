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
  return readEnv(taskEnvSchema, "task environment");
}

function readEnv<T extends z.ZodType>(schema: T, what: string): z.infer<T> {
  const parsed = schema.safeParse(process.env);
  if (!parsed.success) {
    throw new Error(`The ${what} is incomplete or invalid:\n${z.prettifyError(parsed.error)}`);
  }
  return parsed.data;
}

/**
 * What the invitation mail needs (send-invitation-email), read only by that task, so the generation
 * tasks keep running where no mail server is configured. SMTP_URL names the same server Auth sends
 * sign-in codes through (docs/security.md, "Invitation e-mails").
 */
const mailEnvSchema = z.object({
  /** `smtp://user:pass@host:587` (STARTTLS when the server offers it) or `smtps://…:465`. */
  SMTP_URL: z.url({ protocol: /^smtps?$/ }),
  /** The sender, e.g. `Studymap <no-reply@example.org>`; a domain the SMTP provider accepts. */
  MAIL_FROM: z.string().min(3).default("Studymap <no-reply@studymap.local>"),
  /** Where the web client is served; the mail links to its settings screen. */
  SITE_URL: z.url(),
});

export type MailEnv = z.infer<typeof mailEnvSchema>;

export function mailEnv(): MailEnv {
  return readEnv(mailEnvSchema, "mail environment");
}
