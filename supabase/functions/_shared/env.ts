import { z } from "zod";

/** What hosted Supabase gives every function. */
const supabaseEnvSchema = z.object({
  SUPABASE_URL: z.url(),
  SUPABASE_ANON_KEY: z.string().min(1),
});

/** The project's secrets for starting generation (`supabase secrets set …`). */
const generationEnvSchema = z.object({
  TRIGGER_SECRET_KEY: z.string().min(1),
  /** Unset: Trigger.dev cloud. Locally: the gateway's task service. */
  TRIGGER_API_URL: z.url().optional(),
  GENERATION_GRANT_SECRET: z.string().min(32),
});

/** Where the web client is served; CORS admits only these origins. */
const originsEnvSchema = z.object({
  SITE_URL: z.url().optional(),
  /** Extra origins, comma-separated. */
  ALLOWED_ORIGINS: z
    .string()
    .transform((list) =>
      list
        .split(",")
        .map((origin) => origin.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url()))
    .optional(),
});

export const supabaseEnv = () => supabaseEnvSchema.parse(Deno.env.toObject());
export const generationEnv = () => generationEnvSchema.parse(Deno.env.toObject());
export const originsEnv = () => originsEnvSchema.parse(Deno.env.toObject());
