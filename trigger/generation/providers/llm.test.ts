import { afterEach, describe, expect, it } from "vitest";
import type { Section } from "../../../src/domain/structure.ts";
import { buildCorpus, type CorpusSourceInput } from "../corpus.ts";
import { generateCourse, generateStructure } from "../engine.ts";
import { longSource } from "../fixtures/long-source.ts";
import {
  type ChatAnswer,
  type ChatRequest,
  cooperativeModel,
  type OpenAiStandIn,
  requestText,
  schemaName,
  shownChunks,
  startOpenAiStandIn,
} from "../fixtures/openai-stand-in.ts";
import { englishPdf } from "../fixtures/sources.ts";
import { type Chunk, ingestSource } from "../ingest/index.ts";
import { assignMaterial, type SectionMaterial } from "../material.ts";
import { placeAnswer } from "../support-check.ts";
import { type LlmUsage, providerFromEnv } from "./index.ts";
import type { LineRef } from "./llm-outline.ts";

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

/** A reference to the chunk line that contains `text`, as a careful model writes it: id and lines only. */
function ref(chunks: readonly Chunk[], text: string): LineRef {
  const chunk = chunks.find((candidate) => candidate.content.includes(text));
  if (!chunk) throw new Error(`no chunk contains ${text}`);
  const line =
    chunk.line_start + chunk.content.split("\n").findIndex((candidate) => candidate.includes(text));
  return { chunk_id: chunk.id, line_start: line, line_end: line };
}

function outlineAnswer(chunks: readonly Chunk[]) {
  const chlorophyll = ref(chunks, "Chlorophyll is a green pigment");
  return {
    title: "Photosynthesis",
    description: "How plants capture light.",
    sections: [
      {
        title: "Pigments",
        description: "Which pigments capture light.",
        continues_previous: false,
        subtopics: [
          {
            title: "Chlorophyll",
            description: "The green pigment.",
            key_points: ["Chlorophyll absorbs red and blue light."],
            citations: [
              chlorophyll,
              // Lines past the end of the chunk, and a chunk that was never shown.
              {
                ...chlorophyll,
                line_start: chlorophyll.line_start + 400,
                line_end: chlorophyll.line_end + 400,
              },
              { ...chlorophyll, chunk_id: "00000000-0000-8000-8000-000000000000" },
            ],
          },
        ],
      },
      {
        title: "Photosynthesis on Mars",
        description: "Invented: nothing in the source says so.",
        continues_previous: false,
        subtopics: [
          {
            title: "Martian light",
            description: "",
            key_points: [],
            citations: [{ ...chlorophyll, line_start: 900, line_end: 901 }],
          },
        ],
      },
    ],
  };
}

function question(
  stem: string,
  options: string[],
  citations: LineRef[],
  correct = 0,
  explanation = "See the source.",
) {
  return {
    stem,
    options,
    correct_option: correct,
    explanation,
    difficulty: "easy",
    form: "definition",
    subtopic_id: "section-1-1",
    citations,
  };
}

