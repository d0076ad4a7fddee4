import { z } from "zod";
import { citationSchema } from "./citation.ts";
import { PHASE_KINDS } from "./phase.ts";

/** docs/product.md §3/§9: the six activity kinds of a chapter, in their fixed order. */
export const ACTIVITY_KINDS = PHASE_KINDS;
export const activityKindSchema = z.enum(PHASE_KINDS);
export type ActivityKind = z.infer<typeof activityKindSchema>;

export const difficultySchema = z.enum(["easy", "medium", "hard"]);
export type Difficulty = z.infer<typeof difficultySchema>;

/**
 * Generated items carry the subtopic they practise, so a screen can map a wrong diagnostic answer to
 * the study blocks and cards of the same gap, and the citations their answer rests on.
 */
const groundedItem = {
  subtopic_id: z.string().nullable(),
  citations: z.array(citationSchema),
};

/** docs/product.md §3 diagnostic/mastery question; `correct_option` indexes `options` so answers can be scored. */
export const questionSchema = z
  .object({
    id: z.string().min(1),
    stem: z.string().min(1),
    options: z.array(z.string().min(1)).min(2),
    correct_option: z.number().int().nonnegative(),
    explanation: z.string(),
    difficulty: difficultySchema,
    ...groundedItem,
  })
  .refine((question) => question.correct_option < question.options.length, {
    message: "correct_option must index one of the options",
    path: ["correct_option"],
  });
export type Question = z.infer<typeof questionSchema>;

export const slideSchema = z.object({ title: z.string().min(1), bullets: z.array(z.string()) });
export type Slide = z.infer<typeof slideSchema>;

export const overviewPayloadSchema = z.object({
  slides: z.array(slideSchema),
  objectives: z.array(z.string()),
});

export const quizPayloadSchema = z.object({ questions: z.array(questionSchema) });

export const studyBlockTypeSchema = z.enum(["heading", "example", "qa", "text"]);
export type StudyBlockType = z.infer<typeof studyBlockTypeSchema>;

export const studyQuestionSchema = z.object({ stem: z.string().min(1), answer: z.string().min(1) });
export type StudyQuestion = z.infer<typeof studyQuestionSchema>;

/** docs/product.md §3 study block; only a `qa` block has a question. */
export const studyBlockSchema = z
  .object({
    type: studyBlockTypeSchema,
    content: z.string(),
    question: studyQuestionSchema.nullable(),
    ...groundedItem,
  })
  .refine((block) => (block.type === "qa") === (block.question !== null), {
    message: "a qa block has a question and other blocks have none",
    path: ["question"],
  });
export type StudyBlock = z.infer<typeof studyBlockSchema>;

export const studyPayloadSchema = z.object({ blocks: z.array(studyBlockSchema) });

/** docs/product.md §3 practice card; `id` is stable so spaced-repetition state can follow the card. */
export const practiceCardSchema = z.object({
  id: z.string().min(1),
  q: z.string().min(1),
  a: z.string().min(1),
  hint: z.string().nullable(),
  ...groundedItem,
});
export type PracticeCard = z.infer<typeof practiceCardSchema>;

export const practicePayloadSchema = z.object({ cards: z.array(practiceCardSchema) });

/** The two voices of an episode: a host who introduces and asks, an expert who explains from the source. */
export const SPEAKERS = ["host", "expert"] as const;
export const speakerSchema = z.enum(SPEAKERS);
export type Speaker = z.infer<typeof speakerSchema>;

/** The languages the generation engine detects; an episode is spoken in its source's language. */
export const contentLanguageSchema = z.enum(["en", "nl"]);
export type ContentLanguage = z.infer<typeof contentLanguageSchema>;

/** One turn of an episode's conversation with the exact source lines it rests on (none for a host's question). */
export const scriptTurnSchema = z.object({
  speaker: speakerSchema,
  text: z.string().trim().min(1).max(4000),
  citations: z.array(citationSchema),
});
export type ScriptTurn = z.infer<typeof scriptTurnSchema>;

/**
 * A recap episode. `script` and `language` came later: payloads written before them stay valid and are
 * heard as one voice reading the transcript.
 */
export const recapPayloadSchema = z.object({
  transcript: z.string(),
  bullets: z.array(z.string()),
  script: z.array(scriptTurnSchema).optional(),
  language: contentLanguageSchema.optional(),
});

/** The turns an episode is played as: its script, or (for a recap older than scripts) the transcript in one voice. */
export function episodeTurns(payload: RecapPayload): ScriptTurn[] {
  if (payload.script?.length) return payload.script;
  const transcript = payload.transcript.trim();
  return transcript ? [{ speaker: "expert", text: transcript, citations: [] }] : [];
}

/**
 * What recorded audio is checked against: the SHA-256 (hex) of the spoken turns, speaker and text in
 * order, which is all a speech provider is sent. The task stores it beside the audio; when the script
 * no longer hashes to it, the audio is out of date (citations do not change what is heard).
 */
export async function episodeScriptHash(
  turns: readonly Pick<ScriptTurn, "speaker" | "text">[],
): Promise<string> {
  const spoken = JSON.stringify(turns.map((turn) => [turn.speaker, turn.text]));
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(spoken));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** The language an episode is spoken in; a recap older than that field is taken to be English. */
export function episodeLanguage(payload: RecapPayload): ContentLanguage {
  return payload.language ?? "en";
}

export type OverviewPayload = z.infer<typeof overviewPayloadSchema>;
export type QuizPayload = z.infer<typeof quizPayloadSchema>;
export type StudyPayload = z.infer<typeof studyPayloadSchema>;
export type PracticePayload = z.infer<typeof practicePayloadSchema>;
export type RecapPayload = z.infer<typeof recapPayloadSchema>;

/** The payload schema of each kind (diagnostic and mastery share the quiz shape). */
export const PAYLOAD_SCHEMAS = {
  overview: overviewPayloadSchema,
  diagnostic: quizPayloadSchema,
  study: studyPayloadSchema,
  practice: practicePayloadSchema,
  mastery: quizPayloadSchema,
  recap: recapPayloadSchema,
} as const satisfies Record<ActivityKind, z.ZodType>;

export type PayloadOf<K extends ActivityKind> = z.infer<(typeof PAYLOAD_SCHEMAS)[K]>;

const activityOf = <K extends ActivityKind>(kind: K) =>
  z.object({ kind: z.literal(kind), title: z.string().min(1), payload: PAYLOAD_SCHEMAS[kind] });

/** An activity as stored (kind, title, payload), discriminated by kind. */
export const activitySchema = z.discriminatedUnion("kind", [
  activityOf("overview"),
  activityOf("diagnostic"),
  activityOf("study"),
  activityOf("practice"),
  activityOf("mastery"),
  activityOf("recap"),
]);
export type Activity = z.infer<typeof activitySchema>;

/** Parses a stored payload by its kind; `success: false` for an unknown kind or a malformed payload. */
export function parseActivityPayload(kind: string, payload: unknown) {
  return activitySchema.safeParse({ kind, title: kind, payload });
}

/** A chapter's activities are exactly the six kinds, once each, in the fixed order. */
export function hasSixPhasesInOrder(activities: readonly { kind: string }[]): boolean {
  return (
    activities.length === ACTIVITY_KINDS.length &&
    activities.every((activity, index) => activity.kind === ACTIVITY_KINDS[index])
  );
}
