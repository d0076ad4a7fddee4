import pg from "pg";
import { writeEnvFile } from "./env-file.ts";
import { MigrationError } from "./migrate.ts";
import { ROOT, startStack } from "./stack.ts";
import { startWebClient } from "./web.ts";

/** `npm start`: Postgres, the gateway (Supabase + Trigger.dev APIs, task worker) and the web client. */
async function main(): Promise<void> {
  const verbose = process.env.STUDYMAP_VERBOSE === "1";
  const stack = await startStack({
    mode: "dev",
    log: (line) => {
      if (verbose || /^(migration|seed|Postgres:|Stopping)/.test(line)) console.log(`  ${line}`);
    },
  });
  const envFile = writeEnvFile(ROOT, stack);
  const web = await startWebClient(stack);
  const demoUsers = await listDemoUsers(stack.databaseUrl);

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
${demoUsers.length ? `  Demo accounts     ${demoUsers.join(", ")}  (sign in with the e-mail; the code arrives in the inbox)\n` : ""}
Press Ctrl+C to stop.`);

  const shutdown = async () => {
    await web.stop();
    await stack.stop();
    process.exit(0);
  };
  process.once("SIGINT", shutdown);
  process.once("SIGTERM", shutdown);
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
