import type { Language } from "../text/language.ts";

/**
 * What the LLM provider tells a model. The prompts ask for learning, not just text: sections from the
 * document's own headings, objectives by level, misconceptions as distractors, why- and definition
 * questions, hints that leave the answer to the learner, and a recap that connects the points. The
 * model only points at lines; the code looks them up, so nothing is copied from the source.
 */

const LANGUAGE_NAMES: Record<Language, string> = { en: "English", nl: "Dutch" };

export const languageRule = (language: Language) =>
  `Write everything in ${LANGUAGE_NAMES[language]}, the language of the sources.`;

const SOURCE_FORMAT = [
  "The learner's material is given as <chunk> elements; every line of a chunk starts with its line number and a colon.",
  "A tag after the number says what a line is: [heading N] (a heading of level N, 1 = top), [caption] (a figure or",
  "table caption), [footnote], [table] (one table row), [list] (a list item), [reference] (an entry of the",
  "document's reference list or bibliography), [toc] (a table of contents line) or [code] (a line of a code",
  "listing, as printed); untagged lines are body text.",
  "Teach from body text, list items, tables and code; a caption or footnote may support a point, never make one alone.",
  "Never make a section, subtopic, question, card or recap from [reference] or [toc] lines.",
].join(" ");

const CITATION_RULE = [
  "A citation is {chunk_id, line_start, line_end}: the id of a chunk shown here and an inclusive range of its",
  "line numbers, as few lines as state the point. Cite only chunks and lines shown here. Never copy source text",
  "into a citation: the lines are looked up from the numbers.",
].join(" ");

/** A regenerated version must differ from the first, while staying true to the same material. */
export function variantRule(variant: number, what: string): string {
  if (variant <= 0) return "";
  return [
    `This is version ${variant + 1} of this ${what}; the learner asked for a different one.`,
    "Choose other angles, wording, examples and questions than a first version would, equally grounded.",
  ].join(" ");
}

export function outlineSystem(language: Language, hasSources: boolean, variant: number): string {
  if (!hasSources) {
    return [
      "You design a learning structure for a topic that has no source material yet.",
      "Write 3-6 sections (chapters of study) in a sensible learning order, each with 2-4 subtopics that name one",
      "idea each, a one-sentence description and 2-4 key points. Citations are empty lists;",
      "continues_previous is false. title and description describe the topic.",
      variantRule(variant, "structure"),
      languageRule(language),
    ].join(" ");
  }
  return [
    "You read one part of a learner's source material and propose the learning structure of that part.",
    SOURCE_FORMAT,
    "Return its sections (chapters of study) in reading order. Follow the document's own headings: one section",
    "per chapter heading, titled as the document titles it. Where the text has no headings, start a new",
    "section where the subject changes. Never invent a section the text does not cover.",
    "Set continues_previous to true only for the first section when this part opens in the middle of a chapter",
    "(no heading before its first lines); otherwise false.",
    "Split each section's ideas into subtopics: at least two where the section has several paragraphs, each",
    "titled with the idea itself (never 'Introduction' or 'Part 2'), with a one-sentence description, 2-4 key",
    "points in your own words, and the citations of the lines that state them.",
    CITATION_RULE,
    "title and description describe this part as a whole.",
    variantRule(variant, "structure"),
    languageRule(language),
  ].join(" ");
}

export function reduceSystem(language: Language): string {
  return [
    "You combine the outlines of consecutive parts of one document into its learning structure.",
    "The sections below are numbered [n] in reading order. The document was read in parts, so one chapter may",
    "appear as several consecutive entries. Group consecutive entries of the same chapter; never reorder and",
    "never leave an entry out. Return sections as ranges {first, last} of entry numbers that together cover",
    "every number once, in order, each with the chapter's own title (as the document heads it) and a",
    "one-sentence description of what a learner will understand after it; and a title and a one- or",
    "two-sentence description of the whole topic.",
    languageRule(language),
  ].join(" ");
}

export function chapterSystem(language: Language, variant: number): string {
  return [
    "You are an experienced teacher writing one chapter of a micro-learning course for a learner, from the",
    "learner's own material. Use only what the shown lines say.",
    SOURCE_FORMAT,
    "Write six activities.",
    "1. overview: 2-4 slides (a title and 2-4 short bullets) summarising the chapter, and 3-5 learning",
    "objectives specific to this chapter, each starting with a measurable verb and ordered from lower to",
    "higher level (remember, understand, apply, analyse), e.g. 'Name ...', 'Explain why ...', 'Apply ... to ...',",
    "'Compare ... with ...' (in Dutch 'Benoem ...', 'Leg uit waarom ...', 'Pas ... toe op ...', 'Vergelijk ...').",
    "2. diagnostic: 3 questions, easy to medium, one per subtopic where possible, to find what the learner",
    "already knows.",
    "3. study: blocks that explain rather than repeat. Per subtopic: a heading block; a text block that leads",
    "with the point and says why it matters, in your own words; an example block with a concrete case from the",
    "material; and a qa block whose question {stem, answer} checks understanding. Only qa blocks have a",
    "question; every other block has question null.",
    "4. practice: 4-8 flashcards (q, a, hint). A hint points the way without containing the answer, or is null.",
    "5. mastery: 5 harder questions (medium or hard) that apply and connect the ideas.",
    "6. recap: transcript, a spoken script of 150-230 words (60-90 seconds) connecting the key points with",
    "because, therefore and in contrast, not a list; and 3-5 bullets. Also the same recap as a podcast script:",
    "turns of two speakers, starting with the host, who introduces each point and asks a short question",
    "(citations may be empty), and alternating with the expert, who answers in one to three sentences that keep",
    "the words of the lines they cite. Every expert turn cites the lines that state what it says.",
    "Every question has a clear stem, 4 options, correct_option (the index of the right option), an explanation",
    "of why it is right and why each other option is wrong, a difficulty and a form. Mix the forms: definition",
    "('What is ...?'), cause ('Why ...?' / 'Waarom ...?'), application, comparison and blank (a stem with ___",
    "in place of a key term, never a function word). Each quiz has at least one cause and one definition",
    "question. Wrong options are misconceptions a learner could really hold: plausible, of the same kind and",
    "about the same length as the answer (a term for a term, a reason for a reason), never a source sentence",
    "with a word swapped, never 'all of the above'. The stem never contains the answer.",
    "Grounding: every question, card and qa block cites the lines that state its answer, and its correct answer",
    "uses the key terms of those lines. All shown lines belong to this chapter; cite nothing else.",
    CITATION_RULE,
    "subtopic_id is the id of the subtopic the item practises (from the chapter outline), or null.",
    variantRule(variant, "chapter"),
    languageRule(language),
  ].join(" ");
}
