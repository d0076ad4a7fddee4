import { writeFileSync } from "node:fs";
import path from "node:path";
import type { StackInfo } from "./stack.ts";

/** Writes the running stack's addresses and keys where the web client, scripts and tests read them. */
export function writeEnvFile(root: string, info: StackInfo): string {
  const file = path.join(root, ".env.local");
  const values: Record<string, string> = {
    SUPABASE_URL: info.supabaseUrl,
    SUPABASE_ANON_KEY: info.anonKey,
    SUPABASE_SERVICE_ROLE_KEY: info.serviceRoleKey,
    DATABASE_URL: info.databaseUrl,
    INBOX_URL: info.inboxUrl,
    VITE_SUPABASE_URL: info.supabaseUrl,
    VITE_SUPABASE_ANON_KEY: info.anonKey,
    VITE_TRIGGER_API_URL: info.supabaseUrl,
  };
  const body = Object.entries(values)
    .map(([name, value]) => `${name}=${value}`)
    .join("\n");
  writeFileSync(file, `# Written by npm start; local development only.\n${body}\n`);
  return file;
}
