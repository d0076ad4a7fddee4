import { execFile } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { createWorker, type Line, OEM, type Worker } from "tesseract.js";
import { normalizeLine } from "./lines.ts";
import { lineText, type OcrHeading, type OcrLine, ocrHeadings, paragraphStarts } from "./ocr-layout.ts";
import { reportReadStep } from "./read-progress.ts";

/**
 * Optical character recognition for pages that hold only an image of their text: scanned PDF pages and
 * photos of pages. tesseract.js (Tesseract compiled to WebAssembly) reads Dutch and English at once
 * (`nld+eng`); its language data comes from the `@tesseract.js-data/*` npm packages and is read from
 * disk, so nothing is ever downloaded at run time. Scanned PDF pages are rendered to PNG with poppler's
 * `pdftoppm` (Debian's poppler-utils; the tests install it and production gets it from the Trigger.dev
 * build's aptGet extension).
 */

/** The languages a page is read in: Studymap's sources are Dutch or English. */
const LANGUAGES = ["nld", "eng"] as const;
/** Resolution scans are rendered at: Tesseract reads body text best at about 300 dpi; 200 is faster. */
const RENDER_DPI = 200;
/** A page whose words Tesseract is on average less sure of (0–100) is reported as hard to read. */
export const LOW_CONFIDENCE = 60;
/** Scanned pages one source may have recognised; each takes seconds, and a run has 15 minutes. */
export const MAX_RECOGNISED_PAGES = 100;
const RENDER_TIMEOUT_MS = 60_000;

const run = promisify(execFile);

/**
 * The text of one image: its lines, which of them open a paragraph, which are headings (set in larger
 * type), and how sure Tesseract was.
 */
export interface RecognisedPage {
  lines: string[];
  paragraphs: Set<number>;
  headings: Map<number, OcrHeading>;
  /** Mean word confidence, 0–100. */
  confidence: number;
}

/** Why recognition could not run at all (not a page without text: that is an empty result). */
export class OcrError extends Error {
  override readonly name = "OcrError";
}

/** Reads each image (PNG or JPEG bytes) with one Tesseract worker, in order. */
export async function recogniseImages(images: readonly Uint8Array[]): Promise<RecognisedPage[]> {
  if (images.length === 0) return [];
  if (!images.every(isPngOrJpeg)) throw new OcrError("it is damaged or not a PNG or JPEG image");
  const { worker, cleanUp } = await startWorker();
  try {
    const read: ReadPage[] = [];
    for (const image of images) {
      read.push(await recognise(worker, image));
      reportReadStep("recognising", read.length, images.length);
    }
    // Heading sizes are ranked over all pages, so a size is the same level on every page.
    const headings = ocrHeadings(read.map((page) => page.boxes));
    return read.map(({ boxes, tesseractStarts, confidence }, index) => ({
      lines: boxes.map((line) => normalizeLine(lineText(line.words))),
      paragraphs: paragraphStarts(boxes, tesseractStarts),
      headings: headings[index] ?? new Map(),
      confidence,
    }));
  } finally {
    await worker.terminate();
    await cleanUp();
  }
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_SIGNATURE = [0xff, 0xd8, 0xff];

function isPngOrJpeg(image: Uint8Array): boolean {
  const startsWith = (signature: number[]) => signature.every((byte, index) => image[index] === byte);
  return startsWith(PNG_SIGNATURE) || startsWith(JPEG_SIGNATURE);
}

/** A page as Tesseract read it: its lines' boxes, the lines that open its paragraphs, its confidence. */
interface ReadPage {
  boxes: OcrLine[];
  tesseractStarts: Set<number>;
  confidence: number;
}

async function recognise(worker: Worker, image: Uint8Array): Promise<ReadPage> {
  const { data } = await worker.recognize(Buffer.from(image), {}, { blocks: true, text: false });
  const page: ReadPage = { boxes: [], tesseractStarts: new Set(), confidence: data.confidence };
  for (const paragraph of (data.blocks ?? []).flatMap((block) => block.paragraphs)) {
    const lines = paragraph.lines.map(ocrLine).filter((line) => normalizeLine(lineText(line.words)) !== "");
    if (lines.length === 0) continue;
    page.tesseractStarts.add(page.boxes.length);
    page.boxes.push(...lines);
  }
  return page;
}

function ocrLine(line: Line): OcrLine {
  return {
    words: line.words.map((word) => ({ text: word.text, left: word.bbox.x0, right: word.bbox.x1 })),
    top: line.bbox.y0,
    bottom: line.bbox.y1,
    xHeight: line.rowAttributes.rowHeight - line.rowAttributes.ascenders - line.rowAttributes.descenders,
  };
}

/**
 * A worker reading `nld+eng` from the npm packages' data. tesseract.js takes one folder for all
 * languages, so the packages' files are linked into a temporary one; its cache is off (`none`), so it
 * neither writes the data elsewhere nor looks for a cached copy.
 */
async function startWorker(): Promise<{ worker: Worker; cleanUp: () => Promise<void> }> {
  const folder = await mkdtemp(path.join(tmpdir(), "studymap-ocr-"));
  const cleanUp = () => rm(folder, { recursive: true, force: true });
  try {
    const langPath = path.join(folder, "lang");
    await mkdir(langPath);
    for (const language of LANGUAGES) {
      const file = `${language}.traineddata.gz`;
      await symlink(path.join(languageDataDir(language), file), path.join(langPath, file));
    }
    const worker = await createWorker([...LANGUAGES], OEM.LSTM_ONLY, {
      langPath,
      cachePath: folder,
      cacheMethod: "none",
      gzip: true,
      // Without a handler a failed job is also thrown in the worker's event handler, uncaught; with one
      // it only rejects the job's promise, which the caller handles.
      errorHandler: () => {},
    });
    return { worker, cleanUp };
  } catch (error) {
    await cleanUp();
    throw new OcrError(`text recognition could not start (${String(error)})`);
  }
}

const require = createRequire(import.meta.url);

/** The folder of a language's LSTM model (`4.0.0_best_int`, the one `OEM.LSTM_ONLY` reads). */
function languageDataDir(language: string): string {
  return path.join(
    path.dirname(require.resolve(`@tesseract.js-data/${language}/package.json`)),
    "4.0.0_best_int",
  );
}

/** Renders PDF pages (1-based numbers) to PNG with pdftoppm, one call per page. */
export async function renderPdfPages(pdf: Uint8Array, pageNumbers: readonly number[]): Promise<Uint8Array[]> {
  if (pageNumbers.length === 0) return [];
  const folder = await mkdtemp(path.join(tmpdir(), "studymap-render-"));
  try {
    const input = path.join(folder, "source.pdf");
    await writeFile(input, pdf);
    const images: Uint8Array[] = [];
    for (const page of pageNumbers) {
      const output = path.join(folder, `page-${page}`);
      const args = ["-png", "-r", String(RENDER_DPI), "-gray", "-f", String(page), "-l", String(page)];
      await run("pdftoppm", [...args, "-singlefile", input, output], { timeout: RENDER_TIMEOUT_MS }).catch(
        (error: NodeJS.ErrnoException) => {
          throw new OcrError(
            error.code === "ENOENT"
              ? "its pages are images, and rendering them needs pdftoppm (Debian's poppler-utils)"
              : `page ${page} could not be rendered for text recognition`,
          );
        },
      );
      images.push(new Uint8Array(await readFile(`${output}.png`)));
      reportReadStep("rendering", images.length, pageNumbers.length);
    }
    return images;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
