import { afterEach, describe, expect, it } from "vitest";
import type { Citation } from "../../../src/domain/citation.ts";
import type { Structure } from "../../../src/domain/structure.ts";
import type { CorpusSourceInput } from "../corpus.ts";
import { generateCourse, generateStructure } from "../engine.ts";
import {
  type ChatAnswer,
  type ChatRequest,
  type OpenAiStandIn,
  startOpenAiStandIn,
} from "../fixtures/openai-stand-in.ts";
import { englishPdf } from "../fixtures/sources.ts";
import { type Chunk, ingestSource } from "../ingest/index.ts";
import { providerFromEnv } from "./index.ts";

let standIn: OpenAiStandIn | undefined;
afterEach(async () => {
  await standIn?.close();
  standIn = undefined;
});

async function pdfSource(): Promise<CorpusSourceInput> {
  const fixture = await englishPdf();
  const { chunks } = await ingestSource(fixture.input);
  return { id: fixture.input.id, kind: "pdf", file_name: fixture.input.file_name, chunks };
}

/** A citation of the chunk line that contains `text`, as a careful model would write it. */
function cite(chunks: readonly Chunk[], text: string): Citation {
  const chunk = chunks.find((candidate) => candidate.content.includes(text));
  if (!chunk) throw new Error(`no chunk contains ${text}`);
  const offset = chunk.content.split("\n").findIndex((line) => line.includes(text));
  const line = chunk.line_start + offset;
  return {
    chunk_id: chunk.id,
    file_path: chunk.file_path,
    page_number: chunk.page_number,
    line_start: line,
    line_end: line,
    exactLines: [chunk.content.split("\n")[offset] ?? ""],
    snippet: text,
    source_url: null,
  };
}

function structureAnswer(chunks: readonly Chunk[]): Structure {
  const chlorophyll = cite(chunks, "Chlorophyll is a green pigment");
  return {
    title: "Photosynthesis",
    description: "How plants capture light.",
    sections: [
      {
        section_id: "pigments",
        title: "Pigments",
        description: "Which pigments capture light.",
        subtopics: [
          {
            subtopic_id: "chlorophyll",
            title: "Chlorophyll",
            description: "The green pigment.",
            key_points: ["Chlorophyll absorbs red and blue light."],
            citations: [
              chlorophyll,
              // Invented: the model "quotes" a line the source does not have.
              { ...chlorophyll, exactLines: ["Chlorophyll is the only pigment plants have."] },
              { ...chlorophyll, chunk_id: "00000000-0000-8000-8000-000000000000" },
            ],
          },
        ],
      },
    ],
  };
}

function chapterAnswer(chunks: readonly Chunk[]) {
  const chlorophyll = cite(chunks, "Chlorophyll is a green pigment");
  const question = (stem: string, options: string[], citations: Citation[]) => ({
    id: "q1",
    stem,
    options,
    correct_option: 0,
    explanation: "See the source.",
    difficulty: "easy",
    subtopic_id: "section-1-1",
    citations,
  });
  return {
    overview: {
      title: "Overview",
      payload: { slides: [{ title: "Pigments", bullets: ["Green"] }], objectives: ["Name the pigment"] },
    },
    diagnostic: {
      title: "Check",
      payload: {
        questions: [
          question("Which pigment is green?", ["Chlorophyll", "Rubisco"], [chlorophyll]),
          question("Which organelle is green?", ["Mitochondria", "Chlorophyll"], [chlorophyll]),
        ],
      },
    },
    study: {
      title: "Study",
      payload: {
        blocks: [
          {
            type: "text",
            content: "Chlorophyll is green.",
            question: null,
            subtopic_id: null,
            citations: [chlorophyll],
          },
        ],
      },
    },
    practice: {
      title: "Practice",
      payload: {
        cards: [
          {
            id: "c",
            q: "Green pigment?",
            a: "Chlorophyll",
            hint: null,
            subtopic_id: null,
            citations: [chlorophyll],
          },
        ],
      },
    },
    mastery: {
      title: "Mastery",
      payload: {
        questions: [
          question("What does chlorophyll absorb?", ["Red and blue light", "Green light"], [chlorophyll]),
        ],
      },
    },
    recap: { title: "Recap", payload: { transcript: "Chlorophyll is green.", bullets: ["Chlorophyll"] } },
  };
}

async function llmFromStandIn(answer: (request: ChatRequest) => ChatAnswer) {
  standIn = await startOpenAiStandIn(answer);
  return providerFromEnv({
    LLM_BASE_URL: standIn.baseURL,
    LLM_API_KEY: "test-key",
    LLM_MODEL: "stand-in-model",
  });
}

