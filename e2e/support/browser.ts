import path from "node:path";
import { createClient, type Session, type SupabaseClient } from "@supabase/supabase-js";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { expect, inject } from "vitest";
import { ensureCommand } from "../../scripts/system-deps.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");

export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** Debian's Chromium, installed on demand, driven by playwright-core. */
export async function launchChromium(): Promise<Browser> {
  ensureCommand("chromium", "chromium");
  return chromium.launch({ executablePath: "/usr/bin/chromium", args: CHROMIUM_ARGS });
}

/** A page that records console errors and failed page scripts, so a test can assert there were none. */
export async function openPage(context: BrowserContext): Promise<{ page: Page; consoleErrors: string[] }> {
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  page.on("console", (message) => {
    // The address says which request failed when the text alone does not ("Failed to load resource").
    const { url } = message.location();
    if (message.type() === "error") consoleErrors.push(url ? `${message.text()} (${url})` : message.text());
  });
  page.on("pageerror", (error) => consoleErrors.push(error.message));
  return { page, consoleErrors };
}

/**
 * A screenshot waits for the page's fonts and a fresh frame. On a starved machine (CI sharing its cores)
 * that has taken over Playwright's 30 s default; the picture is a record for people, not a check, so it
 * gets the time it needs within the test's own limit.
 */
const SCREENSHOT_TIMEOUT_MS = 75_000;

/** Saves the page as test-results/screenshots/<name>.png: the whole page, or only the screen (`fullPage: false`). */
export async function screenshot(page: Page, name: string, { fullPage = true } = {}): Promise<void> {
  await page.screenshot({
    path: path.join(ROOT, "test-results", "screenshots", `${name}.png`),
    fullPage,
    timeout: SCREENSHOT_TIMEOUT_MS,
  });
}

/** A unique address per run, so parallel runs and reruns never share an account. */
export function uniqueEmail(label: string): string {
  return `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@e2e.studymap.test`;
}

export interface InboxMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  created_at: string;
}

/** The mails to an address in the local inbox, newest first, from its JSON endpoint. */
export async function inboxMessages(email: string): Promise<InboxMessage[]> {
  const { supabaseUrl } = inject("stack");
  const response = await fetch(`${supabaseUrl}/inbox/api/messages?email=${encodeURIComponent(email)}`);
  return (await response.json()) as InboxMessage[];
}

/** The newest sign-in code mailed to an address, read from the local inbox's JSON endpoint. */
export async function readSignInCode(email: string, after: Date): Promise<string> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const messages = await inboxMessages(email);
    const fresh = messages.find((message) => new Date(message.created_at) >= after);
    const code = fresh?.text.match(/\b(\d{6})\b/)?.[1];
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`No sign-in code reached the inbox for ${email}`);
}

/** Signs in through the login page with an e-mail code from the inbox. */
export async function signInWithCode(page: Page, email: string): Promise<void> {
  await page.getByLabel("E-mail address").fill(email);
  const sent = new Date(Date.now() - 1000);
  await page.getByRole("button", { name: "Send code" }).click();
  await page.getByLabel("Sign-in code").waitFor();
  await page.getByLabel("Sign-in code").fill(await readSignInCode(email, sent));
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** A new account signed in by e-mail code over supabase-js, as the login screen would do it. */
export async function signUpByCode(label: string): Promise<{ client: SupabaseClient; session: Session }> {
  const stack = inject("stack");
  const email = uniqueEmail(label);
  const client = createClient(stack.supabaseUrl, stack.anonKey, { auth: { persistSession: false } });
  const sent = await client.auth.signInWithOtp({ email });
  expect(sent.error).toBeNull();
  const inbox = await fetch(`${stack.inboxUrl}/api/messages?email=${encodeURIComponent(email)}`);
  const [mail] = (await inbox.json()) as Array<{ text: string }>;
  const code = mail?.text.match(/\b\d{6}\b/)?.[0];
  expect(code).toBeDefined();
  const verified = await client.auth.verifyOtp({ email, token: code as string, type: "email" });
  expect(verified.error).toBeNull();
  return { client, session: verified.data.session as Session };
}

/** A browser context of the web client that starts signed in with `session`. */
export async function signedInContext(browser: Browser, session: Session): Promise<BrowserContext> {
  const stack = inject("stack");
  const context = await browser.newContext({
    baseURL: inject("webUrl"),
    viewport: { width: 1280, height: 900 },
  });
  // supabase-js reads its session from this storage key.
  const storageKey = `sb-${new URL(stack.supabaseUrl).hostname.split(".")[0]}-auth-token`;
  await context.addInitScript(
    ([key, value]) => {
      if (!window.localStorage.getItem(key as string))
        window.localStorage.setItem(key as string, value as string);
    },
    [storageKey, JSON.stringify(session)],
  );
  return context;
}