function chapterAnswer(chunks: readonly Chunk[]) {
  const chlorophyll = ref(chunks, "Chlorophyll is a green pigment");
  return {
    overview: {
      title: "Overview",
      slides: [{ title: "Pigments", bullets: ["Green"] }],
      objectives: ["Name the pigment that makes leaves green"],
    },
    diagnostic: {
      title: "Check",
      questions: [
        question("Which pigment is green?", ["Chlorophyll", "Rubisco", "Carotene", "Starch"], [chlorophyll]),
        // The answer is not what the cited line says.
        question("Which organelle is green?", ["Mitochondria", "Chlorophyll"], [chlorophyll]),
        // A distractor that is the source's sentence with one word swapped, and a blank on a function word.
        question(
          "Which statement is true?",
          [
            "Chlorophyll is a green pigment that absorbs red and blue light.",
            "Chlorophyll is a green pigment that absorbs red and green light.",
          ],
          [chlorophyll],
        ),
        question("Chlorophyll ___ a green pigment.", ["is", "was", "has"], [chlorophyll]),
        // An explanation that names a place: the options are reordered after the model wrote it.
        question(
          "What colour is chlorophyll?",
          ["Green", "Red", "Blue", "Yellow"],
          [chlorophyll],
          0,
          "The first option is right; the others are colours it absorbs.",
        ),
        // Two options that are one word spelled twice (a typo beside the right spelling).
        question(
          "What makes leaves green?",
          ["Chlorophyll", "Clorophyll", "Starch", "Rubisco"],
          [chlorophyll],
        ),
      ],
    },
    study: {
      title: "Study",
      blocks: [
        {
          type: "text",
          content: "Chlorophyll is green.",
          question: null,
          subtopic_id: null,
          citations: [chlorophyll],
        },
        // A qa block holds its question and no content: the schema asks for none.
        {
          type: "qa",
          question: { stem: "Which pigment makes leaves green?", answer: "Chlorophyll" },
          subtopic_id: "section-1-1",
          citations: [chlorophyll],
        },
      ],
    },
    practice: {
      title: "Practice",
      cards: [
        {
          q: "Green pigment?",
          a: "Chlorophyll",
          hint: "It starts with chlorophyll",
          subtopic_id: null,
          citations: [chlorophyll],
        },
        {
          q: "Which enzyme binds carbon dioxide?",
          a: "Rubisco",
          hint: null,
          subtopic_id: null,
          // True, but from another chapter's lines, which this chapter's call was not shown.
          citations: [ref(chunks, "Rubisco is the enzyme")],
        },
        {
          q: "Which colours does the green pigment absorb?",
          a: "Red and blue light",
          hint: null,
          subtopic_id: null,
          // An invalid range: the citation goes, and with it the card.
          citations: [
            { ...chlorophyll, line_start: chlorophyll.line_end + 1, line_end: chlorophyll.line_start },
          ],
        },
      ],
    },
    mastery: {
      title: "Mastery",
      questions: [
        question(
          "Why do most leaves look green?",
          [
            "They absorb green light",
            "They reflect green light",
            "They store green sugar",
            "They lack pigments",
          ],
          // The reason is on the line after the pigment's definition.
          [{ ...chlorophyll, line_end: chlorophyll.line_end + 1 }],
          1,
        ),
      ],
    },
    recap: {
      title: "Recap",
      transcript: "Chlorophyll is green.",
      bullets: ["Chlorophyll"],
      script: [
        { speaker: "host", text: "What makes a leaf green?", citations: [] },
        { speaker: "expert", text: "Chlorophyll is a green pigment.", citations: [chlorophyll] },
      ],
    },
  };
}

/** The last request the stand-in received under a schema's name. */
function lastRequest(name: string): ChatRequest {
  const found = standIn?.requests.filter((request) => schemaName(request) === name).at(-1);
  if (!found) throw new Error(`the stand-in received no ${name} request`);
  return found;
}

async function llmFromStandIn(
  answer: (request: ChatRequest) => ChatAnswer | Promise<ChatAnswer>,
  env: Record<string, string> = {},
  delayMs = 0,
) {
  standIn = await startOpenAiStandIn(answer, { delayMs });
  const usage: LlmUsage[] = [];
  const chosen = providerFromEnv(
    {
      LLM_BASE_URL: standIn.baseURL,
      LLM_API_KEY: "test-key",
      LLM_MODEL: "stand-in-model",
      LLM_COST_PER_1K_INPUT: "0.15",
      LLM_COST_PER_1K_OUTPUT: "0.6",
      ...env,
    },
    { onUsage: (call) => usage.push(call) },
  );
  return { ...chosen, usage };
}

const topic = { title: "Photosynthesis", description: null };

