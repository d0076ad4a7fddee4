import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type { SupabaseClient } from "@supabase/supabase-js";
import { PDFDocument, StandardFonts } from "pdf-lib";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import PptxGenJS from "pptxgenjs";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ensureCommand } from "../scripts/system-deps.ts";
import type { Citation } from "../src/domain/citation.ts";
import { outlineRpcSchema } from "../src/domain/outline.ts";
import { type Structure, structureSchema } from "../src/domain/structure.ts";
import { citationHost, citationLabel } from "../src/lib/citation-display.ts";
import { seriousViolations } from "./support/accessibility.ts";
import { launchChromium, openPage, screenshot, signedInContext, signUpByCode } from "./support/browser.ts";

/**
 * The new source kinds end to end in Chromium against the real local stack: a PowerPoint deck, a web
 * page served from this machine, a scanned one-page PDF and a photo of a page are each added through
 * the new-topic form; the structure task reads them; the review screen cites their real lines (slide
 * titles as sections, the page's host and address, the recognised text with the OCR notice); an
 * accepted structure becomes a course.
 */

const ROOT = path.resolve(import.meta.dirname, "..");
/** Reading a scan, generating a structure or a course: seconds each, more on a busy machine. */
const GENERATION_TIMEOUT_MS = 180_000;
const UI = { timeout: 30_000, interval: 250 };
const SLOW_TEST = { timeout: 420_000 };

const SLIDES = [
  {
    title: "Layers of the Earth",
    bullets: [
      "The crust is the thin outer layer of rock that we live on.",
      "The mantle lies below the crust and flows very slowly.",
    ],
    notes: [
      "Ask the class which layer is the thickest.",
      "The mantle makes up most of the volume of the Earth.",
    ],
  },
  {
    title: "Moving plates",
    bullets: [
      "The crust is broken into large pieces called tectonic plates.",
      "The plates move a few centimetres every year.",
    ],
    notes: ["Heat from deep inside the mantle drives the movement of the plates."],
  },
  {
    title: "Earthquakes and volcanoes",
    bullets: [
      "Earthquakes happen where two plates grind past each other.",
      "Volcanoes form where plates pull apart or one plate sinks below another.",
    ],
    notes: ["Show the map of the ring of fire around the Pacific Ocean."],
  },
];
/** Each slide's lines as ingestion reads them: the title, the bullets top to bottom, then the notes. */
const SLIDE_LINES = SLIDES.map((slide) => [slide.title, ...slide.bullets, ...slide.notes]);

const PHOTO_LINES = [
  "Glaciers",
  "A glacier is a large mass of ice that moves slowly over land.",
  "Glaciers form where more snow falls in winter than melts in summer.",
  "The weight of the snow presses the lower layers into solid ice.",
  "Moving ice carves deep valleys with steep sides.",
  "Many glaciers are shrinking as the climate grows warmer.",
];

const SCAN_LINES = [
  "Volcanoes",
  "A volcano is an opening in the crust of the Earth.",
  "Hot molten rock called magma rises from deep below the surface.",
  "When magma reaches the surface it is called lava.",
  "Ash and gas escape from the volcano during an eruption.",
  "Layers of cooled lava and ash slowly build up a cone.",
  "Some volcanoes have not erupted for thousands of years.",
];

let browser: Browser;
let context: BrowserContext;
let page: Page;
let consoleErrors: string[];
let learner: SupabaseClient;
let server: Server;
let scratch: string;
/** The topic the running test works on, reported when it fails. */
let currentTopicId: string | null = null;

beforeAll(async () => {
  ensureCommand("pdftoppm", "poppler-utils");
  scratch = mkdtempSync(path.join(tmpdir(), "studymap-sources-"));
  const signedUp = await signUpByCode("sources");
  learner = signedUp.client;
  const entity = await learner.rpc("create_entity", { p_name: "Sources School" });
  expect(entity.error).toBeNull();
  server = await serveWebPage(
    readFileSync(path.join(ROOT, "trigger/generation/fixtures/web/water-cycle.html")),
  );
  browser = await launchChromium();
  context = await signedInContext(browser, signedUp.session);
  ({ page, consoleErrors } = await openPage(context));
});

