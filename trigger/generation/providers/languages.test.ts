import { afterEach, describe, expect, it } from "vitest";
import type { Structure } from "../../../src/domain/structure.ts";
import type { CorpusSourceInput } from "../corpus.ts";
import { generateCourse, generateStructure } from "../engine.ts";
import { FOREIGN_MARKDOWN, type ForeignLanguage, foreignMarkdown } from "../fixtures/languages.ts";
import {
  type ChatRequest,
  cooperativeModel,
  type OpenAiStandIn,
  requestText,
  schemaName,
  startOpenAiStandIn,
} from "../fixtures/openai-stand-in.ts";
import { dutchMarkdown, englishPasted, type Fixture } from "../fixtures/sources.ts";
import { ingestSource } from "../ingest/index.ts";
import { providerFromEnv, UnsupportedLanguageError } from "./index.ts";

let standIn: OpenAiStandIn | undefined;
afterEach(async () => {
  await standIn?.close();
  standIn = undefined;
});

async function corpusInput(fixture: Fixture): Promise<CorpusSourceInput> {
  const { chunks } = await ingestSource(fixture.input);
  return { id: fixture.input.id, kind: fixture.input.kind, file_name: fixture.input.file_name, chunks };
}

async function llmFromStandIn(answer: (request: ChatRequest) => ReturnType<typeof cooperativeModel>) {
  standIn = await startOpenAiStandIn(answer);
  return providerFromEnv({ LLM_BASE_URL: standIn.baseURL, LLM_API_KEY: "test-key", LLM_MODEL: "stand-in" });
}

const citedLines = (structure: Structure) =>
  structure.sections.flatMap((section) =>
    section.subtopics.flatMap((subtopic) => subtopic.citations.flatMap((citation) => citation.exactLines)),
  );

const LANGUAGES: ReadonlyArray<[ForeignLanguage, string]> = [
  ["de", "German"],
  ["fr", "French"],
  ["es", "Spanish"],
];

describe.each(LANGUAGES)("a source in %s (%s)", (code, name) => {
  const topic = { title: "Water", description: null };

  it("is written by the LLM provider in its own language, and the answers are kept and cited", async () => {
    const source = await corpusInput(foreignMarkdown(code));
    const { provider, report } = await llmFromStandIn(cooperativeModel);
    const { structure } = await generateStructure(topic, [source], provider);
    const { chapters, counts } = await generateCourse(topic, structure, [source], provider);

    const requests = standIn?.requests ?? [];
    expect(requests.map(schemaName)).toContain("chapter");
    for (const request of requests) {
      expect(requestText(request)).toContain(`Write everything in ${name}, the language of the sources`);
      expect(requestText(request)).not.toMatch(/Write everything in (English|Dutch)/);
    }
    expect(report.fallbacks).toEqual([]);
    const lines = citedLines(structure);
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(FOREIGN_MARKDOWN[code]).toContain(line);

    expect(chapters).toHaveLength(structure.sections.length);
    const questions = chapters.flatMap((chapter) =>
      chapter.activities.flatMap((activity) =>
        activity.kind === "mastery" || activity.kind === "diagnostic" ? activity.payload.questions : [],
      ),
    );
    expect(questions.length).toBeGreaterThan(0);
    for (const question of questions) {
      const answer = question.options[question.correct_option] ?? "";
      expect(question.citations.flatMap((citation) => citation.exactLines).join(" ")).toContain(answer);
    }
    expect(counts.items.kept).toBeGreaterThan(0);
  });

  it("is refused by the offline provider, which says so plainly", async () => {
    const source = await corpusInput(foreignMarkdown(code));
    const { provider } = providerFromEnv({});
    await expect(generateStructure(topic, [source], provider)).rejects.toThrow(
      `This source is in ${name}. The offline generator writes only Dutch and English; an admin of your ` +
        "organisation can connect a language model (Account settings → Language model) to teach it.",
    );
  });
});

describe("the offline provider's languages", () => {
  const topic = { title: "Water", description: null };

  it("still writes Dutch and English sources", async () => {
    const sources = [await corpusInput(dutchMarkdown()), await corpusInput(englishPasted())];
    const { structure } = await generateStructure(topic, sources, providerFromEnv({}).provider);
    expect(structure.sections.length).toBeGreaterThan(0);
  });

  it("names each source it cannot write when the topic has several", async () => {
    const sources = [
      await corpusInput(dutchMarkdown()),
      await corpusInput(foreignMarkdown("de")),
      await corpusInput(foreignMarkdown("es")),
    ];
    const refusal = generateStructure(topic, sources, providerFromEnv({}).provider);
    await expect(refusal).rejects.toBeInstanceOf(UnsupportedLanguageError);
    await expect(refusal).rejects.toThrow(
      '"wasserkreislauf.md" is in German; "ciclo-del-agua.md" is in Spanish. The offline generator ' +
        "writes only Dutch and English; an admin of your organisation can connect a language model " +
        "(Account settings → Language model) to teach them.",
    );
  });

  it("does not stand in for a failing model in another language, and says why", async () => {
    const source = await corpusInput(foreignMarkdown("fr"));
    const { provider, report } = await llmFromStandIn(() => ({ status: 400, error: "model not found" }));
    const refusal = generateStructure(topic, [source], provider);
    await expect(refusal).rejects.toThrow(/^The language model could not write this \(.*model not found.*\)/);
    await expect(refusal).rejects.toThrow(
      "and the offline generator cannot stand in: this source is in French, and it writes only Dutch " +
        "and English. Try again later.",
    );
    expect(report.fallbacks).toHaveLength(1);
  });

  it("keeps a model's recap without its script when the script is ungrounded and cannot be replaced", async () => {
    const source = await corpusInput(foreignMarkdown("de"));
    const written = new Set<string>();
    const { provider, report } = await llmFromStandIn((request) => {
      const answer = cooperativeModel(request);
      if (schemaName(request) !== "chapter" || !("content" in answer)) return answer;
      const chapter = JSON.parse(answer.content);
      written.add(chapter.recap.transcript);
      for (const turn of chapter.recap.script)
        if (turn.speaker === "expert") turn.text = "Der Mond ist aus Käse.";
      return { ...answer, content: JSON.stringify(chapter) };
    });
    const { structure } = await generateStructure(topic, [source], provider);
    const { chapters } = await generateCourse(topic, structure, [source], provider);
    const recaps = chapters.flatMap((chapter) =>
      chapter.activities.flatMap((activity) => (activity.kind === "recap" ? [activity.payload] : [])),
    );
    expect(recaps).toHaveLength(structure.sections.length);
    for (const recap of recaps) {
      expect(written.has(recap.transcript)).toBe(true);
      expect(recap.script).toBeUndefined();
    }
    expect(report.fallbacks.filter((reason) => reason.startsWith("recap script of"))).toHaveLength(
      recaps.length,
    );
  });
});
