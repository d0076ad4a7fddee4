/**
 * A generated course as a teacher reads it: one real document of bench/corpus through ingestion,
 * structure and course, written out as Markdown with every item, its right answer and its cited lines,
 * for a teacher's read or a blind grading with the rubric (../shared/CONTENT-RUBRIC.md).
 *
 *   npx tsx bench/course-read.ts <slug> [--provider extractive|llm] [--relay dir] [--title text] [--out file.md]
 *
 * `--provider llm` uses LLM_BASE_URL, LLM_API_KEY and LLM_MODEL, as the tasks do; `--relay dir` answers
 * the LLM provider's requests through files in `dir` (bench/llm-relay.ts), for a capable model to answer.
 * The output names no provider, so two reads of the same document can be graded blind. `--title` is the
 * topic's title as a learner would type it (the recap names it); without it, the slug stands in.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import type { Activity } from "../src/domain/activity-payload.ts";
import type { Citation } from "../src/domain/citation.ts";
import type { CorpusSourceInput } from "../trigger/generation/corpus.ts";
import { generateCourse, generateStructure } from "../trigger/generation/engine.ts";
import { ingestSource, type SourceKind } from "../trigger/generation/ingest/index.ts";
import { extractiveProvider } from "../trigger/generation/providers/extractive/index.ts";
import { providerFromEnv } from "../trigger/generation/providers/index.ts";
import { startRelay } from "./llm-relay.ts";

const CORPUS = new URL("./corpus/", import.meta.url).pathname;
const KIND_OF: Record<string, SourceKind> = {
  pdf: "pdf",
  docx: "docx",
  pptx: "pptx",
  md: "markdown",
  html: "url",
  txt: "text",
};

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      provider: { type: "string", default: "extractive" },
      relay: { type: "string" },
      title: { type: "string" },
      out: { type: "string" },
    },
  });
  const slug = positionals[0];
  if (!slug) throw new Error("usage: course-read.ts <slug> [--provider extractive|llm] [--out file.md]");
  const dir = join(CORPUS, slug);
  const file = readdirSync(dir).find((name) => name.startsWith("document."));
  if (!file) throw new Error(`${dir} has no document.*`);
  const kind = KIND_OF[file.split(".").pop() ?? ""];
  if (!kind) throw new Error(`no source kind for ${file}`);
  const ingested = await ingestSource({
    id: `read-${slug}`,
    kind,
    file_name: file,
    file_path: `bench/${slug}/${file}`,
    content: new Uint8Array(readFileSync(join(dir, file))),
  });
  const sources: CorpusSourceInput[] = [
    { id: ingested.source.id, kind, file_name: file, chunks: ingested.chunks },
  ];
  const relay = values.relay ? await startRelay(values.relay) : null;
  const env = relay
    ? { LLM_BASE_URL: relay.baseURL, LLM_API_KEY: "relay", LLM_MODEL: "relayed", LLM_TIMEOUT_MS: "3600000" }
    : process.env;
  const provider = values.provider === "llm" || relay ? providerFromEnv(env).provider : extractiveProvider();
  const topic = { title: values.title ?? slug, description: null };
  const { structure } = await generateStructure({ ...topic, variant: 0 }, sources, provider);
  const { chapters } = await generateCourse(topic, structure, sources, provider);
  const lines: string[] = [`# ${structure.title}`, "", "## Structure", ""];
  for (const section of structure.sections) {
    lines.push(`- **${section.title}**`);
    for (const subtopic of section.subtopics) lines.push(`  - ${subtopic.title}: ${subtopic.description}`);
  }
  for (const chapter of chapters) {
    lines.push("", `## Chapter: ${chapter.title}`, "", chapter.summary);
    for (const activity of chapter.activities) lines.push("", ...activityLines(activity as Activity));
  }
  const markdown = `${lines.join("\n")}\n`;
  if (values.out) writeFileSync(values.out, markdown);
  else process.stdout.write(markdown);
  await relay?.close();
}

function cited(citations: readonly Citation[]): string[] {
  return citations.map(
    (citation) =>
      `    > [p.${citation.page_number ?? "-"} l.${citation.line_start + 1}-${citation.line_end + 1}] ${citation.exactLines.join(" / ")}`,
  );
}

function activityLines(activity: Activity): string[] {
  const out = [`### ${activity.kind}: ${activity.title}`];
  switch (activity.kind) {
    case "overview":
      out.push(...activity.payload.objectives.map((objective) => `- objective: ${objective}`));
      for (const slide of activity.payload.slides)
        out.push(`- slide **${slide.title}**: ${slide.bullets.join(" | ")}`);
      break;
    case "diagnostic":
    case "mastery":
      for (const question of activity.payload.questions) {
        out.push(`- Q (${question.difficulty}): ${question.stem}`);
        out.push(
          ...question.options.map(
            (option, index) => `  ${index === question.correct_option ? "[x]" : "[ ]"} ${option}`,
          ),
        );
        if (question.explanation) out.push(`  explanation: ${question.explanation}`);
        out.push(...cited(question.citations));
      }
      break;
    case "study":
      for (const block of activity.payload.blocks) {
        const qa = block.question ? ` Q: ${block.question.stem} A: ${block.question.answer}` : "";
        out.push(`- (${block.type}) ${block.content}${qa}`, ...cited(block.citations));
      }
      break;
    case "practice":
      for (const card of activity.payload.cards)
        out.push(`- card: ${card.q} → ${card.a} (hint: ${card.hint ?? "none"})`, ...cited(card.citations));
      break;
    case "recap":
      out.push(
        `transcript (${activity.payload.transcript.split(/\s+/).length} words): ${activity.payload.transcript}`,
      );
      for (const turn of activity.payload.script ?? []) out.push(`- ${turn.speaker}: ${turn.text}`);
      break;
  }
  return out;
}

await main();