afterEach(async ({ task }) => {
  if (task.result?.state !== "fail" || !page) return;
  await screenshot(page, `sources-failed-${task.name.slice(0, 40).replace(/\W+/g, "-")}`);
  if (!currentTopicId) return;
  const { data: topic } = await learner
    .from("topics")
    .select("processing_status, processing_progress, processing_error")
    .eq("id", currentTopicId)
    .single();
  const { data: sources } = await learner
    .from("topic_sources")
    .select("kind, status, error, ocr_pages, ocr_low_confidence_pages")
    .eq("topic_id", currentTopicId);
  console.error("Topic at failure:", topic, "sources:", sources, "console errors:", consoleErrors);
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

/** A saved web page served from this machine, as a site would serve it. */
async function serveWebPage(html: Buffer): Promise<Server> {
  const web = createServer((request, response) => {
    if (request.url !== "/water-cycle.html") {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(html);
  });
  await new Promise<void>((resolve) => web.listen(0, "127.0.0.1", resolve));
  return web;
}

function webPageUrl(): string {
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/water-cycle.html`;
}

/** A lecture deck as pptxgenjs writes it: per slide a title, bullets in the body and speaker notes. */
async function lectureDeck(): Promise<Buffer> {
  const deck = new PptxGenJS();
  deck.defineSlideMaster({
    title: "Lecture",
    objects: [
      { placeholder: { options: { name: "title", type: "title", x: 0.5, y: 0.3, w: 9, h: 1 }, text: "" } },
      { placeholder: { options: { name: "body", type: "body", x: 0.5, y: 1.5, w: 9, h: 3 }, text: "" } },
    ],
  });
  for (const { title, bullets, notes } of SLIDES) {
    const slide = deck.addSlide({ masterName: "Lecture" });
    slide.addText(title, { placeholder: "title" });
    slide.addText(
      bullets.map((text, index) => ({
        text,
        options: { bullet: true, breakLine: index < bullets.length - 1 },
      })),
      { placeholder: "body" },
    );
    slide.addNotes(notes.join("\n"));
  }
  return Buffer.from((await deck.write({ outputType: "uint8array" })) as Uint8Array);
}

/**
 * A photo of a page of text: the lines typeset with pdf-lib (a larger first line, the title) and
 * rendered to a grey PNG with pdftoppm at 200 dpi, as a phone or scanner would capture it.
 */
async function photoOfText(lines: readonly string[]): Promise<Buffer> {
  const typeset = await PDFDocument.create();
  const font = await typeset.embedFont(StandardFonts.Helvetica);
  const sheet = typeset.addPage([595, 842]);
  for (const [index, line] of lines.entries())
    sheet.drawText(line, { x: 60, y: 760 - index * 30, size: index === 0 ? 20 : 14, font });
  const typesetPath = path.join(scratch, "typeset.pdf");
  writeFileSync(typesetPath, await typeset.save());
  const photoPrefix = path.join(scratch, "photo");
  execFileSync("pdftoppm", ["-png", "-r", "200", "-gray", "-singlefile", typesetPath, photoPrefix]);
  return readFileSync(`${photoPrefix}.png`);
}

/** A one-page PDF as a scanner makes it: the page is only a picture of its text, no text layer. */
async function scannedPdf(lines: readonly string[]): Promise<Buffer> {
  const scan = await PDFDocument.create();
  const picture = await scan.embedPng(await photoOfText(lines));
  scan.addPage([595, 842]).drawImage(picture, { x: 0, y: 0, width: 595, height: 842 });
  return Buffer.from(await scan.save());
}

interface NewTopic {
  title: string;
  file?: { name: string; mimeType: string; buffer: Buffer };
  webPage?: string;
}

/** Adds a topic through the new-topic form; resolves with its id once its review screen opens. */
async function createTopicInForm(topic: NewTopic): Promise<string> {
  await page.goto("/studymap/topics/new");
  await page.getByLabel("Title").fill(topic.title);
  if (topic.file) await page.getByLabel("Source files").setInputFiles(topic.file);
  if (topic.webPage) await page.getByLabel("Web pages").fill(topic.webPage);
  await page.getByRole("button", { name: "Create topic" }).click();
  await page.waitForURL(/\/studymap\/topics\/[0-9a-f-]{36}\/structure-review$/, UI);
  currentTopicId = new URL(page.url()).pathname.split("/")[3] as string;
  return currentTopicId;
}

/** Waits for the structure on the review screen (opening it started the task); a failure fails fast. */
async function waitForStructure(): Promise<void> {
  const accept = page.getByRole("button", { name: "Accept Structure", disabled: false });
  const failed = page.getByRole("heading", { name: "Structure generation failed" });
  await accept.or(failed).first().waitFor({ timeout: GENERATION_TIMEOUT_MS });
  if (await failed.isVisible())
    throw new Error(`Generation failed: ${await page.getByRole("alert").textContent()}`);
}

async function readStructure(topicId: string): Promise<Structure> {
  const { data, error } = await learner.from("topics").select("structure").eq("id", topicId).single();
  expect(error).toBeNull();
  return structureSchema.parse((data as { structure: unknown }).structure);
}

function citationsOf(structure: Structure): Citation[] {
  return structure.sections.flatMap((section) => section.subtopics).flatMap((subtopic) => subtopic.citations);
}

/** Opens the dialog of the first chip for this citation. */
async function openCitation(citation: Citation): Promise<Locator> {
  await page
    .getByRole("button", { name: citationLabel(citation), exact: true })
    .first()
    .click();
  const dialog = page.getByRole("dialog", { name: "Source Citation" });
  await dialog.waitFor(UI);
  return dialog;
}

/** The dialog's numbered lines: each line's number (line_start + 1 onwards) then its text. */
function numbered(lines: readonly string[], lineStart: number): string[] {
  return lines.map((line, index) => `${lineStart + 1 + index}${line}`);
}

/**
 * Screenshots at a desktop and a phone width, each checked by axe; the page returns to desktop width.
 * A dialog is shot as the viewport shows it: a full-page shot runs past its fixed backdrop.
 */
async function shootBothWidths(name: string, options: { dialog?: boolean } = {}): Promise<void> {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 1280 ? 900 : 844 });
    const file = `sources-${name}-${width}`;
    // A dialog is shot as the screen shows it: a full-page capture would show the page behind it.
    await screenshot(page, file, { fullPage: !options.dialog });
    expect(await seriousViolations(page)).toEqual([]);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** The review screen's list of the topic's sources. */
function sourcesList(): Locator {
  return page.getByRole("list", { name: "Sources" });
}

function toast(text: string): Locator {
  return page.locator("[data-sonner-toast]").filter({ hasText: text });
}

/** Accepts the structure on the review screen, then generates the course and waits for its chapters. */
async function acceptAndGenerateCourse(topicId: string): Promise<void> {
  await page.getByRole("button", { name: "Accept Structure" }).click();
  await expect.poll(() => toast("Structure accepted").count(), UI).toBe(1);
  await page.waitForURL(new RegExp(`/studymap/topics/${topicId}/overview`), UI);

  await page.goto(`/studymap/topics/${topicId}/microlearning/`);
  await page.getByRole("button", { name: "Genereer leerpad" }).click();
  await expect.poll(() => toast("Generatie gestart").count(), UI).toBe(1);
  const readOutline = async () => {
    const { data, error } = await learner.rpc("get_microlearning_outline", { p_topic_id: topicId });
    expect(error).toBeNull();
    return outlineRpcSchema.parse(data);
  };
  await expect
    .poll(async () => (await readOutline()).chapters.length, {
      timeout: GENERATION_TIMEOUT_MS,
      interval: 1000,
    })
    .toBeGreaterThan(0);
  const { chapters } = await readOutline();
  const first = chapters[0];
  if (!first) throw new Error("no chapter");
  // The overview shows the new chapters without a reload, six phases each.
  const heading = page.getByRole("heading", { name: `Onderdeel ${first.position} — ${first.title}` });
  await expect.poll(() => heading.count(), { timeout: GENERATION_TIMEOUT_MS, interval: 1000 }).toBe(1);
  const phases = page
    .getByRole("region", { name: `Onderdeel ${first.position} — ${first.title}` })
    .getByRole("link");
  expect(await phases.count()).toBe(6);
}

describe("sources beyond documents, end to end", () => {
  it(
    "reads a PowerPoint deck: slide titles become the structure, a chip shows the slide's own lines",
    SLOW_TEST,
    async () => {
      const topicId = await createTopicInForm({
        title: "Plate tectonics",
        file: {
          name: "plates.pptx",
          mimeType: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
          buffer: await lectureDeck(),
        },
      });
      await waitForStructure();

      const structure = await readStructure(topicId);
      const titles = structure.sections.flatMap((section) => [
        section.title,
        ...section.subtopics.map((subtopic) => subtopic.title),
      ]);
      for (const { title } of SLIDES) {
        expect(titles).toContain(title);
        expect(await page.getByRole("heading", { name: title, exact: true }).count()).toBeGreaterThan(0);
      }
      // A deck is read as text: no OCR notice.
      await sourcesList().getByText("plates.pptx", { exact: true }).waitFor(UI);
      expect(await page.getByText(/recognised from images/).count()).toBe(0);
      await shootBothWidths("01-pptx-structure");

      const citation = citationsOf(structure).find((cited) => cited.page_number !== null);
      if (!citation?.page_number) throw new Error("no citation of a slide");
      const slideLines = SLIDE_LINES[citation.page_number - 1] as string[];
      const expected = slideLines.slice(citation.line_start, citation.line_end + 1);
      expect(expected.length).toBeGreaterThan(0);
      expect(citation.exactLines).toEqual(expected);

      const dialog = await openCitation(citation);
      expect(await dialog.getByText("plates.pptx", { exact: true }).count()).toBe(1);
      expect(await dialog.getByText(`Page ${citation.page_number}`, { exact: true }).count()).toBe(1);
      expect(await dialog.getByRole("listitem").allTextContents()).toEqual(
        numbered(expected, citation.line_start),
      );
      expect(await dialog.getByRole("link", { name: "Open file" }).count()).toBe(1);
      await shootBothWidths("02-pptx-citation", { dialog: true });
      await dialog.getByRole("button", { name: "Close" }).click();

      await acceptAndGenerateCourse(topicId);
      await shootBothWidths("03-pptx-course");
      expect(consoleErrors).toEqual([]);
    },
  );

  it(
    "reads a web page by its address: the chip names the host, View Source opens the page",
    SLOW_TEST,
    async () => {
      const url = webPageUrl();
      const topicId = await createTopicInForm({ title: "The water cycle", webPage: url });
      await waitForStructure();

      const structure = await readStructure(topicId);
      const citation = citationsOf(structure)[0];
      if (!citation) throw new Error("no citation");
      expect(citation.source_url).toBe(url);
      expect(citation.file_path).toBeNull();
      // The SPEC's "site host without www": for an address by number, the number itself.
      expect(citationHost(citation)).toBe("127.0.0.1");
      expect(citationLabel(citation)).toBe("127.0.0.1");
      const listed = sourcesList().getByRole("link", { name: url, exact: true });
      await listed.waitFor(UI);
      expect(await listed.getAttribute("href")).toBe(url);
      await shootBothWidths("04-web-structure");

      const dialog = await openCitation(citation);
      expect(await dialog.getByText("127.0.0.1", { exact: true }).count()).toBe(1);
      const viewSource = dialog.getByRole("link", { name: "View Source" });
      expect(await viewSource.getAttribute("href")).toBe(url);
      expect(await viewSource.getAttribute("target")).toBe("_blank");
      const pageHtml = readFileSync(
        path.join(ROOT, "trigger/generation/fixtures/web/water-cycle.html"),
        "utf8",
      );
      const shown = await dialog.getByRole("listitem").allTextContents();
      expect(shown.length).toBe(citation.line_end - citation.line_start + 1);
      // Each cited line is the page's own words (its HTML wraps them differently).
      const words = (text: string) => text.replace(/\s+/g, " ").trim();
      for (const line of citation.exactLines) expect(words(pageHtml)).toContain(words(line));
      await shootBothWidths("05-web-citation", { dialog: true });
      await dialog.getByRole("button", { name: "Close" }).click();
      expect(consoleErrors).toEqual([]);
    },
  );

  it(
    "recognises a scanned page: the OCR notice shows, and cited lines are the rendered text",
    SLOW_TEST,
    async () => {
      const topicId = await createTopicInForm({
        title: "Volcanoes",
        file: { name: "scan.pdf", mimeType: "application/pdf", buffer: await scannedPdf(SCAN_LINES) },
      });
      await waitForStructure();

      const { data: source } = await learner
        .from("topic_sources")
        .select("ocr_pages, ocr_low_confidence_pages")
        .eq("topic_id", topicId)
        .single();
      expect(source).toEqual({ ocr_pages: [1], ocr_low_confidence_pages: [] });
      const sources = sourcesList();
      await sources.getByText("Text recognised from images (OCR): p. 1", { exact: true }).waitFor(UI);
      expect(await sources.getByText(/hard to read/).count()).toBe(0);
      await shootBothWidths("06-scan-structure");

      const structure = await readStructure(topicId);
      const citation = citationsOf(structure)[0];
      if (!citation) throw new Error("no citation");
      expect(citation.page_number).toBe(1);
      const expected = SCAN_LINES.slice(citation.line_start, citation.line_end + 1);
      expect(citation.exactLines).toEqual(expected);

      const dialog = await openCitation(citation);
      expect(await dialog.getByText("Text recognised from images (OCR)", { exact: true }).count()).toBe(1);
      expect(await dialog.getByText("Page 1", { exact: true }).count()).toBe(1);
      expect(await dialog.getByRole("listitem").allTextContents()).toEqual(
        numbered(expected, citation.line_start),
      );
      await shootBothWidths("07-scan-citation", { dialog: true });
      await dialog.getByRole("button", { name: "Close" }).click();
      expect(consoleErrors).toEqual([]);
    },
  );

  it(
    "recognises a photo of a page: an unpaged source whose citations carry the OCR notice",
    SLOW_TEST,
    async () => {
      const topicId = await createTopicInForm({
        title: "Glaciers",
        file: { name: "board.png", mimeType: "image/png", buffer: await photoOfText(PHOTO_LINES) },
      });
      await waitForStructure();

      const { data: source } = await learner
        .from("topic_sources")
        .select("kind, ocr_pages")
        .eq("topic_id", topicId)
        .single();
      expect(source).toEqual({ kind: "image", ocr_pages: [1] });
      // A photo has no pages to name.
      await sourcesList().getByText("Text recognised from images (OCR)", { exact: true }).waitFor(UI);

      const structure = await readStructure(topicId);
      const citation = citationsOf(structure)[0];
      if (!citation) throw new Error("no citation");
      expect(citation.page_number).toBeNull();
      expect(citationLabel(citation)).toBe("board.png");
      const expected = PHOTO_LINES.slice(citation.line_start, citation.line_end + 1);
      expect(citation.exactLines).toEqual(expected);

      const dialog = await openCitation(citation);
      expect(await dialog.getByText("Text recognised from images (OCR)", { exact: true }).count()).toBe(1);
      expect(await dialog.getByText(/^Page/).count()).toBe(0);
      expect(await dialog.getByRole("listitem").allTextContents()).toEqual(
        numbered(expected, citation.line_start),
      );
      await shootBothWidths("08-photo-citation", { dialog: true });
      await dialog.getByRole("button", { name: "Close" }).click();
      expect(consoleErrors).toEqual([]);
    },
  );
});