describe("llm provider", () => {
  it("is used only when LLM_BASE_URL and LLM_API_KEY are set", () => {
    expect(providerFromEnv({}).provider.name).toBe("extractive");
    expect(providerFromEnv({ LLM_BASE_URL: "http://127.0.0.1:9/v1" }).provider.name).toBe("extractive");
    expect(providerFromEnv({ LLM_BASE_URL: "http://127.0.0.1:9/v1", LLM_API_KEY: "k" }).provider.name).toBe(
      "llm",
    );
  });

  it("asks for an outline citing lines by reference, fills the lines in and drops invalid ranges", async () => {
    const source = await pdfSource();
    const { provider, report, usage } = await llmFromStandIn(() => ({
      content: JSON.stringify(outlineAnswer(source.chunks)),
      usage: { prompt_tokens: 2000, completion_tokens: 500 },
    }));
    const { structure, counts } = await generateStructure(topic, [source], provider);

    const request = standIn?.requests[0];
    expect(request?.headers.authorization).toBe("Bearer test-key");
    expect(request?.body.model).toBe("stand-in-model");
    expect(request?.body.temperature).toBe(0.4);
    expect(schemaName(request as ChatRequest)).toBe("outline");
    expect(requestText(request as ChatRequest)).toContain(source.chunks[0]?.id);
    expect(JSON.stringify(request?.body.response_format)).not.toContain("exactLines");

    expect(report.fallbacks).toEqual([]);
    const citations = structure.sections[0]?.subtopics[0]?.citations ?? [];
    expect(citations).toHaveLength(1);
    expect(citations[0]?.exactLines[0]).toContain("Chlorophyll is a green pigment");
    expect(citations[0]?.file_path).toBe(source.chunks[0]?.file_path);
    expect(counts.citations).toEqual({ verified: 1, dropped: 3 });
    // The invented section kept no citation, so it is gone rather than taught.
    expect(structure.sections.map((section) => section.title)).toEqual(["Pigments"]);
    expect(counts.items).toEqual({ kept: 1, dropped: 1 });
    expect(structure.title).toBe("Photosynthesis");

    expect(usage).toEqual([{ calls: 1, inputTokens: 2000, outputTokens: 500, costUsd: 0.3 + 0.3 }]);
    expect(report.llm).toMatchObject({ calls: 1, inputTokens: 2000, outputTokens: 500, repairs: 0 });
    expect(report.llm?.chunks.seen).toBe(source.chunks.length);
  });

  it("samples more freely for each regenerate and tells the model which version it writes", async () => {
    const source = await pdfSource();
    const { provider } = await llmFromStandIn(() => ({
      content: JSON.stringify(outlineAnswer(source.chunks)),
    }));
    await generateStructure({ ...topic, variant: 2 }, [source], provider);
    const request = standIn?.requests[0] as ChatRequest;
    expect(request.body.temperature).toBeCloseTo(0.8);
    expect(request.body.seed).toBe(2);
    expect(requestText(request)).toContain("version 3");
  });

  it("names the questions a teacher asked to replace in the chapter prompt", async () => {
    const source = await pdfSource();
    const { provider } = await llmFromStandIn((request) => ({
      content: JSON.stringify(
        schemaName(request) === "outline" ? outlineAnswer(source.chunks) : chapterAnswer(source.chunks),
      ),
    }));
    const { structure } = await generateStructure(topic, [source], provider);
    const corpus = buildCorpus([source]);
    const section = structure.sections[0] as Section;
    const material = assignMaterial(structure, corpus, "en").get(section.section_id) as SectionMaterial;
    const replacing = [{ stem: "Which pigment makes leaves green?", options: ["Chlorophyll", "Carotene"] }];
    await provider.chapter({ topic, structure, section, material, corpus, replacing });
    const prompt = requestText(standIn?.requests.at(-1) as ChatRequest);
    expect(prompt).toContain("A teacher asked to replace these questions");
    expect(prompt).toContain("1. Which pigment makes leaves green? (options: Chlorophyll | Carotene)");
  });

  it("shows a chapter only its own lines of a chunk that runs on into the next chapter", async () => {
    // One stored chunk holding both chapters, as a page of a PDF does where a chapter ends mid-page.
    const lines = [
      "Dikes",
      "A dike holds back the water of the river. Dikes are built from clay and sand. Behind the dike lies the polder.",
      "Pumps",
      "A pumping station lifts the water out of the polder. The pumps once ran on wind and later on steam.",
    ];
    const chunk: Chunk = {
      id: "00000000-0000-4000-8000-000000000001",
      source_id: "m",
      file_path: null,
      file_name: "water.txt",
      page_number: null,
      line_start: 0,
      line_end: lines.length - 1,
      content: lines.join("\n"),
    };
    const source: CorpusSourceInput = { id: "m", kind: "text", file_name: "water.txt", chunks: [chunk] };
    const { structure } = await generateStructure(topic, [source], providerFromEnv({}).provider);
    const corpus = buildCorpus([source]);
    const section = structure.sections[0] as Section;
    expect(section.title).toBe("Dikes");
    const material = assignMaterial(structure, corpus, "en").get(section.section_id) as SectionMaterial;
    const { provider } = await llmFromStandIn(() => ({ content: "{}" }));
    await provider.chapter({ topic, structure, section, material, corpus }).catch(() => undefined);
    const prompt = requestText(standIn?.requests[0] as ChatRequest);
    expect(prompt).toContain("A dike holds back the water of the river.");
    expect(prompt).not.toContain("A pumping station lifts the water out of the polder.");
  });

  it("fills chapter citations, drops unsupported answers and invalid ranges, and strips revealing hints", async () => {
    const source = await pdfSource();
    const { provider, report } = await llmFromStandIn((request) => ({
      content: JSON.stringify(
        schemaName(request) === "outline" ? outlineAnswer(source.chunks) : chapterAnswer(source.chunks),
      ),
    }));
    const { structure } = await generateStructure(topic, [source], provider);
    const { chapters, counts } = await generateCourse(topic, structure, [source], provider);

    // The recap and the podcast fall short of the shape's words, and the right option is at one end of
    // the lengths in most questions, so each is asked for once more, all at once; this answerer replies with a chapter
    // again, which misses each schema twice, and the first ones stand.
    expect(standIn?.requests.slice(0, 2).map(schemaName)).toEqual(["outline", "chapter"]);
    expect(standIn?.requests.slice(2).map(schemaName).sort()).toEqual([
      "podcast_script",
      "podcast_script",
      "question_options",
      "question_options",
      "recap_transcript",
      "recap_transcript",
    ]);
    const chapterPrompt = requestText(standIn?.requests[1] as ChatRequest);
    expect(chapterPrompt).toContain("Why");
    // The counts come from the section's teachable sentences (course-shape.ts): one subtopic of four
    // short sentences asks for one diagnostic question and a recap shorter than 150 words.
    expect(chapterPrompt).toContain("diagnostic 1 question,");
    expect(chapterPrompt).toMatch(/recap transcript \d+-230 words/);
    expect(chapterPrompt).toContain("counting from 0");
    // The rules blind gradings asked for, each beside the flaw it answers.
    for (const rule of [
      // A slide showed only the first of its subtopic's points ("A vaccine that targets the S protein").
      "cover every point the subtopic makes",
      // The right option was the longest in 35 of 62 questions, each by a little.
      "the longest of its four in no",
      // Explanations glossed beyond their lines ("the simplest", "values from 0.01 upward").
      "nor a gloss, ranking or range of your own",
      // Recaps said "In contrast" seven times, where nothing was contrasted.
      "'in contrast' ('daarentegen') only between two things",
      // Slides stated the diagnostic's answers just before it was asked.
      "never state its answer",
      // Explanations ruled options out with outside facts ("a receptor used by other viruses").
      "never with a fact from outside them",
      // "there isn't always a clear-cut way" became "no clear-cut boundary".
      "'not always' never 'never'",
    ])
      expect(chapterPrompt).toContain(rule);
    expect(chapterPrompt).not.toContain("A teacher asked to replace");
    // The schema asks a qa block for its question only, and the other blocks for their content only.
    const sent = standIn?.requests[1]?.body.response_format?.json_schema?.schema as {
      properties: { study: { properties: { blocks: { items: { anyOf: Array<{ properties: object }> } } } } };
    };
    expect(
      sent.properties.study.properties.blocks.items.anyOf.map((variant) => Object.keys(variant.properties)),
    ).toEqual([
      ["type", "content", "subtopic_id", "citations"],
      ["type", "question", "subtopic_id", "citations"],
    ]);
    expect(report.fallbacks).toEqual([]);

    const [overview, diagnostic, study, practice, mastery] = chapters[0]?.activities ?? [];
    expect(
      study?.kind === "study" &&
        study.payload.blocks.map((block) => [block.type, block.content, block.question]),
    ).toEqual([
      ["text", "Chlorophyll is green.", null],
      ["qa", "", { stem: "Which pigment makes leaves green?", answer: "Chlorophyll" }],
    ]);
    expect(diagnostic?.kind === "diagnostic" && diagnostic.payload.questions.map((q) => q.stem)).toEqual([
      "Which pigment is green?",
    ]);
    const kept = diagnostic?.kind === "diagnostic" ? diagnostic.payload.questions[0] : undefined;
    expect(kept?.options[kept.correct_option]).toBe("Chlorophyll");
    expect(kept?.citations[0]?.exactLines[0]).toContain("Chlorophyll is a green pigment");
    expect(kept?.subtopic_id).toBe("section-1-1");
    const why = mastery?.kind === "mastery" ? mastery.payload.questions[0] : undefined;
    expect(why?.options[why.correct_option]).toBe("They reflect green light");
    expect(
      practice?.kind === "practice" && practice.payload.cards.map((card) => [card.a, card.hint]),
    ).toEqual([["Chlorophyll", null]]);
    expect(overview?.citations).toHaveLength(1);
    // The unsupported diagnostic question, the card citing another chapter, the card with an invalid range.
    expect(counts.items.dropped).toBe(3);
    expect(counts.citations.dropped).toBe(2);
    expect(report.llm?.hintsRemoved).toBe(1);
    // The function-word blank, the swapped-word distractor, the explanation naming a place and the
    // near-duplicate options.
    expect(report.llm?.itemsRejected).toBe(4);
  });

  it("writes the recap as a two-voice script whose expert cites its lines, in the source's language", async () => {
    const source = await pdfSource();
    const { provider, report } = await llmFromStandIn((request) => ({
      content: JSON.stringify(
        schemaName(request) === "outline" ? outlineAnswer(source.chunks) : chapterAnswer(source.chunks),
      ),
    }));
    const { structure } = await generateStructure(topic, [source], provider);
    const { chapters } = await generateCourse(topic, structure, [source], provider);

    expect(requestText(standIn?.requests[1] as ChatRequest)).toContain("podcast script");
    expect(report.fallbacks).toEqual([]);
    const recap = chapters[0]?.activities.find((activity) => activity.kind === "recap");
    const payload = recap?.kind === "recap" ? recap.payload : undefined;
    expect(payload?.transcript).toBe("Chlorophyll is green.");
    expect(payload?.language).toBe("en");
    expect(payload?.script?.map((turn) => [turn.speaker, turn.text])).toEqual([
      ["host", "What makes a leaf green?"],
      ["expert", "Chlorophyll is a green pigment."],
    ]);
    expect(payload?.script?.[1]?.citations[0]?.exactLines[0]).toContain("Chlorophyll is a green pigment");
  });

  it.each([
    [
      "says what its lines do not",
      "Chlorophyll was first found on Mars.",
      "says what its cited lines do not: “Chlorophyll was first found on Mars.”",
    ],
    ["cites lines that do not exist", "Chlorophyll is a green pigment.", "cites no line that verifies"],
  ])(
    "keeps the model's transcript without the conversation when its expert %s, and says so",
    async (_, said, why) => {
      const source = await pdfSource();
      const { provider, report } = await llmFromStandIn((request) => {
        if (schemaName(request) === "outline")
          return { content: JSON.stringify(outlineAnswer(source.chunks)) };
        const answer = chapterAnswer(source.chunks);
        const [cited] = answer.recap.script[1]?.citations ?? [];
        const citation =
          why.includes("verifies") && cited ? { ...cited, line_start: 900, line_end: 901 } : cited;
        answer.recap.script[1] = { speaker: "expert", text: said, citations: citation ? [citation] : [] };
        return { content: JSON.stringify(answer) };
      });
      const { structure } = await generateStructure(topic, [source], provider);
      const { chapters } = await generateCourse(topic, structure, [source], provider);

      expect(report.fallbacks).toEqual([
        `recap script of section-1: turn 2 ${why}; the transcript is heard alone`,
      ]);
      const activities = chapters[0]?.activities ?? [];
      expect(activities.find((activity) => activity.kind === "practice")?.title).toBe("Practice");
      const recap = activities.find((activity) => activity.kind === "recap");
      const payload = recap?.kind === "recap" ? recap.payload : undefined;
      expect(payload?.transcript).toBe("Chlorophyll is green.");
      expect(payload?.script).toBeUndefined();
    },
  );

  it("drops only the expert turn its lines do not back, with the question before it, and keeps the model's recap", async () => {
    const source = await pdfSource();
    const { provider, report } = await llmFromStandIn((request) => {
      if (schemaName(request) === "outline") return { content: JSON.stringify(outlineAnswer(source.chunks)) };
      const answer = chapterAnswer(source.chunks);
      const [host, expert] = answer.recap.script;
      if (!host || !expert) throw new Error("the fixture's recap has a host and an expert turn");
      const stray = {
        speaker: "expert",
        text: "Chlorophyll was first found on Mars.",
        citations: expert.citations,
      };
      const closing = { speaker: "host", text: "Thanks for listening.", citations: [] };
      answer.recap.script = [
        host,
        expert,
        { ...host, text: "And where was it found?" },
        stray,
        host,
        expert,
        closing,
      ];
      return { content: JSON.stringify(answer) };
    });
    const { structure } = await generateStructure(topic, [source], provider);
    const { chapters } = await generateCourse(topic, structure, [source], provider);

    expect(report.fallbacks).toEqual([
      "recap script of section-1: dropped turn 4 says what its cited lines do not: “Chlorophyll was first found on Mars.”",
    ]);
    const recap = chapters[0]?.activities.find((activity) => activity.kind === "recap");
    const payload = recap?.kind === "recap" ? recap.payload : undefined;
    expect(payload?.transcript).toBe("Chlorophyll is green.");
    const texts = payload?.script?.map((turn) => turn.text) ?? [];
    expect(texts).toHaveLength(5);
    expect(texts.join(" ")).not.toMatch(/Mars|where was it found/);
    expect(texts.at(-1)).toBe("Thanks for listening.");
  });

  it("asks once more for a podcast whose turn the verifier would drop, and keeps a rewrite whose every turn is grounded", async () => {
    const source = await pdfSource();
    const chlorophyll = ref(source.chunks, "Chlorophyll is a green pigment");
    const pair = [
      { speaker: "host", text: "What makes a leaf green?", citations: [] },
      { speaker: "expert", text: "A green pigment, chlorophyll.", citations: [chlorophyll] },
    ];
    const { provider, report } = await llmFromStandIn((request) => {
      const name = schemaName(request);
      if (name === "outline") return { content: JSON.stringify(outlineAnswer(source.chunks)) };
      if (name === "podcast_script") {
        const [, min = "0"] = /podcast script (\d+)-\d+ words/u.exec(requestText(request)) ?? [];
        const script = Array.from({ length: Math.ceil(Number(min) / 9) + 1 }, () => pair).flat();
        return { content: JSON.stringify({ script }) };
      }
      const answer = chapterAnswer(source.chunks);
      const stray = {
        speaker: "expert",
        text: "Chlorophyll was first found on Mars.",
        citations: [chlorophyll],
      };
      const question = { speaker: "host", text: "Where was it found?", citations: [] };
      answer.recap.script = [...pair, question, stray, ...pair, ...pair];
      return { content: JSON.stringify(answer) };
    });
    const { structure } = await generateStructure(topic, [source], provider);
    const { chapters } = await generateCourse(topic, structure, [source], provider);

    const prompt = requestText(lastRequest("podcast_script"));
    expect(prompt).toContain(
      "4. expert: Chlorophyll was first found on Mars.  <- this turn says what its cited lines do not: “Chlorophyll was first found on Mars.”",
    );
    expect(prompt).not.toContain("2. expert: A green pigment, chlorophyll.  <-");
    const recap = chapters[0]?.activities.find((activity) => activity.kind === "recap");
    const texts = recap?.kind === "recap" ? (recap.payload.script ?? []).map((turn) => turn.text) : [];
    expect(texts.join(" ")).not.toMatch(/Mars|Where was it found/);
    expect(texts.slice(0, 2)).toEqual(["What makes a leaf green?", "A green pigment, chlorophyll."]);
    expect(report.llm?.podcastsRewritten).toBe(1);
    expect(report.fallbacks.filter((line) => line.startsWith("recap script"))).toEqual([]);
  });

  it("asks once more for the wrong options of a chapter whose right option is mostly the longest, and keeps a rewrite that ends the habit", async () => {
    const source = await pdfSource();
    const chlorophyll = ref(source.chunks, "Chlorophyll is a green pigment");
    const longest = (stem: string) =>
      question(stem, ["Chlorophyll", "Haem", "Carotene", "Starch"], [chlorophyll]);
    const { provider, report } = await llmFromStandIn((request) => {
      const name = schemaName(request);
      if (name === "outline") return { content: JSON.stringify(outlineAnswer(source.chunks)) };
      if (name === "question_options") {
        const count = (requestText(request).match(/^\d+\. /gmu) ?? []).length;
        const questions = Array.from({ length: count }, (_, index) => ({
          number: index + 1,
          wrong_options: ["Anthocyanin and xanthophyll", "Haem", "Starch"],
          explanation:
            "“Chlorophyll” is the green pigment; “Anthocyanin and xanthophyll”, “Haem” and “Starch” are not.",
        }));
        return { content: JSON.stringify({ questions }) };
      }
      const answer = chapterAnswer(source.chunks);
      answer.diagnostic.questions = ["Which pigment is green?", "What colours a leaf?"].map(longest);
      answer.mastery.questions = [
        "What is green in leaves?",
        "Which pigment do leaves hold?",
        "Name the green pigment.",
      ].map(longest);
      return { content: JSON.stringify(answer) };
    });
    const { structure } = await generateStructure(topic, [source], provider);
    const { chapters } = await generateCourse(topic, structure, [source], provider);

    const prompt = requestText(lastRequest("question_options"));
    expect(prompt).toContain("In 5 of your 5 questions the right option is the longest of its options");
    expect(prompt).toContain(
      "1. Which pigment is green?\n   right: Chlorophyll\n   wrong: Haem | Carotene | Starch",
    );
    const questions = chapters[0]?.activities.flatMap((activity) =>
      activity.kind === "diagnostic" || activity.kind === "mastery" ? activity.payload.questions : [],
    );
    expect(questions?.length).toBeGreaterThan(0);
    for (const written of questions ?? []) {
      expect([...written.options].sort()).toEqual([
        "Anthocyanin and xanthophyll",
        "Chlorophyll",
        "Haem",
        "Starch",
      ]);
      expect(written.options[written.correct_option]).toBe("Chlorophyll");
    }
    expect(report.llm?.optionsRewritten).toBe(1);
  });

  it("asks once more for a recap shorter than the chapter's shape, and keeps a rewrite only within range", async () => {
    const source = await pdfSource();
    const rewrites = [3, 160];
    const { provider, report } = await llmFromStandIn((request) => {
      const name = schemaName(request);
      if (name === "outline") return { content: JSON.stringify(outlineAnswer(source.chunks)) };
      if (name !== "recap_transcript") return { content: JSON.stringify(chapterAnswer(source.chunks)) };
      const words = rewrites.shift() ?? 0;
      return {
        content: JSON.stringify({ transcript: Array.from({ length: words }, () => "green").join(" ") }),
      };
    });
    const { structure } = await generateStructure(topic, [source], provider);
    const transcriptOf = async () => {
      const { chapters } = await generateCourse(topic, structure, [source], provider);
      const recap = chapters[0]?.activities.find((activity) => activity.kind === "recap");
      return recap?.kind === "recap" ? recap.payload.transcript : null;
    };
    // Three words are still too few: the model's first transcript stands.
    expect(await transcriptOf()).toBe("Chlorophyll is green.");
    const prompt = requestText(lastRequest("recap_transcript"));
    expect(prompt).toMatch(/Your recap transcript has 3 words; this chapter asks for \d+ to 230/);
    // A rewrite of 160 words is kept, unless the shape asks for fewer.
    const longer = await transcriptOf();
    expect(longer?.split(" ")).toHaveLength(160);
    expect(report.llm?.recapsRewritten).toBe(1);
    expect(report.fallbacks).toEqual([]);
  });

  it("asks once more for a recap that states a cause its lines do not, and keeps a rewrite that states none", async () => {
    const source = await pdfSource();
    const plain = "Chlorophyll is a green pigment. ".repeat(31).trim();
    const added = "Leaves look green because chlorophyll is a pigment.";
    const { provider, report } = await llmFromStandIn((request) => {
      const name = schemaName(request);
      if (name === "outline") {
        // A section whose lines state no cause at all.
        const outline = outlineAnswer(source.chunks);
        const [pigments] = outline.sections;
        const [subtopic] = pigments?.subtopics ?? [];
        if (subtopic) subtopic.citations = [ref(source.chunks, "Carotenoids are yellow")];
        return { content: JSON.stringify(outline) };
      }
      if (name === "recap_transcript") return { content: JSON.stringify({ transcript: plain }) };
      const chapter = chapterAnswer(source.chunks);
      chapter.recap.transcript = `${added} ${"Chlorophyll is a green pigment. ".repeat(30).trim()}`;
      return { content: JSON.stringify(chapter) };
    });
    const { structure } = await generateStructure(topic, [source], provider);
    const { chapters } = await generateCourse(topic, structure, [source], provider);
    const recap = chapters[0]?.activities.find((activity) => activity.kind === "recap");
    expect(recap?.kind === "recap" ? recap.payload.transcript : null).toBe(plain);
    expect(requestText(lastRequest("recap_transcript"))).toContain(`- ${added}`);
    expect(report.llm?.recapsRewritten).toBe(1);
  });

  it("sends a schema failure back once with the validation error, and keeps the repaired answer", async () => {
    const source = await pdfSource();
    let calls = 0;
    const { provider, report } = await llmFromStandIn(() => {
      calls++;
      return calls === 1
        ? { content: '{"title": 42, "sections": "none"}' }
        : { content: JSON.stringify(outlineAnswer(source.chunks)) };
    });
    const { structure } = await generateStructure(topic, [source], provider);
    expect(report.fallbacks).toEqual([]);
    expect(report.llm?.repairs).toBe(1);
    expect(structure.sections[0]?.title).toBe("Pigments");
    const repair = standIn?.requests[1] as ChatRequest;
    expect(repair.body.messages.map((message) => message.role)).toEqual([
      "system",
      "user",
      "assistant",
      "user",
    ]);
    expect(repair.body.messages.at(-1)?.content).toMatch(/does not match the required JSON schema "outline"/);
    expect(repair.body.messages.at(-1)?.content).toContain("title");
  });

  it("falls back to the extractive provider when the repaired answer still does not fit, and says so", async () => {
    const source = await pdfSource();
    const { provider, report } = await llmFromStandIn(() => ({ content: "not json at all" }));
    const { structure, counts } = await generateStructure(topic, [source], provider);
    expect(standIn?.requests).toHaveLength(2);
    expect(report.fallbacks).toHaveLength(1);
    expect(report.fallbacks[0]).toMatch(
      /^structure: the outline answer did not fit its schema, also after a repair/,
    );
    expect(structure.sections.map((section) => section.title)).toContain("The Calvin cycle");
    expect(counts.citations.dropped).toBe(0);
  });

  it("keeps the merged outline when the reduce answer does not cover every section, even after a repair", async () => {
    const source = longSource(30);
    const { provider, report } = await llmFromStandIn(
      (request) =>
        schemaName(request) === "structure"
          ? {
              content: JSON.stringify({
                title: "T",
                description: "",
                sections: [{ first: 0, last: 0, title: "Only", description: "" }],
              }),
            }
          : cooperativeModel(request),
      { LLM_BATCH_CHARACTERS: "8000" },
    );
    const { structure } = await generateStructure(topic, [source], provider);
    expect(standIn?.requests.filter((request) => schemaName(request) === "structure")).toHaveLength(2);
    expect(report.llm?.repairs).toBe(1);
    expect(report.fallbacks).toEqual([]);
    expect(structure.title).toBe("Photosynthesis");
    expect(structure.sections.map((section) => section.title)).toEqual([
      expect.stringMatching(/^Chapter 1 /),
      expect.stringMatching(/^Chapter 2 /),
      expect.stringMatching(/^Chapter 3 /),
    ]);
  });

  it("falls back to the extractive provider for a chapter whose answer stays outside the schema", async () => {
    const source = await pdfSource();
    const { provider, report } = await llmFromStandIn((request) =>
      schemaName(request) === "outline"
        ? { content: JSON.stringify(outlineAnswer(source.chunks)) }
        : { content: JSON.stringify({ overview: { title: "" } }) },
    );
    const { structure } = await generateStructure(topic, [source], provider);
    const { chapters } = await generateCourse(topic, structure, [source], provider);
    expect(standIn?.requests.map(schemaName)).toEqual(["outline", "chapter", "chapter"]);
    expect(report.fallbacks).toEqual([
      expect.stringMatching(/^chapter section-1: the chapter answer did not fit/),
    ]);
    expect(chapters[0]?.activities).toHaveLength(6);
  });

  it("falls back as well when the endpoint refuses the request", async () => {
    const source = await pdfSource();
    const { provider, report } = await llmFromStandIn(() => ({
      status: 401,
      error: "Incorrect API key provided",
    }));
    const { structure } = await generateStructure(topic, [source], provider);
    expect(report.fallbacks[0]).toContain("Incorrect API key provided");
    expect(structure.sections.length).toBe(3);
  });

  it("reads all of a 200-page source, a bounded number of calls at a time, and writes every chapter", async () => {
    const source = longSource(200);
    const { provider, report, usage, chapterConcurrency } = await llmFromStandIn(
      cooperativeModel,
      { LLM_CONCURRENCY: "3" },
      5,
    );
    const { structure, counts } = await generateStructure(topic, [source], provider);

    const outlineCalls = standIn?.requests.filter((request) => schemaName(request) === "outline") ?? [];
    const seen = new Set(outlineCalls.flatMap((request) => shownChunks(request).map((chunk) => chunk.id)));
    expect(seen.size).toBe(source.chunks.length);
    expect([...seen].sort()).toEqual(source.chunks.map((chunk) => chunk.id).sort());
    expect(outlineCalls.length).toBeGreaterThan(5);
    expect(outlineCalls.every((request) => requestText(request).length < 48_000)).toBe(true);
    expect(standIn?.requests.filter((request) => schemaName(request) === "structure")).toHaveLength(1);
    expect(standIn?.maxInFlight).toBeLessThanOrEqual(3);
    expect(standIn?.maxInFlight).toBeGreaterThan(1);

    // Twenty chapters of ten pages each, whichever batch boundaries cut through them.
    expect(structure.sections).toHaveLength(20);
    expect(structure.sections.map((section) => section.title)).toEqual(
      Array.from({ length: 20 }, (_, index) => expect.stringMatching(new RegExp(`^Chapter ${index + 1} `))),
    );
    expect(counts.citations.dropped).toBe(0);
    expect(report.fallbacks).toEqual([]);

    const before = standIn?.requests.length ?? 0;
    const progress: number[] = [];
    const course = await generateCourse(
      topic,
      structure,
      [source],
      provider,
      async (done) => {
        progress.push(done);
      },
      { concurrency: chapterConcurrency },
    );
    expect(chapterConcurrency).toBe(3);
    expect((standIn?.requests.length ?? 0) - before).toBe(20);
    expect(standIn?.maxInFlight).toBeLessThanOrEqual(3);
    expect(course.chapters.map((chapter) => chapter.section_id)).toEqual(
      structure.sections.map((section) => section.section_id),
    );
    expect(progress).toEqual(Array.from({ length: 20 }, (_, index) => index + 1));
    expect(course.counts.items.dropped).toBe(0);
    expect(course.counts.items.kept).toBeGreaterThan(100);
    expect(report.fallbacks).toEqual([]);
    expect(usage).toHaveLength(standIn?.requests.length ?? -1);
    expect(report.llm?.calls).toBe(standIn?.requests.length);
    expect(report.llm?.chunks).toEqual({ total: source.chunks.length, seen: source.chunks.length });
  });
});

describe("placeAnswer: the marked option follows the answer wherever it is moved", () => {
  const options = ["Chlorophyll", "Rubisco", "Carotene", "Starch"];
  it.each([
    { correct: 0, slot: 0 },
    { correct: 0, slot: 2 },
    { correct: 3, slot: 1 },
    { correct: 1, slot: 3 },
    { correct: 2, slot: 7 },
    { correct: 2, slot: -1 },
  ])("answer at $correct moved to slot $slot", ({ correct, slot }) => {
    const placed = placeAnswer(options, correct, slot);
    expect(placed.options[placed.correct]).toBe(options[correct]);
    expect(placed.correct).toBe(((slot % 4) + 4) % 4);
    expect([...placed.options].sort()).toEqual([...options].sort());
  });
});
