/**
 * Generation time for PDF sources of 10, 50 and 200 pages (made here with pdf-lib and read back through
 * the real ingestion), the median of a few runs each, how the time per page scales, the peak memory per
 * size, and the share of generated citations and items that verified. Offline and deterministic (the
 * extractive provider); no database: this measures ingestion and the engine themselves.
 *
 *   npm run bench:generation
 *   npm run bench:generation -- --pages 100,1000 --runs 3 --no-course
 *
 * Each size runs in a child process of its own, so its peak RSS (the operating system's high-water mark)
 * is that size's alone; the heap figure is the largest heap in use at the end of a phase.
 *
 * Every other page opens with a numbered heading ("12 The delta and the canal") in body type, so it is
 * recognised by its shape (text/headings.ts), which takes only one or two digits for a title's number:
 * from page 200 on there are no headings, and a long source ends in one long section without
 * sub-headings, the case that made structuring quadratic (docs/generation.md, "Scale").
 */
import { execFileSync } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { generateCourse, generateStructure } from "../trigger/generation/engine.ts";
import { makePdf } from "../trigger/generation/fixtures/documents.ts";
import { ingestSource } from "../trigger/generation/ingest/index.ts";
import { extractiveProvider } from "../trigger/generation/providers/extractive/index.ts";

const { values: options } = parseArgs({
  options: {
    pages: { type: "string", default: "10,50,200" },
    runs: { type: "string", default: "3" },
    "no-course": { type: "boolean", default: false },
    // Internal: measure one size, from the PDF at --pdf, and print its figures as JSON (see the header).
    child: { type: "string" },
    pdf: { type: "string" },
  },
});
const PAGE_COUNTS = options.pages.split(",").map((pages) => Number.parseInt(pages, 10));
const RUNS = Number.parseInt(options.runs, 10);
const WITH_COURSE = !options["no-course"];
if (PAGE_COUNTS.some((pages) => !(pages > 0)) || !(RUNS > 0)) {
  throw new Error("--pages takes page counts such as 100,1000 and --runs a positive count");
}

/** A small deterministic random source, so every run of the bench reads the same pages. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const NOUNS = (
  "cell membrane protein enzyme nucleus molecule glucose starch oxygen river glacier delta sediment " +
  "erosion climate monsoon volcano magma crust mantle plate fault earthquake harbour trade merchant guild " +
  "charter market currency tax empire province senate treaty army fortress canal railway engine furnace " +
  "steel textile factory worker union reform vote parliament constitution court law contract"
).split(" ");
const ADJECTIVES =
  "large small ancient modern fertile dry coastal inland rapid slow dense rare common vital".split(" ");
const VERBS =
  "shapes supports limits drives protects changes moves feeds stores releases controls connects".split(" ");

function page(index: number, next: () => number): string[] {
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)] as T;
  const paragraphs: string[] = [];
  if (index % 2 === 0) paragraphs.push(`${index / 2 + 1} The ${pick(NOUNS)} and the ${pick(NOUNS)}`);
  for (let paragraph = 0; paragraph < 8; paragraph++) {
    const sentences = [
      `The ${pick(ADJECTIVES)} ${pick(NOUNS)} ${pick(VERBS)} the ${pick(NOUNS)} of the ${pick(NOUNS)}.`,
      `A ${pick(NOUNS)} is a ${pick(ADJECTIVES)} ${pick(NOUNS)} that ${pick(VERBS)} the ${pick(NOUNS)}.`,
      `For example, the ${pick(NOUNS)} near the ${pick(NOUNS)} ${pick(VERBS)} every ${pick(NOUNS)} in the region.`,
    ];
    paragraphs.push(sentences.join(" "));
  }
  return paragraphs;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

interface Measurement {
  ingest: number;
  structure: number;
  course: number;
  total: number;
  /** Processor time (user and system) over all phases: what the machine's other load changes least. */
  cpu: number;
  /** The largest heap in use (plus external memory) at the end of a phase, in bytes. */
  heap: number;
  citations: { verified: number; dropped: number };
  items: { kept: number; dropped: number };
  sections: number;
}

/** One size's figures: the median run, and the child process's peak RSS over all its runs. */
interface SizeResult {
  pages: number;
  result: Measurement;
  peakRss: number;
}

const heapInUse = () => {
  const memory = process.memoryUsage();
  return memory.heapUsed + memory.external;
};

async function measure(bytes: Uint8Array): Promise<Measurement> {
  const provider = extractiveProvider();
  const topic = { title: "Bench", description: null };
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const { source, chunks } = await ingestSource({
    id: "bench-source",
    kind: "pdf",
    file_name: "bench.pdf",
    file_path: "bench/bench/bench.pdf",
    content: bytes,
  });
  const ingested = performance.now();
  let heap = heapInUse();
  const sources = [{ id: source.id, kind: source.kind, file_name: source.file_name, chunks }];
  const structure = await generateStructure(topic, sources, provider);
  const structured = performance.now();
  heap = Math.max(heap, heapInUse());
  const course = WITH_COURSE ? await generateCourse(topic, structure.structure, sources, provider) : null;
  const finished = performance.now();
  const cpu = process.cpuUsage(cpuBefore);
  heap = Math.max(heap, heapInUse());
  const none = { citations: { verified: 0, dropped: 0 }, items: { kept: 0, dropped: 0 } };
  const courseCounts = course?.counts ?? none;
  return {
    ingest: ingested - started,
    structure: structured - ingested,
    course: finished - structured,
    total: finished - started,
    cpu: (cpu.user + cpu.system) / 1000,
    heap,
    citations: {
      verified: structure.counts.citations.verified + courseCounts.citations.verified,
      dropped: structure.counts.citations.dropped + courseCounts.citations.dropped,
    },
    items: {
      kept: structure.counts.items.kept + courseCounts.items.kept,
      dropped: structure.counts.items.dropped + courseCounts.items.dropped,
    },
    sections: structure.structure.sections.length,
  };
}

