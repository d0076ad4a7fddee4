import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import { PDFDocument, StandardFonts } from "pdf-lib";
import type { Browser, BrowserContext, Page, Request, Route } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { RESUMABLE_CHUNK_BYTES } from "../src/lib/storage-upload.ts";
import { seriousViolations } from "./support/accessibility.ts";
import { launchChromium, openPage, screenshot, signedInContext, signUpByCode } from "./support/browser.ts";

/**
 * Resumable source uploads in Chromium against the local stack's TUS endpoint: an upload cancelled
 * mid-file, and one cut off by a reload, each continue from the byte Storage holds (the next PATCH's
 * Upload-Offset, no new upload created) and the topic ends with the whole file. An upload is held
 * "in flight" by routing its first PATCH and never answering it, so Storage has exactly the first
 * 6 MB chunk (sent with the creating POST) when the test breaks the upload off.
 */

const UI = { timeout: 30_000 };
const RESUMABLE = "**/storage/v1/upload/resumable**";
const stack = inject("stack");
let browser: Browser;
let context: BrowserContext;
let page: Page;
let consoleErrors: string[];
let admin: SupabaseClient;
let entityId: string;
let scratch: string;
/** Every TUS request the page sent (POST creates, PATCH sends bytes), in order. */
const tus: Request[] = [];

beforeAll(async () => {
  admin = createClient(stack.supabaseUrl, stack.serviceRoleKey, { auth: { persistSession: false } });
  const signedUp = await signUpByCode("uploads");
  const entity = await signedUp.client.rpc("create_entity", { p_name: "Upload School" });
  expect(entity.error).toBeNull();
  entityId = entity.data as string;
  scratch = mkdtempSync(path.join(tmpdir(), "studymap-uploads-"));
  browser = await launchChromium();
  context = await signedInContext(browser, signedUp.session);
  ({ page, consoleErrors } = await openPage(context));
  page.on("request", (request) => {
    if (
      request.url().includes("/storage/v1/upload/resumable") &&
      ["POST", "PATCH"].includes(request.method())
    )
      tus.push(request);
  });
});

