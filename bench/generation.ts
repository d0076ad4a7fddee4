/**
 * Generation time for PDF sources of 10, 50 and 200 pages (made here with pdf-lib), the median of a few
 * runs each, how the time per page scales, and the share of generated citations and items that verified.
 * Offline and deterministic (the extractive provider); no database: this measures the engine itself.
 *
 *   npm run bench:generation
 */
import { performance } from "node:perf_hooks";
import { generateCourse, generateStructure } from "../trigger/generation/engine.ts";
import { makePdf } from "../trigger/generation/fixtures/documents.ts";
import { ingestSource } from "../trigger/generation/ingest/index.ts";
import { extractiveProvider } from "../trigger/generation/providers/extractive/index.ts";

const PAGE_COUNTS = [10, 50, 200];
const RUNS = 3;

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
  citations: { verified: number; dropped: number };
  items: { kept: number; dropped: number };
  sections: number;
}

async function measure(bytes: Uint8Array): Promise<Measurement> {
  const provider = extractiveProvider();
  const topic = { title: "Bench", description: null };
  const started = performance.now();
  const { source, chunks } = await ingestSource({
    id: "bench-source",
    kind: "pdf",
    file_name: "bench.pdf",
    file_path: "bench/bench/bench.pdf",
    content: bytes,
  });
  const ingested = performance.now();
  const sources = [{ id: source.id, kind: source.kind, file_name: source.file_name, chunks }];
  const structure = await generateStructure(topic, sources, provider);
  const structured = performance.now();
  const course = await generateCourse(topic, structure.structure, sources, provider);
  const finished = performance.now();
  const add = (a: { verified: number; dropped: number }, b: { verified: number; dropped: number }) => ({
    verified: a.verified + b.verified,
    dropped: a.dropped + b.dropped,
  });
  return {
    ingest: ingested - started,
    structure: structured - ingested,
    course: finished - structured,
    total: finished - started,
    citations: add(structure.counts.citations, course.counts.citations),
    items: {
      kept: structure.counts.items.kept + course.counts.items.kept,
      dropped: structure.counts.items.dropped + course.counts.items.dropped,
    },
    sections: structure.structure.sections.length,
  };
}

const percent = (part: number, whole: number) =>
  whole === 0 ? "n/a" : `${((100 * part) / whole).toFixed(1)}%`;
const ms = (value: number) => `${value.toFixed(0)} ms`;

console.log(`Generation bench: extractive provider, median of ${RUNS} runs per size\n`);
const rows: Array<{ pages: number; result: Measurement; perPage: number }> = [];
for (const pages of PAGE_COUNTS) {
  const next = random(pages);
  const pdf = await makePdf(Array.from({ length: pages }, (_, index) => page(index, next)));
  await measure(pdf.bytes); // warm-up: module loading and JIT are not part of the figure
  const runs: Measurement[] = [];
  for (let run = 0; run < RUNS; run++) runs.push(await measure(pdf.bytes));
  const total = median(runs.map((run) => run.total));
  const result = runs.find((run) => run.total === total) ?? (runs[0] as Measurement);
  rows.push({ pages, result, perPage: total / pages });
}

const baseline = rows[0]?.perPage ?? 1;
console.log(
  "pages  sections  ingest    structure  course    total      per page   vs 10 pages  citations verified  items kept",
);
for (const { pages, result, perPage } of rows) {
  const citations = result.citations.verified + result.citations.dropped;
  const items = result.items.kept + result.items.dropped;
  console.log(
    [
      String(pages).padEnd(6),
      String(result.sections).padEnd(9),
      ms(result.ingest).padEnd(9),
      ms(result.structure).padEnd(10),
      ms(result.course).padEnd(9),
      ms(result.total).padEnd(10),
      `${perPage.toFixed(1)} ms`.padEnd(10),
      `${(perPage / baseline).toFixed(2)}x`.padEnd(12),
      `${percent(result.citations.verified, citations)} of ${citations}`.padEnd(19),
      `${percent(result.items.kept, items)} of ${items}`,
    ].join(" "),
  );
}
console.log(
  "\nScaling is linear when the per-page time stays flat (the last column but two stays near 1.00x).",
);