/** Measures one size in this process: a warm-up, then the median of the runs by total time. */
/** Measures one size in this process (a child's): a warm-up, then the median of each phase. */
async function measureSize(pages: number, bytes: Uint8Array): Promise<SizeResult> {
  await measure(bytes); // warm-up: module loading and JIT are not part of the figure
  const runs: Measurement[] = [];
  for (let run = 0; run < RUNS; run++) runs.push(await measure(bytes));
  // The median of each phase on its own, so one noisy phase does not pick the other figures; the
  // total is their sum.
  const result = runs[0] as Measurement;
  result.ingest = median(runs.map((run) => run.ingest));
  result.structure = median(runs.map((run) => run.structure));
  result.course = median(runs.map((run) => run.course));
  result.total = result.ingest + result.structure + result.course;
  result.cpu = median(runs.map((run) => run.cpu));
  result.heap = Math.max(...runs.map((run) => run.heap));
  // maxRSS is in kilobytes.
  return { pages, result, peakRss: process.resourceUsage().maxRSS * 1024 };
}

/**
 * Renders the PDF here and measures it in a fresh child process (this script with --child), so the
 * child's peak RSS is that of ingesting and generating alone, not of rendering the input.
 */
async function measureInChild(pages: number): Promise<SizeResult> {
  const next = random(pages);
  const pdf = await makePdf(Array.from({ length: pages }, (_, index) => page(index, next)));
  const folder = await mkdtemp(path.join(tmpdir(), "bench-generation-"));
  const file = path.join(folder, `${pages}.pdf`);
  try {
    await writeFile(file, pdf.bytes);
    const args = [...process.execArgv, process.argv[1] as string, "--child", String(pages), "--pdf", file];
    args.push("--runs", String(RUNS), ...(WITH_COURSE ? [] : ["--no-course"]));
    const output = execFileSync(process.execPath, args, {
      encoding: "utf8",
      maxBuffer: 1 << 20,
      stdio: ["ignore", "pipe", "inherit"],
    });
    return JSON.parse(output.trim().split("\n").at(-1) ?? "") as SizeResult;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

const percent = (part: number, whole: number) =>
  whole === 0 ? "n/a" : `${((100 * part) / whole).toFixed(1)}%`;
const ms = (value: number) => `${value.toFixed(0)} ms`;
const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;

function printTable(rows: readonly SizeResult[]) {
  const first = rows[0];
  const baseline = first ? first.result.total / first.pages : 1;
  const cpuBaseline = first ? first.result.cpu / first.pages : 1;
  const vs = `vs ${first?.pages ?? 0}`;
  console.log(
    `pages  sections  ingest    structure  course    total      per page   ${vs.padEnd(7)} cpu/page   ${vs.padEnd(7)} peak RSS  heap     citations verified  items kept`,
  );
  for (const { pages, result, peakRss } of rows) {
    const citations = result.citations.verified + result.citations.dropped;
    const items = result.items.kept + result.items.dropped;
    const perPage = result.total / pages;
    const cpuPerPage = result.cpu / pages;
    console.log(
      [
        String(pages).padEnd(6),
        String(result.sections).padEnd(9),
        ms(result.ingest).padEnd(9),
        ms(result.structure).padEnd(10),
        (WITH_COURSE ? ms(result.course) : "-").padEnd(9),
        ms(result.total).padEnd(10),
        `${perPage.toFixed(1)} ms`.padEnd(10),
        `${(perPage / baseline).toFixed(2)}x`.padEnd(Math.max(7, vs.length)),
        `${cpuPerPage.toFixed(1)} ms`.padEnd(10),
        `${(cpuPerPage / cpuBaseline).toFixed(2)}x`.padEnd(Math.max(7, vs.length)),
        mb(peakRss).padEnd(9),
        mb(result.heap).padEnd(8),
        `${percent(result.citations.verified, citations)} of ${citations}`.padEnd(19),
        `${percent(result.items.kept, items)} of ${items}`,
      ].join(" "),
    );
  }
  console.log("\nIngestion and structure (a learner waits for both before the review screen):");
  const ingestAndStructure = (row: SizeResult) => (row.result.ingest + row.result.structure) / row.pages;
  for (const row of rows) {
    const perPage = ingestAndStructure(row);
    const ratio = first ? perPage / ingestAndStructure(first) : 1;
    console.log(
      `  ${String(row.pages).padStart(5)} pages: ${ms(row.result.ingest + row.result.structure)}, ${perPage.toFixed(1)} ms a page, ${ratio.toFixed(2)}x the first size's`,
    );
  }
  console.log(
    '\nScaling is linear when the time per page stays flat (the "vs" columns stay near 1.00x). Times are',
  );
  console.log(
    "medians per phase of the runs; cpu/page is processor time, steadier than wall time on a shared machine;",
  );
  console.log(
    "peak RSS is the size's own process's high-water mark, heap the largest in use at the end of a phase.",
  );
}

if (options.child && options.pdf) {
  const bytes = new Uint8Array(await readFile(options.pdf));
  console.log(JSON.stringify(await measureSize(Number.parseInt(options.child, 10), bytes)));
} else {
  const course = WITH_COURSE ? "structure and course" : "structure only";
  console.log(`Generation bench: extractive provider, ${course}, median of ${RUNS} runs per size\n`);
  const rows: SizeResult[] = [];
  for (const pages of PAGE_COUNTS) rows.push(await measureInChild(pages));
  printTable(rows);
}
