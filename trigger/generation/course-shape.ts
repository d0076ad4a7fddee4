/**
 * The shape of a chapter, defined once for both providers, the engine's checks, the quality counts and
 * docs/generation.md: which activities it has, how many items each holds, how long its recap and podcast
 * script are, which question forms must appear, and the bounds of the checks on options and recaps.
 *
 * The counts scale with what a section can teach: its teachable statements (complete body sentences that
 * state something, not questions, exercise prompts or reference entries; a lead-in with its list items
 * counts as one statement). A short or non-teaching section
 * (an abstract, a list of titles, review questions, a reference list) gets fewer items or none, never
 * padding: an item without material to stand on would be shallow or invented.
 */
import { ACTIVITY_KINDS } from "../../src/domain/activity-payload.ts";
import type { Section } from "../../src/domain/structure.ts";
import type { Sentence } from "./corpus.ts";
import type { SectionMaterial } from "./material.ts";
import { words } from "./text/language.ts";

/** The six activities of every chapter, in their fixed order (docs/product.md §3). */
export const CHAPTER_ACTIVITIES = ACTIVITY_KINDS;

/**
 * A section read at once is split into at most this many subtopics (by the offline grouping and in the
 * model's structure request). A chapter the model read in several parts gathers the subtopics of each.
 */
export const SUBTOPICS_PER_PART = 6;

/** Upper bounds per chapter, whatever the material: a micro-learning chapter stays short. */
export const ITEM_LIMITS = {
  /**
   * One diagnostic question per subtopic that teaches something, up to this many: two parts' worth of
   * subtopics, since a subtopic the diagnostic never asks about cannot be skipped or targeted (a graded
   * chapter of 12 subtopics was asked about 5). A chapter with more asks about the first twelve in
   * reading order (`diagnosticSubtopics`).
   */
  diagnostic: 2 * SUBTOPICS_PER_PART,
  /** Practice cards per chapter, and per subtopic. */
  cards: 8,
  cardsPerSubtopic: 4,
  /** Mastery questions per chapter; fewer than `masteryMin` is no mastery check at all. */
  mastery: 6,
  masteryMin: 2,
  /** Learning objectives and overview slides. */
  objectives: 5,
  slides: 4,
  /** Study blocks per subtopic: heading, explanation, example (when the source gives one), question. */
  studyBlocksPerSubtopic: 4,
} as const;

/**
 * How many teachable statements one item stands on, per activity: a learning objective names an idea of
 * a few statements, a card and a mastery question each need about two (a short section would otherwise
 * ask about every sentence two or three times, once per activity). Rounding is up (one statement still
 * gets one objective and one card; three statements a final check of two questions).
 */
const STATEMENTS_PER = { objective: 3, card: 2, masteryQuestion: 2 } as const;
/** Recap bullets: 3 to 5, never more than the chapter's teachable statements. */
export const RECAP_BULLETS = { min: 3, max: 5 } as const;

/** The recap: a spoken script of 60 to 90 seconds, at about 150 words a minute. */
export const RECAP_WORDS = { min: 150, max: 230 } as const;
/** The podcast script: the same recap as turns, with the host's short questions on top. */
export const PODCAST_WORDS = { min: 150, max: 300 } as const;
/**
 * A recap shorter than 150 words is right when the section says less: at most this many words of script
 * per teachable word of the section are asked for (a summary is shorter than what it summarises). At
 * half a word, blind graders marked recaps of 91 to 141 words down on sections of two or three
 * paragraphs, where a connected script has room to explain how the points fit together.
 */
const RECAP_PER_TEACHABLE_WORD = 0.75;

/** Question forms every course must show (read from stems by `questionForm` in quality.ts). */
export const REQUIRED_FORMS = ["cloze", "cause", "definition"] as const;
/** Forms a chapter's quizzes must include, where its lines state such a cause or definition. */
export const CHAPTER_FORMS = ["cause", "definition"] as const;
/** A chapter with fewer questions than this is not asked for every form. */
const QUESTIONS_FOR_FORMS = 3;

