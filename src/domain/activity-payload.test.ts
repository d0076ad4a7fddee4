import { describe, expect, it } from "vitest";
import {
  ACTIVITY_KINDS,
  activitySchema,
  episodeScriptHash,
  hasSixPhasesInOrder,
  parseActivityPayload,
} from "./activity-payload.ts";

const question = {
  id: "q1",
  stem: "Which pigment is green?",
  options: ["Chlorophyll", "Rubisco"],
  correct_option: 0,
  explanation: "The source says so.",
  difficulty: "easy",
  subtopic_id: null,
  citations: [],
};

describe("activity payloads", () => {
  it("has the six kinds in their fixed order", () => {
    expect(ACTIVITY_KINDS).toEqual(["overview", "diagnostic", "study", "practice", "mastery", "recap"]);
    expect(hasSixPhasesInOrder(ACTIVITY_KINDS.map((kind) => ({ kind })))).toBe(true);
    expect(hasSixPhasesInOrder([{ kind: "diagnostic" }, { kind: "overview" }])).toBe(false);
  });

  it("parses each kind's payload by its kind", () => {
    expect(parseActivityPayload("diagnostic", { questions: [question] }).success).toBe(true);
    expect(
      parseActivityPayload("practice", {
        cards: [{ id: "c", q: "Q", a: "A", hint: null, subtopic_id: null, citations: [] }],
      }).success,
    ).toBe(true);
    expect(parseActivityPayload("recap", { transcript: "Hi", bullets: [] }).success).toBe(true);
    expect(parseActivityPayload("recap", { questions: [] }).success).toBe(false);
    expect(parseActivityPayload("podcast", { transcript: "Hi", bullets: [] }).success).toBe(false);
  });

  it("refuses a correct_option outside the options and a qa block without a question", () => {
    expect(parseActivityPayload("mastery", { questions: [{ ...question, correct_option: 2 }] }).success).toBe(
      false,
    );
    const block = { type: "qa", content: "", question: null, subtopic_id: null, citations: [] };
    expect(parseActivityPayload("study", { blocks: [block] }).success).toBe(false);
    expect(
      activitySchema.safeParse({
        kind: "study",
        title: "S",
        payload: { blocks: [{ ...block, question: { stem: "Q", answer: "A" } }] },
      }).success,
    ).toBe(true);
  });
});

describe("episodeScriptHash", () => {
  const script = [
    { speaker: "host", text: "Wat zegt de tekst?", citations: [] },
    { speaker: "expert", text: "Planten maken suiker.", citations: [] },
  ] as const;

  it("is the SHA-256 of what is spoken, and ignores citations", async () => {
    const hash = await episodeScriptHash(script);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(await episodeScriptHash(script.map((turn) => ({ speaker: turn.speaker, text: turn.text })))).toBe(
      hash,
    );
  });

  it("changes with a turn's text or speaker", async () => {
    const hash = await episodeScriptHash(script);
    expect(await episodeScriptHash([script[0], { ...script[1], text: "Planten maken zetmeel." }])).not.toBe(
      hash,
    );
    expect(await episodeScriptHash([script[0], { ...script[1], speaker: "host" }])).not.toBe(hash);
  });
});
