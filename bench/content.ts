/**
 * Content quality of the offline (extractive) provider on the teaching fixtures, Dutch and English, as
 * defect counts: for each fixture, ingestion → structure (variant 0 and its regenerate, variant 1) →
 * course, then every checker of trigger/generation/quality.ts, plus the question forms, the structure's
 * shape, recap lengths, answer-length balance, recap verbatim shares, the course shape asked per chapter,
 * what the engine refused while fitting chapters to their shape (unfair questions: near-duplicate options
 * or an explanation naming an option's place) and timings (median of 3 runs). The goal is zero on every defect count. With `--relay <dir>` it also
 * reads a model's recorded chapter answers (bench/content-llm.ts) and prints the same checks for them.
 *
 *   npm run bench:content [-- --relay <dir> …]
 */
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { buildCorpus, type CorpusSourceInput } from "../trigger/generation/corpus.ts";
import { generateCourse, generateStructure, type ShapeCounts } from "../trigger/generation/engine.ts";
import { type ContentFixture, contentFixtures } from "../trigger/generation/fixtures/content-sources.ts";
import { ingestSource } from "../trigger/generation/ingest/index.ts";
import { extractiveProvider } from "../trigger/generation/providers/extractive/index.ts";
import {
  defectTotal,
  type QualityCounts,
  type QualityReport,
  qualityReport,
} from "../trigger/generation/quality.ts";
import { relayReport } from "./content-llm.ts";

const RUNS = 3;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

interface Run {
  report: QualityReport;
  ingest: number;
  structure: number;
  course: number;
  chapters: number;
  questions: number;
  cards: number;
  /** What the engine removed while fitting the chapters to their shape. */
  refused: ShapeCounts;
}

async function run(fixture: ContentFixture): Promise<Run> {
  const provider = extractiveProvider();
  const topic = { title: fixture.document.title, description: null };
  const started = performance.now();
  const ingested = await ingestSource({
    id: `bench-${fixture.name}`,
    kind: fixture.kind,
    file_name: fixture.file_name,
    file_path: `bench/${fixture.file_name}`,
    content: fixture.content,
  });
  const sources: CorpusSourceInput[] = [
    {
      id: ingested.source.id,
      kind: ingested.source.kind,
      file_name: fixture.file_name,
      chunks: ingested.chunks,
    },
  ];
  const afterIngest = performance.now();
  const structure = await generateStructure({ ...topic, variant: 0 }, sources, provider);
  const afterStructure = performance.now();
  const course = await generateCourse(topic, structure.structure, sources, provider);
  const afterCourse = performance.now();
  const regenerated = await generateStructure({ ...topic, variant: 1 }, sources, provider);
  const corpus = buildCorpus(sources);
  const headings = [
    fixture.document.title,
    ...(fixture.document.header ? [fixture.document.header] : []),
    ...fixture.document.sections.flatMap((section) => [
      section.heading,
      ...(section.subsections ?? []).map((subsection) => subsection.heading),
    ]),
  ];
  const report = qualityReport({
    structure: structure.structure,
    chapters: course.chapters,
    corpus,
    headings,
    regenerated: regenerated.structure,
  });
  const activities = course.chapters.flatMap((chapter) => chapter.activities);
  return {
    report,
    ingest: afterIngest - started,
    structure: afterStructure - afterIngest,
    course: afterCourse - afterStructure,
    chapters: course.chapters.length,
    refused: course.shape,
    questions: activities.reduce(
      (sum, activity) =>
        sum +
        (activity.kind === "diagnostic" || activity.kind === "mastery"
          ? activity.payload.questions.length
          : 0),
      0,
    ),
    cards: activities.reduce(
      (sum, activity) => sum + (activity.kind === "practice" ? activity.payload.cards.length : 0),
      0,
    ),
  };
}

