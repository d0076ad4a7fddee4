/**
 * Ingestion on real documents nobody on the team wrote (bench/corpus/, see its README): each document
 * goes through the product's own ingestion (`ingestSource`) and corpus reader (`buildCorpus`, what
 * generation sees), and is measured against the truth.json made from the document's source:
 *
 * - integrity: share of truth body sentences (>= 6 words) found intact in the ingested body text
 *   (corpus sentences joined by single spaces, so a sentence joined across a column or page counts);
 * - intrusions: corpus sentences that carry a caption, footnote or furniture sentence (>= 4 words) or a
 *   page number glued between two words;
 * - headings: share of truth headings that came out as heading items (a reference list's heading also
 *   when its line came out with role `reference`);
 * - refs: corpus sentences or headings that carry a bibliography entry;
 * - across: corpus sentences read whole over a page break or a chunk edge (cited on each page);
 * - sentences, ingest time (median of 3 after a warm-up) and status.
 *
 *   npm run bench:ingest [-- --only a,b] [--holdout] [--json] [--show <slug>]
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { PDFDocument } from "pdf-lib";
import { buildCorpus, type Corpus, linesOf } from "../trigger/generation/corpus.ts";
import { ingestSource, type SourceKind } from "../trigger/generation/ingest/index.ts";
import {
  bodyText,
  headingRecall,
  intrusions,
  median,
  referencesAsContent,
  sentenceIntegrity,
  type Truth,
} from "./ingest-metrics.ts";

const RUNS = 3;
const CORPUS = new URL("./corpus/", import.meta.url).pathname;

/**
 * The kinds ingestion reads today. The check below fails `tsc` when SourceKind gains a kind this list
 * lacks, so a new reader (PPTX, HTML) shows up here as soon as it exists.
 */
const PRODUCT_KINDS = [
  "pdf",
  "docx",
  "pptx",
  "image",
  "url",
  "markdown",
  "text",
  "pasted",
] as const satisfies readonly SourceKind[];
type Unlisted = Exclude<SourceKind, (typeof PRODUCT_KINDS)[number]>;
const allKindsListed: [Unlisted] extends [never] ? true : false = true;
void allKindsListed;

interface CorpusDocument {
  slug: string;
  file: string;
  truth: Truth;
}

interface Row {
  slug: string;
  kind: string;
  language: string;
  layout: string;
  holdout: boolean;
  status: string;
  integrity?: { found: number; total: number };
  intrusions?: number;
  headings?: { found: number; total: number };
  references?: number;
  sentences?: number;
  /** Sentences that run on over a page break or a chunk edge (one citation per part). */
  across?: number;
  ms?: number;
}

function corpusDocuments(): CorpusDocument[] {
  return readdirSync(CORPUS, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== "tools")
    .flatMap((entry) => {
      const dir = join(CORPUS, entry.name);
      const files = readdirSync(dir);
      const document = files.find((file) => file.startsWith("document."));
      if (!document || !files.includes("truth.json")) return [];
      const truth = JSON.parse(readFileSync(join(dir, "truth.json"), "utf8")) as Truth;
      return [{ slug: entry.name, file: join(dir, document), truth }];
    })
    .sort((a, b) => a.slug.localeCompare(b.slug));
}

/**
 * A saved web page (truth kind `html`) is read as the product reads a `url` source: ingestion takes the
 * page's HTML bytes as the content of a `url` source (the structure task fetches them first, see
 * trigger/generation/ingest/web.ts), so the bench hands it the saved bytes and skips only the fetch.
 */
const SAVED_KINDS: Record<string, SourceKind> = { html: "url" };

function productKind(kind: string): SourceKind | null {
  if (SAVED_KINDS[kind]) return SAVED_KINDS[kind];
  return (PRODUCT_KINDS as readonly string[]).includes(kind) ? (kind as SourceKind) : null;
}

async function pageCount(kind: SourceKind, bytes: Uint8Array): Promise<number> {
  if (kind !== "pdf") return 0;
  const pdf = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false });
  return pdf.getPageCount();
}

