/**
 * The LLM provider on a 200-page source against the local OpenAI-compatible stand-in, which answers every
 * call after a fixed delay like a model would: how many calls a structure and a course take, whether every
 * chunk was read, the wall time, and the share of each task's maxDuration it uses. Run once with the
 * configured pool and once with a pool of one, to show what writing in parallel buys.
 *
 *   npm run bench:llm                 (200 ms per call)
 *   LLM_BENCH_DELAY_MS=1000 npm run bench:llm
 */
import { performance } from "node:perf_hooks";
import { generateCourse, generateStructure } from "../trigger/generation/engine.ts";
import { longSource } from "../trigger/generation/fixtures/long-source.ts";
import {
  cooperativeModel,
  schemaName,
  shownChunks,
  startOpenAiStandIn,
} from "../trigger/generation/fixtures/openai-stand-in.ts";
import { providerFromEnv } from "../trigger/generation/providers/index.ts";
import { DEFAULT_CONCURRENCY } from "../trigger/generation/providers/llm.ts";

const PAGES = 200;
const DELAY_MS = Number(process.env.LLM_BENCH_DELAY_MS ?? 200);
/** The tasks' maxDuration: generate-topic-structure and generate-course-content. */
const STRUCTURE_MAX_SECONDS = 600;
const COURSE_MAX_SECONDS = 900;
/** A realistic latency of one call of a hosted model writing a chapter's JSON, for the projection. */
const REAL_CALL_SECONDS = 30;

interface Run {
  pool: number;
  structureCalls: number;
  courseCalls: number;
  chunks: number;
  covered: number;
  sections: number;
  structureMs: number;
  courseMs: number;
  maxInFlight: number;
  fallbacks: number;
  inputTokens: number;
  outputTokens: number;
}

async function run(pool: number, delayMs = DELAY_MS): Promise<Run> {
  const source = longSource(PAGES);
  const standIn = await startOpenAiStandIn(cooperativeModel, { delayMs });
  try {
    const { provider, report, chapterConcurrency } = providerFromEnv({
      LLM_BASE_URL: standIn.baseURL,
      LLM_API_KEY: "bench",
      LLM_MODEL: "stand-in",
      LLM_CONCURRENCY: String(pool),
    });
    const topic = { title: "Bench", description: null };
    const started = performance.now();
    const { structure } = await generateStructure(topic, [source], provider);
    const structured = performance.now();
    const structureCalls = standIn.requests.length;
    await generateCourse(topic, structure, [source], provider, undefined, {
      concurrency: chapterConcurrency,
    });
    const finished = performance.now();
    const covered = new Set(
      standIn.requests
        .filter((request) => schemaName(request) === "outline")
        .flatMap((request) => shownChunks(request).map((chunk) => chunk.id)),
    );
    return {
      pool,
      structureCalls,
      courseCalls: standIn.requests.length - structureCalls,
      chunks: source.chunks.length,
      covered: source.chunks.filter((chunk) => covered.has(chunk.id)).length,
      sections: structure.sections.length,
      structureMs: structured - started,
      courseMs: finished - structured,
      maxInFlight: standIn.maxInFlight,
      fallbacks: report.fallbacks.length,
      inputTokens: report.llm?.inputTokens ?? 0,
      outputTokens: report.llm?.outputTokens ?? 0,
    };
  } finally {
    await standIn.close();
  }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const share = (ms: number, max: number) => `${((100 * ms) / 1000 / max).toFixed(2)}%`;
/** Calls that must follow one another: map rounds plus the reduce call, or chapter rounds. */
const rounds = (calls: number, pool: number) => Math.ceil(calls / pool);

console.log(
  `LLM provider bench: a ${PAGES}-page source, the stand-in answering after ${DELAY_MS} ms per call\n`,
);
await run(DEFAULT_CONCURRENCY, 0); // warm-up: module loading and JIT are not part of the figure
const results = [await run(DEFAULT_CONCURRENCY), await run(1)];
for (const result of results) {
  const mapCalls = result.structureCalls - 1;
  console.log(`pool ${result.pool} (most requests in flight: ${result.maxInFlight})`);
  console.log(
    `  structure  ${result.structureCalls} calls (${mapCalls} map + 1 reduce), chunks covered ${result.covered} of ${result.chunks}, ${result.sections} sections`,
  );
  console.log(
    `             wall ${seconds(result.structureMs)} = ${share(result.structureMs, STRUCTURE_MAX_SECONDS)} of maxDuration ${STRUCTURE_MAX_SECONDS} s`,
  );
  console.log(`  course     ${result.courseCalls} calls (one per chapter)`);
  console.log(
    `             wall ${seconds(result.courseMs)} = ${share(result.courseMs, COURSE_MAX_SECONDS)} of maxDuration ${COURSE_MAX_SECONDS} s`,
  );
  const structureRounds = rounds(mapCalls, result.pool) + 1;
  const courseRounds = rounds(result.courseCalls, result.pool);
  console.log(
    `  at ${REAL_CALL_SECONDS} s per call: structure ~${structureRounds * REAL_CALL_SECONDS} s (${((100 * structureRounds * REAL_CALL_SECONDS) / STRUCTURE_MAX_SECONDS).toFixed(0)}%), course ~${courseRounds * REAL_CALL_SECONDS} s (${((100 * courseRounds * REAL_CALL_SECONDS) / COURSE_MAX_SECONDS).toFixed(0)}%)`,
  );
  console.log(
    `  tokens (stand-in estimate) in ${result.inputTokens}, out ${result.outputTokens}; fallbacks ${result.fallbacks}\n`,
  );
}