/**
 * Recap and podcast turns explain in their own words: of a text's word n-grams, at most `maxShare` may
 * occur verbatim in the lines it cites (a key term or a short phrase is fine, a read-aloud sentence not).
 */
export const VERBATIM = { ngram: 5, maxShare: 0.5 } as const;

/**
 * The right option must not give itself away by length. An item whose right option is longer than its
 * longest wrong option by more than `ratio` and by at least `minChars` characters (about two words: terms
 * such as "lava" and "magmakamer" differ by nature) has the tell, as has one shorter than its shortest
 * wrong option the same way. When more than `maxShare` of a chapter's questions, and at least `minCount`,
 * have it, it is a habit a test-wise learner exploits: the engine drops the long ones (their options
 * cannot be rewritten after the fact, and reordering does not hide length).
 */
export const ANSWER_LENGTH_TELL = { ratio: 1.3, minChars: 12, maxShare: 0.25, minCount: 2 } as const;

/**
 * A subtler length habit than the tell above: the right option merely the longest (or the shortest) of its
 * question, by a little, in more than `maxShare` of a chapter's questions, where chance gives a quarter. A
 * graded model chapter had its right option the longest in 35 of 62 questions, each within the tell's
 * margin, and a learner who always picks the longest option would pass it. Fewer than `minQuestions` are
 * too few to call a habit.
 */
export const ANSWER_LENGTH_HABIT = { maxShare: 0.4, minQuestions: 5 } as const;

/** What a chapter of one section should hold, computed from its teachable statements. */
export interface ChapterShape {
  /** Teachable statements per subtopic id, and in all (`sentences`: a lead-in with its list is one). */
  teachable: { bySubtopic: Map<string, number>; sentences: number; words: number };
  /**
   * Subtopics with at least one teachable statement: the ones study, practice and mastery cover. Any
   * other subtopic (its lines only name, list titles, ask or cite) gets an overview slide and nothing else.
   */
  teachingSubtopics: string[];
  /** The teaching subtopics the diagnostic asks about, one question each: the first twelve in reading order. */
  diagnosticSubtopics: string[];
  diagnostic: number;
  mastery: number;
  cards: number;
  studyBlocks: number;
  objectives: { min: number; max: number };
  recapWords: { min: number; max: number };
  podcastWords: { min: number; max: number };
  recapBullets: { min: number; max: number };
  /** Forms the chapter's quizzes include where the lines state one (none for a tiny chapter). */
  forms: readonly (typeof CHAPTER_FORMS)[number][];
}

// Rules as data: what marks a sentence as something other than teaching text.
/**
 * Exercise prompts and learning objectives that open with an instruction ("Explain why …", "Leg uit …",
 * "Enumerate some examples …"). Only verbs that open no statement as a noun: not "list", "name",
 * "open", "contrast", "go" ("Open source software is …").
 */
const EXERCISE_OPENERS = new Set([
  "explain",
  "describe",
  "enumerate",
  "understand",
  "recognise",
  "recognize",
  "distinguish",
  "apply",
  "evaluate",
  "analyse",
  "analyze",
  "discuss",
  "compare",
  "define",
  "summarise",
  "summarize",
  "calculate",
  "identify",
  "write",
  "rewrite",
  "beschrijf",
  "schrijf",
  "herschrijf",
  "bespreek",
  "vergelijk",
  "verklaar",
  "bereken",
  "omschrijf",
  "leg",
  "noem",
  "geef",
  "herken",
  "begrijp",
  "analyseer",
  "evalueer",
  "zoek",
]);
/** Reference-list entries: a year in parentheses, "et al.", page ranges, DOIs and addresses. */
const REFERENCE_MARKS = [
  /\(\d{4}[a-z]?\)/u,
  /\bet al\./u,
  /\bpp?\.\s*\d/u,
  /\bdoi[:.]/iu,
  /https?:\/\//u,
  /^\p{Lu}\p{L}+,\s+\p{Lu}\.(\s*\p{Lu}\.)*[,\s]/u,
  // A credit line under a figure or box: "Bron: Addendum Vooringenomenheid voorkomen, Algorithm Audit".
  /^(?:bron(?:nen)?|source|sources|credit|credits)\s*:/iu,
];
/**
 * Sentences about the document itself rather than its subject: "If you are using these materials, …",
 * "Please maintain this last slide …", "In dit hoofdstuk …", a licence badge. They teach nothing to test.
 */