const fixtures = await contentFixtures();
console.log(
  `Content bench: extractive provider on ${fixtures.length} teaching fixtures, timings median of ${RUNS}\n`,
);
const totals: Partial<Record<keyof QualityCounts, number>> = {};
const formTotals: Record<string, number> = {};
let allDefects = 0;
let unprobedTotal = 0;
for (const fixture of fixtures) {
  await run(fixture); // warm-up: module loading and JIT are not part of the timings
  const runs: Run[] = [];
  for (let index = 0; index < RUNS; index++) runs.push(await run(fixture));
  const result = runs[0] as Run;
  const { counts, forms, shape, recapWords, balance, recapVerbatim, shapes, unprobedSubtopics } =
    result.report;
  const defects = defectTotal(counts);
  allDefects += defects;
  console.log(`${fixture.name} (${fixture.language}, ${fixture.kind})`);
  console.log(
    `  shape: ${shape.sections} sections, ${shape.subtopics} subtopics; ${result.chapters} chapters, ${result.questions} questions, ${result.cards} cards`,
  );
  console.log(
    `  question forms: ${Object.entries(forms)
      .map(([form, count]) => `${form} ${count}`)
      .join(", ")}`,
  );
  console.log(`  recap words: ${recapWords.join(", ")}`);
  console.log(`  recap verbatim share: ${recapVerbatim.map((share) => share.toFixed(2)).join(", ")}`);
  console.log(
    `  shape asked (diagnostic/mastery/cards per chapter): ${shapes
      .map((chapter) => `${chapter.diagnostic}/${chapter.mastery}/${chapter.cards}`)
      .join(", ")}`,
  );
  console.log(`  subtopics the diagnostic does not ask about (kept in focus): ${unprobedSubtopics}`);
  unprobedTotal += unprobedSubtopics;
  console.log(
    `  answer balance: right option uniquely longest in ${balance.longest}, uniquely shortest in ${balance.shortest} of ${balance.questions} questions`,
  );
  const { unfair, lengthTells, repeated, overShape, giveaways } = result.refused;
  console.log(
    `  refused by the engine: unfair ${unfair}, long right options ${lengthTells}, repeated ${repeated}, over shape ${overShape}, slide giveaways ${giveaways}`,
  );
  console.log(
    `  defects (${defects}): ${Object.entries(counts)
      .map(([name, value]) => `${name} ${value}`)
      .join(", ")}`,
  );
  console.log(
    `  time: ingest ${median(runs.map((r) => r.ingest)).toFixed(1)} ms, structure ${median(runs.map((r) => r.structure)).toFixed(1)} ms, course ${median(runs.map((r) => r.course)).toFixed(1)} ms\n`,
  );
  for (const [name, value] of Object.entries(counts)) {
    totals[name as keyof QualityCounts] = (totals[name as keyof QualityCounts] ?? 0) + value;
  }
  for (const [form, count] of Object.entries(forms)) formTotals[form] = (formTotals[form] ?? 0) + count;
}
console.log("Totals");
for (const [name, value] of Object.entries(totals)) console.log(`  ${name.padEnd(24)} ${value}`);
console.log(
  `  question forms: ${Object.entries(formTotals)
    .map(([form, count]) => `${form} ${count}`)
    .join(", ")}`,
);
console.log(`  subtopics not asked about (a figure, kept in focus): ${unprobedTotal}`);
console.log(`\n${allDefects === 0 ? "No defects." : `${allDefects} defects in total.`}`);

const { values } = parseArgs({ options: { relay: { type: "string", multiple: true } }, strict: false });
for (const dir of (values.relay as string[] | undefined) ?? []) {
  const relay = relayReport(dir);
  console.log(
    `\nLLM answers recorded in ${relay.dir} (raw, before the provider's refusals and the engine's trims)`,
  );
  console.log(`  shape: ${relay.chapters} chapters, ${relay.questions} questions, ${relay.cards} cards`);
  console.log(
    `  answer balance: right option uniquely longest in ${relay.balance.longest}, uniquely shortest in ${relay.balance.shortest} of ${relay.questions} questions`,
  );
  const total = Object.values(relay.counts).reduce((sum, value) => sum + value, 0);
  console.log(
    `  defects (${total}): ${Object.entries(relay.counts)
      .map(([name, value]) => `${name} ${value}`)
      .join(", ")}`,
  );
}