describe("llm provider", () => {
  it("is used only when LLM_BASE_URL and LLM_API_KEY are set", () => {
    expect(providerFromEnv({}).provider.name).toBe("extractive");
    expect(providerFromEnv({ LLM_BASE_URL: "http://127.0.0.1:9/v1" }).provider.name).toBe("extractive");
    expect(providerFromEnv({ LLM_BASE_URL: "http://127.0.0.1:9/v1", LLM_API_KEY: "k" }).provider.name).toBe(
      "llm",
    );
  });

  it("asks an OpenAI-compatible endpoint for a structure and drops the citations it invents", async () => {
    const source = await pdfSource();
    const { provider, report } = await llmFromStandIn(() => ({
      content: JSON.stringify(structureAnswer(source.chunks)),
    }));
    const { structure, counts } = await generateStructure(
      { title: "Photosynthesis", description: null },
      [source],
      provider,
    );

    const request = standIn?.requests[0];
    expect(request?.headers.authorization).toBe("Bearer test-key");
    expect(request?.body.model).toBe("stand-in-model");
    expect(request?.body.response_format?.type).toBe("json_schema");
    expect(request?.body.response_format?.json_schema?.name).toBe("structure");
    expect(JSON.stringify(request?.body.messages)).toContain(source.chunks[0]?.id);

    expect(report.fallbacks).toEqual([]);
    const citations = structure.sections[0]?.subtopics[0]?.citations ?? [];
    expect(citations).toHaveLength(1);
    expect(citations[0]?.exactLines[0]).toContain("Chlorophyll is a green pigment");
    expect(counts.citations).toEqual({ verified: 1, dropped: 2 });
    expect(structure.sections[0]?.section_id).toBe("section-1");
  });

  it("writes chapters through the same schemas and drops a question its citation does not support", async () => {
    const source = await pdfSource();
    const { provider } = await llmFromStandIn((request) => ({
      content: JSON.stringify(
        request.body.response_format?.json_schema?.name === "structure"
          ? structureAnswer(source.chunks)
          : chapterAnswer(source.chunks),
      ),
    }));
    const topic = { title: "Photosynthesis", description: null };
    const { structure } = await generateStructure(topic, [source], provider);
    const { chapters, counts } = await generateCourse(topic, structure, [source], provider);

    expect(standIn?.requests.map((request) => request.body.response_format?.json_schema?.name)).toEqual([
      "structure",
      "chapter",
    ]);
    const [overview, diagnostic, , practice, mastery] = chapters[0]?.activities ?? [];
    expect(diagnostic?.kind === "diagnostic" && diagnostic.payload.questions.map((q) => q.stem)).toEqual([
      "Which pigment is green?",
    ]);
    expect(mastery?.kind === "mastery" && mastery.payload.questions).toHaveLength(1);
    expect(practice?.kind === "practice" && practice.payload.cards).toHaveLength(1);
    expect(overview?.citations).toHaveLength(1);
    expect(counts.items.dropped).toBe(1);
    const ids = chapters[0]?.activities.flatMap((activity) =>
      activity.kind === "diagnostic" || activity.kind === "mastery"
        ? activity.payload.questions.map((q) => q.id)
        : [],
    );
    expect(new Set(ids).size).toBe(ids?.length);
  });

  it("falls back to the extractive provider when the answer does not fit the schema, and says so", async () => {
    const source = await pdfSource();
    const { provider, report } = await llmFromStandIn(() => ({ content: '{"title": 42}' }));
    const { structure, counts } = await generateStructure(
      { title: "Photosynthesis", description: null },
      [source],
      provider,
    );
    expect(report.fallbacks).toHaveLength(1);
    expect(report.fallbacks[0]).toMatch(/^structure: /);
    expect(structure.sections.map((section) => section.title)).toContain("The Calvin cycle");
    expect(counts.citations.dropped).toBe(0);
  });

  it("falls back as well when the endpoint refuses the request", async () => {
    const source = await pdfSource();
    const { provider, report } = await llmFromStandIn(() => ({
      status: 401,
      error: "Incorrect API key provided",
    }));
    const { structure } = await generateStructure(
      { title: "Photosynthesis", description: null },
      [source],
      provider,
    );
    expect(report.fallbacks[0]).toContain("Incorrect API key provided");
    expect(structure.sections.length).toBe(3);
  });
});
