import { describe, expect, it } from "vitest";
import { SOURCE_LIMITS, type SourceLimits } from "../../../src/domain/source-limits.ts";
import { bigMarkdown, manyPagesPdf, nulText, zipBombDocx } from "../fixtures/hostile-files.ts";
import { dutchDocx } from "../fixtures/sources.ts";
import { ingestSource, type SourceInput, SourceReadError } from "./index.ts";
import { chargeReadBudget, SourceLimitError, withReadBudget } from "./limits.ts";
import { ingestWithinLimits } from "./within-limits.ts";
import { zipDeclaration } from "./zip-guard.ts";

/**
 * The limits that show in the file itself, checked in-process (isolate.test.ts runs the same reading in
 * a child process, where time and memory are held too). Each hostile file is built here, in memory.
 */

const MB = 1024 * 1024;

function source(file_name: string, kind: SourceInput["kind"], content: Uint8Array | string): SourceInput {
  return { id: "source", kind, file_name, file_path: null, content };
}

async function failure(input: SourceInput, limits: SourceLimits = SOURCE_LIMITS) {
  const started = Date.now();
  const error = await ingestWithinLimits(input, undefined, limits).then(
    () => null,
    (caught: unknown) => caught,
  );
  return { error, ms: Date.now() - started };
}

describe("ingestWithinLimits", () => {
  it.each([
    [
      "a 5,000-page PDF, by its page count before any page is read",
      () => source("pages.pdf", "pdf", manyPagesPdf(5_000)),
      '"pages.pdf" is too large to read: more than 2,000 pages',
    ],
    [
      "a Word zip bomb (document.xml declares 1 GB), before anything is inflated",
      () => source("bomb.docx", "docx", zipBombDocx(1_024)),
      '"bomb.docx" is too large to read: its parts unpack to more than 256 MB',
    ],
    [
      "20 MB of Markdown, by its size",
      () => source("notes.md", "markdown", bigMarkdown(20)),
      '"notes.md" is too large to read: more than 8 MB',
    ],
  ])("refuses %s", async (_, make, message) => {
    const { error, ms } = await failure(make());
    expect(error).toBeInstanceOf(SourceLimitError);
    expect(error).toBeInstanceOf(SourceReadError);
    expect((error as Error).message).toBe(message);
    // Refused from what the file declares: no page, part or line is read (seconds on a busy machine).
    expect(ms).toBeLessThan(10_000);
  });

  it("reads the same hostile PDF built small: the fixture is a real PDF, refused only for its size", async () => {
    const { chunks } = await ingestWithinLimits(source("pages.pdf", "pdf", manyPagesPdf(3)));
    expect(chunks.map((chunk) => chunk.page_number)).toEqual([1, 2, 3]);
    expect(chunks[0]?.content).toBe("The same short line on every page.");
  });

  it("refuses text with NUL bytes as a binary file", async () => {
    const { error } = await failure(source("notes.txt", "text", nulText()));
    expect((error as Error).message).toBe(
      '"notes.txt" could not be read as plain text: it looks like a binary file, not text',
    );
  });

  it("refuses a source whose text is over the characters limit", async () => {
    const limits = { ...SOURCE_LIMITS, characters: 100_000 };
    const { error } = await failure(source("notes.md", "markdown", bigMarkdown(1)), limits);
    expect((error as Error).message).toBe(
      '"notes.md" is too large to read: more than 100,000 characters of text',
    );
  });

  it("reads a source within the limits as ingestSource does", async () => {
    const fixture = await dutchDocx();
    expect(await ingestWithinLimits(fixture.input)).toEqual(await ingestSource(fixture.input));
    const markdown = source("notes.md", "markdown", bigMarkdown(1));
    expect((await ingestWithinLimits(markdown)).chunks.length).toBeGreaterThan(10);
  });
});

describe("the read budget", () => {
  const pdf = { file_name: "book.pdf", kind: "pdf" as const };
  const limits = { ...SOURCE_LIMITS, characters: 1_000 };

  it("stops a reader at the page that goes over the characters limit", async () => {
    const pagesRead: number[] = [];
    const read = withReadBudget(pdf, limits, async () => {
      for (let page = 1; page <= 10; page++) {
        chargeReadBudget(300);
        pagesRead.push(page);
      }
    });
    await expect(read).rejects.toThrow('"book.pdf" is too large to read: more than 1,000 characters of text');
    expect(pagesRead).toEqual([1, 2, 3]);
  });

  it("reports the limit even when the reader wraps the error in its own", async () => {
    const read = withReadBudget(pdf, limits, async () => {
      try {
        chargeReadBudget(5_000);
      } catch (error) {
        throw new SourceReadError("book.pdf", "pdf", String(error));
      }
    });
    await expect(read).rejects.toBeInstanceOf(SourceLimitError);
  });

  it("charges nothing outside a reading", () => {
    expect(() => chargeReadBudget(10 * SOURCE_LIMITS.characters)).not.toThrow();
  });
});

describe("zipDeclaration", () => {
  it("adds up the sizes the parts declare, inflating none", async () => {
    const declared = zipDeclaration(zipBombDocx(1_024));
    expect(declared?.entries).toBe(3);
    expect(declared?.unzippedBytes).toBeGreaterThan(1_024 * MB);
    const honest = zipDeclaration((await dutchDocx()).input.content as Uint8Array);
    expect(honest?.unzippedBytes).toBeLessThan(MB);
  });

  it("is null for bytes that are no zip", () => {
    expect(zipDeclaration(new TextEncoder().encode("not a zip at all"))).toBeNull();
  });
});
