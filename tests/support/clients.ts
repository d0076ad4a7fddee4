import { randomUUID } from "node:crypto";
import { createClient, type Session, type SupabaseClient } from "@supabase/supabase-js";
import pg from "pg";
import { inject } from "vitest";

/**
 * Clients for tests against a running stack, from its public StackInfo only (Vitest's inject("stack")):
 * supabase-js as the web app makes it, sign-in by e-mail code through the stack's inbox, and a
 * superuser connection for fixtures.
 */

export const stack = () => inject("stack");

/** A fresh address per test: the database and the inbox are shared with every other test. */
export function uniqueEmail(label: string): string {
  return `${label}-${randomUUID().slice(0, 8)}@auth-tests.example`;
}

/** A client as the web app makes it, without browser storage or background refresh. */
export function anonClient(url = stack().supabaseUrl): SupabaseClient {
  return createClient(url, stack().anonKey, { auth: { persistSession: false, autoRefreshToken: false } });
}

export interface InboxMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string;
  created_at: string;
}

export async function inbox(email: string, baseUrl = stack().supabaseUrl): Promise<InboxMail[]> {
  const response = await fetch(`${baseUrl}/inbox/api/messages?email=${encodeURIComponent(email)}`);
  if (!response.ok) throw new Error(`inbox answered ${response.status}`);
  return (await response.json()) as InboxMail[];
}

/** The code and token_hash link of the newest mail to `email`. */
export async function latestCode(email: string, baseUrl?: string): Promise<{ code: string; link: URL }> {
  const [mail] = await inbox(email, baseUrl);
  const code = mail && /code: (\d{6,10})/.exec(mail.text)?.[1];
  const link = mail && /(https?:\/\/\S+token_hash=\S+)/.exec(mail.text)?.[1];
  if (!code || !link) throw new Error(`no sign-in mail for ${email}`);
  return { code, link: new URL(link) };
}

/** Signs in by e-mail code exactly as a learner does: request, read the inbox, verify. */
export async function signIn(
  email: string,
  client = anonClient(),
): Promise<{ client: SupabaseClient; session: Session }> {
  const sent = await client.auth.signInWithOtp({ email });
  if (sent.error) throw sent.error;
  const { code } = await latestCode(email);
  const { data, error } = await client.auth.verifyOtp({ email, token: code, type: "email" });
  if (error || !data.session) throw error ?? new Error("no session");
  return { client, session: data.session };
}

/** A superuser connection for fixtures and for checking what the services wrote. */
export async function database(): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: stack().databaseUrl });
  await client.connect();
  return client;
}
