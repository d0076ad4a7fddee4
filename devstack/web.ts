import { createServer } from "vite";
import type { StackInfo } from "./stack.ts";

/** Serves the web client with Vite, pointed at the local gateway. */
export async function startWebClient(stack: StackInfo): Promise<{ url: string; stop(): Promise<void> }> {
  process.env.VITE_SUPABASE_URL = stack.supabaseUrl;
  process.env.VITE_SUPABASE_ANON_KEY = stack.anonKey;
  process.env.VITE_TRIGGER_API_URL = stack.supabaseUrl;
  const port = Number(process.env.WEB_PORT ?? 5173);
  const server = await createServer({ server: { port, host: "127.0.0.1", strictPort: true } });
  await server.listen();
  return { url: `http://127.0.0.1:${port}`, stop: () => server.close() };
}