async function ingest(document: CorpusDocument, kind: SourceKind, bytes: Uint8Array): Promise<Corpus> {
  const name = document.file.split("/").pop() ?? document.slug;
  const { source, chunks } = await ingestSource({
    id: `bench-${document.slug}`,
    kind,
    file_name: name,
    file_path: `bench/${document.slug}/${name}`,
    content: bytes,
  });
  return buildCorpus([{ id: source.id, kind: source.kind, file_name: source.file_name, chunks }]);
}

/** Sentences generation reads whole over a page break or a chunk edge, each part on its own page. */
function sentencesAcross(corpus: Corpus): string[] {
  return corpus.sentences.flatMap((sentence) =>
    sentence.parts
      ? [sentence.parts.map((part) => `p. ${part.chunk.page_number ?? "-"}: ${part.text}`).join(" | ")]
      : [],
  );
}

function headingTexts(corpus: Corpus): string[] {
  return corpus.items.flatMap((item) => (item.type === "heading" ? [item.heading.text] : []));
}

/** The lines ingestion marked with the role `reference` (a bibliography's heading and entries). */
function referenceLines(corpus: Corpus): string[] {
  return [...corpus.chunks.values()].flatMap((chunk) =>
    [...chunk.lineRoles]
      .filter(([, role]) => role === "reference")
      .flatMap(([line]) => linesOf(chunk, line, line)),
  );
}

async function measure(document: CorpusDocument): Promise<{ row: Row; corpus?: Corpus; pages: number }> {
  const { truth } = document;
  const row: Row = {
    slug: document.slug,
    kind: truth.kind,
    language: truth.language,
    layout: truth.layout,
    holdout: truth.holdout === true,
    status: "ok",
  };
  const kind = productKind(truth.kind);
  if (!kind) return { row: { ...row, status: "kind not supported yet" }, pages: 0 };
  const bytes = new Uint8Array(readFileSync(document.file));
  let corpus: Corpus;
  const times: number[] = [];
  try {
    corpus = await ingest(document, kind, bytes); // warm-up: module loading and JIT are not timed
    for (let run = 0; run < RUNS; run++) {
      const started = performance.now();
      corpus = await ingest(document, kind, bytes);
      times.push(performance.now() - started);
    }
  } catch (error) {
    return { row: { ...row, status: error instanceof Error ? error.message : String(error) }, pages: 0 };
  }
  const pages = await pageCount(kind, bytes);
  const sentences = corpus.sentences.map((sentence) => sentence.text);
  const headings = headingTexts(corpus);
  const integrity = sentenceIntegrity(truth.sentences, bodyText(sentences));
  const recall = headingRecall(truth.headings, headings, referenceLines(corpus));
  return {
    corpus,
    pages,
    row: {
      ...row,
      integrity: { found: integrity.found, total: integrity.total },
      intrusions: intrusions(sentences, truth, pages).length,
      headings: { found: recall.found, total: recall.total },
      references: referencesAsContent([...sentences, ...headings], truth).length,
      sentences: sentences.length,
      across: sentencesAcross(corpus).length,
      ms: median(times),
    },
  };
}

// Rounded down: a share is printed as reaching a bar (98 %) only when it does (222/227 is 97 %, not 98 %).
const share = (part: { found: number; total: number } | undefined) =>
  part === undefined ? "" : part.total === 0 ? "n/a" : `${Math.floor((100 * part.found) / part.total)}%`;
const ratio = (part: { found: number; total: number } | undefined) =>
  part === undefined ? "" : `${share(part)} (${part.found}/${part.total})`;

