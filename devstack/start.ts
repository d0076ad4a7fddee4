import pg from "pg";
import { ensureSpeechTools } from "../scripts/system-deps.ts";
import { writeEnvFile } from "./env-file.ts";
import { MigrationError } from "./migrate.ts";
import { recordSeededEpisodes } from "./seed-audio.ts";
import { ROOT, startStack } from "./stack.ts";
import { startWebClient } from "./web.ts";

/** `npm start`: Postgres, the gateway (Supabase + Trigger.dev APIs, task worker) and the web client. */
async function main(): Promise<void> {
  const verbose = process.env.STUDYMAP_VERBOSE === "1";
  const speech = speechTools();
  const stack = await startStack({
    mode: "dev",
    log: (line) => {
      if (verbose || /^(migration|seed|Postgres:|Stopping)/.test(line)) console.log(`  ${line}`);
    },
  });
  const envFile = writeEnvFile(ROOT, stack);
  const web = await startWebClient(stack);
  const demoUsers = await listDemoUsers(stack.databaseUrl);
  // Before the banner: the worker records them in the background while the user signs in.
  const seededEpisodes = stack.seeded && speech.ok ? await recordSeededEpisodes(stack, console.log) : 0;

  console.log(`
studymap is running
  Web client        ${web.url}
  Supabase API      ${stack.supabaseUrl}   (REST /rest/v1, Auth /auth/v1, Storage /storage/v1, Functions /functions/v1)
  Trigger.dev API   ${stack.supabaseUrl}   (local task service and worker)
  Mail inbox        ${stack.inboxUrl}   (sign-in codes land here)
  Inbox SMTP        ${stack.smtpUrl}   (the tasks' SMTP_URL: invitation mails land in the same inbox)
  Postgres          ${stack.databaseUrl}
  anon key          ${stack.anonKey}
  service_role key  ${stack.serviceRoleKey}
  Written to        ${envFile}
${demoUsers.length ? `  Demo accounts     ${demoUsers.join(", ")}  (sign in with the e-mail; the code arrives in the inbox)\n` : ""}  Episode audio     ${speech.text}${seededEpisodes ? `; recording the ${seededEpisodes} demo episodes` : ""}

Press Ctrl+C to stop.`);

  const shutdown = async () => {
    await web.stop();
    await stack.stop();
    process.exit(0);
  };
  process.once("SIGINT", shutdown);
  process.once("SIGTERM", shutdown);
}

/**
 * The offline speech engine and MP3 encoder (Debian's espeak-ng and lame), installed when missing, for
 * the tasks to render episodes when no SPEECH_BASE_URL is set. Without them the stack still starts and
 * the browser's voices read the episodes.
 */
function speechTools(): { ok: boolean; text: string } {
  if (process.env.SPEECH_BASE_URL)
    return { ok: true, text: `speech provider at ${process.env.SPEECH_BASE_URL}` };
  try {
    ensureSpeechTools();
    return { ok: true, text: "offline engine (espeak-ng, encoded by lame)" };
  } catch (error) {
    return { ok: false, text: `none, the browser's voices read episodes: ${(error as Error).message}` };
  }
}

async function listDemoUsers(databaseUrl: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ email: string }>(
      "select email from auth.users where email like '%@studymap.test' order by email",
    );
    return rows.map((row) => row.email);
  } finally {
    await client.end();
  }
}

main().catch((error) => {
  console.error(error instanceof MigrationError ? `Start-up stopped: ${error.message}` : error);
  process.exit(1);
});