const DOCUMENT_MARKS = [
  /\b(?:this|these)\s+(?:\p{L}+\s+)?(?:slides?|materials?|documents?|handouts?|presentations?|lectures?|books?|chapters?|sections?|papers?|articles?|pages?)\b/iu,
  /\b(?:dit|deze)\s+(?:\p{L}+\s+)?(?:dia'?s?|materiaal|materialen|document|documenten|presentatie|hand-?out|college|boek|hoofdstuk|paragraaf|artikel|pagina'?s?)\b/iu,
  /\bCC[- ]BY\b|\ball rights reserved\b|\balle rechten voorbehouden\b/iu,
  // The work's own licence: "This work is licensed under …", "Dit werk valt onder een Creative Commons …"
  // (a sentence on what Creative Commons licences do is about the subject, and stays).
  /\b(?:this|the)\s+work\s+is\s+(?:\p{L}+\s+)?(?:licen[cs]ed|available|published|distributed)\s+under\b|\blicen[cs]ed\s+under\s+(?:a|an|the)\s+(?:creative\s+commons|CC)\b/iu,
  /\bdit\s+werk\s+(?:valt|is|wordt)\s+(?:\p{L}+\s+)?(?:onder|gelicentieerd|gelicenseerd|beschikbaar)\b/iu,
  // A numbered part of the document as what the sentence is about, doing what a signpost does: "Section 2
  // defines …", "Finally section 8 lists …", "Table 1 provides …" ("Section 2 of the Act defines" is law).
  /^(?:\p{L}+,?\s+){0,2}(?:sections?|chapters?|tables?|figures?|appendix|appendices|hoofdstuk(?:ken)?|paragra(?:af|fen)|tabel(?:len)?|figu(?:ur|ren)|bijlagen?)\s+\d+(?:\.\d+)*(?:\s+(?:and|to|en|tot)\s+\d+(?:\.\d+)*)?\s+(?:defines?|describes?|presents?|provides?|gives?|lists?|shows?|summari[sz]es?|discuss(?:es)?|introduces?|covers?|contains?|reviews?|outlines?|beschrijf?t|beschrijven|geeft|geven|toont|tonen|bevat(?:ten)?|behandel(?:t|en)|bespreekt|bespreken|introduceert|vat)\b/iu,
  // "… are presented in section 4", "… is given in Figure 1 below", "… wordt besproken in hoofdstuk 3".
  /\b(?:presented|described|given|shown|listed|discussed|explained|summari[sz]ed|beschreven|besproken|gegeven|getoond|weergegeven|behandeld|uitgelegd)\s+in\s+(?:section|chapter|figure|table|appendix|hoofdstuk|paragraaf|tabel|figuur|bijlage)\s+\d/iu,
  // "In Sectie 4.4 vind je enkele concrete tips …", "In Chapter 3 you will find …": where to read on.
  /^(?:\p{L}+,?\s+){0,2}in\s+(?:sections?|chapters?|appendix|appendices|sectie|hoofdstuk|paragraaf|bijlage)\s+\d+(?:\.\d+)*,?\s+(?:vind|lees|leer|zie)\s+(?:je|u|jij)\b|\bin\s+(?:section|chapter|appendix)\s+\d+(?:\.\d+)*,?\s+(?:you|we)(?:'ll|\s+will)?\s+(?:find|read|learn|see|give|describe|discuss)\b/iu,
  // "This exercise should take about 5 minutes.": how the lesson runs, not what it teaches (a graded
  // course showed it as a study text and a slide line).
  /\b(?:this|the)\s+(?:exercise|activity|discussion|task)\s+(?:should|will|may)\s+take\b|\b(?:deze|de)\s+(?:oefening|opdracht|activiteit|discussie)\s+(?:duurt|neemt)\b/iu,
  // "De 3 stappen worden hieronder verder toegelicht.", "These steps are explained below.": a pointer
  // to what follows, which a chapter or recap cut from its place points at nothing.
  /\b(?:hieronder|hierboven|verderop|hierna|below|above)\s+(?:\p{L}+\s+)?(?:toegelicht|beschreven|uitgelegd|besproken|behandeld|weergegeven|uitgewerkt|explained|described|discussed|shown|listed|outlined|detailed)\b|\b(?:explained|described|discussed|shown|listed|outlined|detailed)\s+(?:\p{L}+\s+){0,2}(?:below|above)\b/iu,
];
/**
 * A list rather than a statement: keywords between commas or semicolons ("computational poetics,
 * stylometry, neural networks, classical Latin"), or words set in capitals as titles are ("Do Not Use
 * This Code → Generate the Correct Terms for Your Paper").
 */
const LIST_MIN_ITEMS = 4;
const LIST_ITEM_MAX_WORDS = 3;
const TITLE_CASE_SHARE = 0.6;
/** A sentence too thin to teach: fewer words or content words than this. */
const MIN_WORDS = 6;
const MIN_CONTENT_WORDS = 3;

/** Why a sentence teaches nothing, or null when it does: the reason is what the table test checks. */
export function unteachableReason(
  sentence: Pick<Sentence, "text" | "complete" | "terms">,
): "incomplete" | "question" | "exercise" | "reference" | "document" | "list" | "thin" | null {
  const text = sentence.text.trim();
  if (!sentence.complete) return "incomplete";
  const reason = notAStatementReason(text);
  if (reason) return reason;
  if (words(text).length < MIN_WORDS || sentence.terms.length < MIN_CONTENT_WORDS) return "thin";
  return null;
}

/** Why a text, complete or not, states nothing of the subject: a question, an exercise, a reference, a note on the document or a list. */
function notAStatementReason(
  text: string,
): "question" | "exercise" | "reference" | "document" | "list" | null {
  if (/\?["”’»]?$/u.test(text)) return "question";
  if (EXERCISE_OPENERS.has((words(text)[0] ?? "").toLowerCase())) return "exercise";
  if (REFERENCE_MARKS.some((mark) => mark.test(text))) return "reference";
  if (DOCUMENT_MARKS.some((mark) => mark.test(text))) return "document";
  if (isList(text)) return "list";
  return null;
}

/**
 * A note on the document rather than its subject (a licence, a signpost to its parts, a reference entry).
 * A section of nothing else is no chapter: a learner has nothing to study in it.
 */
export function isDocumentNote(text: string): boolean {
  const reason = notAStatementReason(text.trim());
  return reason === "document" || reason === "reference";
}

/**
 * Whether a line may stand on an overview slide: what the items refuse as stating nothing (a question,
 * an exercise, a reference, a note on the document, a list of keywords or titles) is no summary either.
 * A fragment or a short line may: a slide's bullets often are ("Anonymizes the work.").
 */
export function isSlideBullet(text: string): boolean {
  // A lead-in ("Bias ontstaat bijvoorbeeld in:") says nothing without the list it opens, which a slide
  // or a recap line does not carry: a recap read "Bias ontstaat bijvoorbeeld in: De kernpunten …".
  // An aside in brackets ("(I also show the raw data as …)") is no point of its own either.
  const trimmed = text.trim();
  return notAStatementReason(trimmed) === null && !/:["”’»]?$/u.test(trimmed) && !trimmed.startsWith("(");
}

/** Two bullets inside one line ("BOMOS bestaat uit: * Deel 1: Het Fundament * Deel 2: …"): a list set inline. */
const INLINE_BULLETS = /(?:^|\s)(?:[*•▪◦]|[–-](?=\s+\p{Lu}))\s+\S.*\s(?:[*•▪◦]|[–-](?=\s+\p{Lu}))\s+\S/u;

function isList(text: string): boolean {
  if (INLINE_BULLETS.test(text)) return true;
  const items = text.split(/[,;]\s*/u).filter((item) => words(item).length > 0);
  if (items.length >= LIST_MIN_ITEMS && items.every((item) => words(item).length <= LIST_ITEM_MAX_WORDS))
    return true;
  const later = text
    .split(/\s+/u)
    .slice(1)
    .filter((word) => /\p{L}/u.test(word));
  const capitalised = later.filter((word) => /^["“‘(]?\p{Lu}/u.test(word)).length;
  return later.length >= MIN_WORDS && capitalised / later.length >= TITLE_CASE_SHARE;
}

export function isTeachable(sentence: Pick<Sentence, "text" | "complete" | "terms">): boolean {
  return unteachableReason(sentence) === null;
}

/** What a chapter can teach from: one sentence, or a lead-in with the list items it introduces. */
export type Statement = Pick<Sentence, "text" | "complete" | "terms">;

/**
 * The statements of a run of sentences in reading order. A lead-in that ends in a colon ("Bias ontstaat
 * bijvoorbeeld in:", "Human bias can affect the:") followed by list items of the same chunk states
 * something as a whole ("bias arises in statistics, in systems and in human thinking"), though neither
 * the lead-in nor an item is a sentence alone: they are read as one statement, the items joined by
 * semicolons. List items without such a lead-in (a slide's bullets) stay what they are.
 */
export function teachingStatements(sentences: readonly Sentence[]): Statement[] {
  const statements: Statement[] = [];
  for (let at = 0; at < sentences.length; at++) {
    const lead = sentences[at] as Sentence;
    const items: Sentence[] = [];
    if (lead.index !== undefined && sentences[at + 1]?.framedBy === lead.index) {
      for (let next = sentences[at + 1]; next && isListItemOf(lead, next); next = sentences[at + 1]) {
        items.push(next);
        at++;
      }
    }
    statements.push(items.length === 0 ? lead : joinList(lead, items));
  }
  return statements;
}

function isListItemOf(lead: Sentence, item: Sentence): boolean {
  return item.chunk === lead.chunk && item.chunk.lineRoles.get(item.line_start) === "list";
}

function joinList(lead: Sentence, items: readonly Sentence[]): Statement {
  const itemTexts = items.map((item) => item.text.trim().replace(/[.;,]$/u, ""));
  return {
    text: `${lead.text.trim()} ${itemTexts.join("; ")}.`,
    complete: true,
    terms: [...new Set([lead, ...items].flatMap((sentence) => sentence.terms))],
  };
}

/** The shape of a section's chapter from the sentences it draws on (its material, per subtopic). */
export function chapterShape(
  section: Section,
  material: Pick<SectionMaterial, "bySubtopic" | "blocks">,
): ChapterShape {
  const bySubtopic = new Map<string, number>();
  let teachableWords = 0;
  for (const subtopic of section.subtopics) {
    const sentences = material.bySubtopic.get(subtopic.subtopic_id) ?? [];
    const blocks = (material.blocks.get(subtopic.subtopic_id) ?? []).filter(isTeachingBlock);
    const teachable = [
      ...teachingStatements(sentences)
        .filter(isTeachable)
        .map((s) => s.text),
      ...blocks,
    ];
    bySubtopic.set(subtopic.subtopic_id, teachable.length);
    teachableWords += teachable.reduce((sum, text) => sum + words(text).length, 0);
  }
  return shapeOf(bySubtopic, teachableWords);
}

/**
 * A table row that states something: a term or label and what is said of it in another cell, at least
 * a few words in all ("anoniem | Niet herleidbaar tot identiteit van persoon …"; not "MT | 12"); or a
 * code listing of a few lines (a script a model can explain step by step).
 */
export function isTeachingBlock(block: string): boolean {
  const lines = block.split("\n").filter((line) => line.trim() !== "");
  if (lines.length > 1) return lines.length >= MIN_LISTING_LINES;
  const cells = block.split(/\s*\|\s*|\t+/u).filter((cell) => /\p{L}/u.test(cell));
  return cells.length >= 2 && words(block).length >= MIN_WORDS;
}
const MIN_LISTING_LINES = 3;

/** The counts for a given number of teachable statements per subtopic (in order) and teachable words. */
export function shapeOf(bySubtopic: Map<string, number>, teachableWords: number): ChapterShape {
  const counts = [...bySubtopic.values()];
  const statements = counts.reduce((sum, count) => sum + count, 0);
  const teachingSubtopics = [...bySubtopic].filter(([, count]) => count > 0).map(([id]) => id);
  const diagnosticSubtopics = teachingSubtopics.slice(0, ITEM_LIMITS.diagnostic);
  const diagnostic = diagnosticSubtopics.length;
  // The final check may revisit what the diagnostic asked, from another angle: a short chapter of three
  // statements still gets one (graders read four chapters without a way to finish them).
  const masteryRoom = Math.ceil(statements / STATEMENTS_PER.masteryQuestion);
  const mastery = masteryRoom >= ITEM_LIMITS.masteryMin ? Math.min(ITEM_LIMITS.mastery, masteryRoom) : 0;
  const cardsOf = (count: number) =>
    Math.min(ITEM_LIMITS.cardsPerSubtopic, Math.ceil(count / STATEMENTS_PER.card));
  const cards = Math.min(
    ITEM_LIMITS.cards,
    counts.reduce((sum, count) => sum + cardsOf(count), 0),
  );
  const recapMin = Math.min(RECAP_WORDS.min, Math.floor(teachableWords * RECAP_PER_TEACHABLE_WORD));
  return {
    teachable: { bySubtopic, sentences: statements, words: teachableWords },
    teachingSubtopics,
    diagnosticSubtopics,
    diagnostic,
    mastery,
    cards,
    studyBlocks: teachingSubtopics.length * ITEM_LIMITS.studyBlocksPerSubtopic,
    objectives: {
      min: Math.min(1, statements),
      max: Math.min(ITEM_LIMITS.objectives, Math.ceil(statements / STATEMENTS_PER.objective)),
    },
    recapWords: { min: recapMin, max: statements > 0 ? RECAP_WORDS.max : 0 },
    podcastWords: {
      min: Math.min(PODCAST_WORDS.min, recapMin),
      max: statements > 0 ? PODCAST_WORDS.max : 0,
    },
    recapBullets: {
      min: Math.min(RECAP_BULLETS.min, statements),
      max: Math.min(RECAP_BULLETS.max, statements),
    },
    forms: diagnostic + mastery >= QUESTIONS_FOR_FORMS ? CHAPTER_FORMS : [],
  };
}

/**
 * The share of a text's word n-grams that occur verbatim in `sources` (0 for a text shorter than one
 * n-gram): how much of a recap or podcast turn is the source read aloud.
 */
export function verbatimShare(text: string, sources: readonly string[], n: number = VERBATIM.ngram): number {
  const grams = (tokens: readonly string[]) =>
    tokens.slice(0, Math.max(0, tokens.length - n + 1)).map((_, at) => tokens.slice(at, at + n).join(" "));
  const own = grams(words(text));
  if (own.length === 0) return 0;
  // Cited lines are joined first, so a phrase broken across two lines is still found.
  const known = new Set(grams(words(sources.join(" "))));
  return own.filter((gram) => known.has(gram)).length / own.length;
}