afterAll(async () => {
  await browser?.close();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

/**
 * A readable two-page PDF carrying a random attachment, about two and a half chunks long, written to
 * disk: a file picked from disk keeps its modification time, which tus-js-client's fingerprint names.
 */
async function largePdf(name: string): Promise<{ name: string; path: string; bytes: Buffer }> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const sheet = pdf.addPage([595, 842]);
  sheet.drawText("Cells", { x: 50, y: 780, size: 20, font });
  sheet.drawText("Every living thing is made of cells.", { x: 50, y: 740, size: 11, font });
  await pdf.attach(randomBytes(Math.round(RESUMABLE_CHUNK_BYTES * 2.2)), "measurements.bin", {
    mimeType: "application/octet-stream",
  });
  const bytes = Buffer.from(await pdf.save());
  const file = path.join(scratch, name);
  writeFileSync(file, bytes);
  return { name, path: file, bytes };
}

/**
 * Holds the page's next PATCH unanswered (later ones pass); `held` resolves with its route once the
 * page has sent it, to be continued or left hanging.
 */
async function holdNextPatch(): Promise<{ held: Promise<Route> }> {
  let hold: (route: Route) => void = () => {};
  const held = new Promise<Route>((resolve) => {
    hold = resolve;
  });
  let holding = true;
  await page.route(RESUMABLE, (route) => {
    if (!holding || route.request().method() !== "PATCH") return route.continue();
    holding = false;
    hold(route);
  });
  return { held };
}

/** Stops routing; a PATCH still held is never sent, as if the connection had dropped. */
async function stopRouting(): Promise<void> {
  await page.unrouteAll({ behavior: "ignoreErrors" });
}

async function startTopic(title: string, file: string): Promise<void> {
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Source files").setInputFiles(file);
  await page.getByRole("button", { name: "Create topic" }).click();
}

/** The object path a TUS creation names in its Upload-Metadata (`objectName <base64>`). */
async function objectNameOf(request: Request): Promise<string> {
  const metadata = (await request.allHeaders())["upload-metadata"] ?? "";
  const pair = metadata.split(",").find((entry) => entry.startsWith("objectName "));
  return Buffer.from(pair?.split(" ")[1] ?? "", "base64").toString("utf8");
}

/** The topic's one source is the whole file, stored at the path the first attempt named. */
async function expectWholeFile(topicId: string, objectPath: string, file: { name: string; bytes: Buffer }) {
  expect(objectPath).toBe(`${entityId}/${topicId}/${file.name}`);
  const { data, error } = await admin.storage.from("sources").download(objectPath);
  expect(error).toBeNull();
  const stored = Buffer.from(await (data as Blob).arrayBuffer());
  expect(stored.length).toBe(file.bytes.length);
  expect(createHash("sha256").update(stored).digest("hex")).toBe(
    createHash("sha256").update(file.bytes).digest("hex"),
  );
  const { data: sources } = await admin.from("topic_sources").select("file_path").eq("topic_id", topicId);
  expect(sources).toEqual([{ file_path: objectPath }]);
}

async function createdTopicId(): Promise<string> {
  await page.waitForURL(/\/studymap\/topics\/[0-9a-f-]{36}\/structure-review$/, UI);
  return new URL(page.url()).pathname.split("/")[3] as string;
}

/**
 * Opens the form and starts a topic with a new large file, holding its first PATCH: Storage then has
 * exactly the first chunk. Resolves with the file and the creating POST.
 */
async function startHeldUpload(title: string, name: string) {
  const file = await largePdf(name);
  await page.goto("/studymap/topics/new");
  const sentBefore = tus.length;
  const { held } = await holdNextPatch();
  await startTopic(title, file.path);
  const patch = (await held).request();
  expect((await patch.allHeaders())["upload-offset"]).toBe(String(RESUMABLE_CHUNK_BYTES));
  const creation = tus[sentBefore] as Request;
  expect(creation.method()).toBe("POST");
  return { file, creation, objectPath: await objectNameOf(creation) };
}

async function cancelUpload(): Promise<void> {
  await page.getByRole("button", { name: "Cancel upload" }).click();
  await page.getByText("The upload was cancelled. Submit again to continue where it stopped.").waitFor(UI);
  await stopRouting();
}

/** The attempt sent no new upload, only the bytes after the first chunk. */
async function expectResumedAfterFirstChunk(sent: Request[]): Promise<void> {
  expect(sent.map((request) => request.method())).toEqual(["PATCH", "PATCH"]);
  expect((await sent[0]?.allHeaders())?.["upload-offset"]).toBe(String(RESUMABLE_CHUNK_BYTES));
}

const RESUMED = "Continuing an earlier upload of this file.";
const RESTARTED = "The earlier upload of this file had expired; sending it again from the start.";

/**
 * Sends the form again (picking `file` again after a reload), holding the upload's first PATCH while
 * the screen shows `notice`: the moment `shot` is taken of, with axe's check. Resolves with the TUS
 * requests this attempt sent.
 */
async function resubmitHeld(options: { title: string; file?: string; notice: string; shot: string }) {
  const sentBefore = tus.length;
  const { held } = await holdNextPatch();
  if (options.file) await startTopic(options.title, options.file);
  else await page.getByRole("button", { name: "Create topic" }).click();
  const route = await held;
  await page.getByText(options.notice).waitFor(UI);
  await screenshot(page, options.shot);
  expect(await seriousViolations(page)).toEqual([]);
  await route.continue();
  await stopRouting();
  const topicId = await createdTopicId();
  return { topicId, sent: tus.slice(sentBefore) };
}

describe("resumable source uploads", () => {
  it("cancels an upload mid-file and resumes it from the bytes Storage has", async () => {
    const { file, objectPath } = await startHeldUpload("Cells", "cells.pdf");
    await expectValueNow(
      page.getByRole("progressbar", { name: "Upload of cells.pdf" }),
      Math.round((RESUMABLE_CHUNK_BYTES / file.bytes.length) * 100),
    );
    await cancelUpload();

    const { topicId, sent } = await resubmitHeld({
      title: "Cells",
      notice: RESUMED,
      shot: "new-topic-upload-resumed-after-cancel",
    });
    await expectResumedAfterFirstChunk(sent);
    await expectWholeFile(topicId, objectPath, file);
  });

  it("resumes an upload cut off by a reload when the same file is picked again", async () => {
    const { file, objectPath } = await startHeldUpload("Tissues", "tissues.pdf");
    // The reload drops the held PATCH with the page, before routing stops could let it through.
    await page.reload();
    await stopRouting();
    await page.getByLabel("Title").waitFor(UI);

    const { topicId, sent } = await resubmitHeld({
      title: "Tissues",
      file: file.path,
      notice: RESUMED,
      shot: "new-topic-upload-resumed-after-reload",
    });
    await expectResumedAfterFirstChunk(sent);
    await expectWholeFile(topicId, objectPath, file);
    expect(consoleErrors).toEqual([]);
  });

  it("starts over cleanly when Storage no longer has the earlier upload", async () => {
    const { file, creation, objectPath } = await startHeldUpload("Organs", "organs.pdf");
    await cancelUpload();
    // What Storage's expiry of an unfinished upload does: the local stack's TUS store forgets it.
    const location = (await creation.response())?.headers().location ?? "";
    const uploadId = new URL(location, stack.supabaseUrl).pathname.split("/").pop() as string;
    const store = path.join(stack.stateDir, "storage", ".resumable");
    expect(existsSync(path.join(store, uploadId))).toBe(true);
    rmSync(path.join(store, uploadId));
    rmSync(path.join(store, `${uploadId}.json`));

    const { topicId, sent } = await resubmitHeld({
      title: "Organs",
      notice: RESTARTED,
      shot: "new-topic-upload-restarted",
    });
    expect(sent.map((request) => request.method())).toEqual(["POST", "PATCH", "PATCH"]);
    expect(await objectNameOf(sent[0] as Request)).toBe(objectPath);
    await expectWholeFile(topicId, objectPath, file);
  });
});

async function expectValueNow(locator: ReturnType<Page["getByRole"]>, value: number): Promise<void> {
  await expect
    .poll(() => locator.getAttribute("aria-valuenow"), { timeout: UI.timeout, interval: 250 })
    .toBe(String(value));
}