const COLUMNS: Array<{ title: string; width: number; cell: (row: Row) => string }> = [
  { title: "document", width: 38, cell: (row) => `${row.slug}${row.holdout ? " *" : ""}` },
  { title: "kind", width: 11, cell: (row) => `${row.kind} ${row.language}` },
  { title: "layout", width: 13, cell: (row) => row.layout },
  { title: "integrity", width: 15, cell: (row) => ratio(row.integrity) },
  { title: "intrusions", width: 10, cell: (row) => (row.intrusions ?? "").toString() },
  { title: "headings", width: 14, cell: (row) => ratio(row.headings) },
  { title: "refs", width: 5, cell: (row) => (row.references ?? "").toString() },
  { title: "sentences", width: 9, cell: (row) => (row.sentences ?? "").toString() },
  { title: "across", width: 6, cell: (row) => (row.across ?? "").toString() },
  { title: "ingest", width: 9, cell: (row) => (row.ms === undefined ? "" : `${row.ms.toFixed(0)} ms`) },
  { title: "status", width: 0, cell: (row) => row.status },
];

function line(cells: string[]): string {
  return cells.map((cell, index) => cell.padEnd(COLUMNS[index]?.width ?? 0)).join(" ");
}

function medianLine(rows: readonly Row[]): string {
  const measured = rows.filter((row) => row.status === "ok");
  const of = (pick: (row: Row) => number | undefined) =>
    median(
      measured.map(pick).filter((value): value is number => value !== undefined && !Number.isNaN(value)),
    );
  const percent = (part?: { found: number; total: number }) =>
    part && part.total > 0 ? (100 * part.found) / part.total : undefined;
  const integrity = of((row) => percent(row.integrity));
  const headings = of((row) => percent(row.headings));
  return line([
    `median of ${measured.length}`,
    "",
    "",
    Number.isNaN(integrity) ? "n/a" : `${integrity.toFixed(0)}%`,
    String(of((row) => row.intrusions)),
    Number.isNaN(headings) ? "n/a" : `${headings.toFixed(0)}%`,
    String(of((row) => row.references)),
    String(of((row) => row.sentences)),
    String(of((row) => row.across)),
    `${of((row) => row.ms).toFixed(0)} ms`,
    "",
  ]);
}

function show(document: CorpusDocument, corpus: Corpus | undefined, pages: number) {
  const { truth } = document;
  const sentences = corpus?.sentences.map((sentence) => sentence.text) ?? [];
  const headings = corpus ? headingTexts(corpus) : [];
  const integrity = sentenceIntegrity(truth.sentences, bodyText(sentences));
  const recall = headingRecall(truth.headings, headings, corpus ? referenceLines(corpus) : []);
  const section = (title: string, lines: readonly string[]) =>
    console.log(`\n== ${title} (${lines.length})\n${lines.map((text) => `  ${text}`).join("\n")}`);
  section("ingested headings", headings);
  section("truth headings", truth.headings);
  section("truth headings not found", recall.missing);
  section("ingested body sentences", sentences);
  section("sentences across a page break or chunk edge", corpus ? sentencesAcross(corpus) : []);
  section("truth sentences not found intact", integrity.missing);
  section("intrusions", corpus ? intrusions(sentences, truth, pages) : []);
  section("references as content", referencesAsContent([...sentences, ...headings], truth));
}

const { values } = parseArgs({
  options: {
    only: { type: "string" },
    holdout: { type: "boolean", default: false },
    json: { type: "boolean", default: false },
    show: { type: "string" },
  },
});

const only = values.show ? [values.show] : values.only?.split(",").map((slug) => slug.trim());
const documents = corpusDocuments().filter(
  (document) => (!only || only.includes(document.slug)) && (!values.holdout || document.truth.holdout),
);
if (documents.length === 0) {
  console.error(`No corpus document matches${only ? ` ${only.join(", ")}` : ""}.`);
  process.exit(1);
}

const rows: Row[] = [];
if (!values.json) {
  console.log(
    `Ingestion bench: ${documents.length} real documents (bench/corpus), ingestion + buildCorpus, time median of ${RUNS}; * = holdout\n`,
  );
  console.log(line(COLUMNS.map((column) => column.title)));
}
for (const document of documents) {
  const { row, corpus, pages } = await measure(document);
  rows.push(row);
  if (values.show) show(document, corpus, pages);
  if (!values.json) console.log(line(COLUMNS.map((column) => column.cell(row))));
}
if (values.json) console.log(JSON.stringify(rows, null, 2));
else console.log(medianLine(rows));
