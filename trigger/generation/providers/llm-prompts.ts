import { type ChapterShape, SUBTOPICS_PER_PART } from "../course-shape.ts";
import { languageName, type SourceLanguage } from "../text/language.ts";
import { WORD_LISTS } from "../text/lexicon/index.ts";

/** The absolute words the quality check reads, as the request names them ("always, …  / altijd, …"). */
const ABSOLUTE_WORDS = `${WORD_LISTS.en.absoluteWords.join(", ")} / ${WORD_LISTS.nl.absoluteWords.join(", ")}`;

/**
 * What the LLM provider tells a model. The prompts ask for learning, not just text: sections from the
 * document's own headings, objectives by level, misconceptions as distractors, why- and definition
 * questions, hints that leave the answer to the learner, and a recap that connects the points. The
 * model only points at lines; the code looks them up, so nothing is copied from the source.
 */

/** The sources' language by its English name ("de" → German), whatever language that is. */
export const languageRule = (language: SourceLanguage) =>
  `Write everything in ${languageName(language)}, the language of the sources, also where these instructions give English or Dutch examples.`;

const SOURCE_FORMAT = [
  "The learner's material is given as <chunk> elements; every line of a chunk starts with its line number and a colon",
  "(a chunk's numbers need not start at 1: use them exactly as shown).",
  "A tag after the number says what a line is: [heading N] (a heading of level N, 1 = top), [caption] (a figure or",
  "table caption), [footnote], [table] (one table row), [list] (a list item), [reference] (an entry of the",
  "document's reference list or bibliography), [toc] (a table of contents line) or [code] (a line of a code",
  "listing, as printed); untagged lines are body text.",
  "Teach from body text, list items, tables and code; a caption or footnote may support a point, never make one alone.",
  "Never make a section, subtopic, question, card or recap from [reference] or [toc] lines.",
].join(" ");

const CITATION_RULE = [
  "A citation is {chunk_id, line_start, line_end}: the id of a chunk shown here and an inclusive range of its",
  "line numbers as shown before the colons (line_start = line_end for one line), as few lines as state the",
  "point. Cite only chunks and lines shown here. Never copy source text into a citation: the lines are looked",
  "up from the numbers.",
].join(" ");

/** A regenerated version must differ from the first, while staying true to the same material. */
export function variantRule(variant: number, what: string): string {
  if (variant <= 0) return "";
  return [
    `This is version ${variant + 1} of this ${what}; the learner asked for a different one.`,
    "Choose other angles, wording, examples and questions than a first version would, equally grounded.",
  ].join(" ");
}

export function outlineSystem(language: SourceLanguage, hasSources: boolean, variant: number): string {
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
    "per chapter heading, titled as the document titles it. Chapter headings are the highest-level headings that",
    "divide the text; a single heading above all of them is the document's title, not a chapter. Where the text",
    "has no headings, start a new",
    "section where the subject changes. Never invent a section the text does not cover.",
    "A slide deck titles every slide at the same level: there a section is a run of consecutive slides on one",
    "subject, titled with the title of its first slide; the title slide names the deck.",
    "Parts about the document rather than its subject are no section, whatever their headings: thanks,",
    "acknowledgements, funding, credits (also figure credits), author notes, a list of supplemental materials,",
    "a licence, or a closing slide of any of these.",
    "Set continues_previous to true only for the first section, and only when this part opens in the middle of a",
    "chapter: its first lines come before any chapter heading, or under a sub-heading of the chapter the previous",
    "part ended in. Every other section, and a first section that opens with a chapter heading, is false.",
    "A box, sidebar, summary panel or figure aside (e.g. 'Box 1: Summary') is never a section of its own: its",
    "lines belong to the section it stands in.",
    "Split each section's ideas into subtopics: at least two where the section has several paragraphs and at",
    `most ${SUBTOPICS_PER_PART} (the chapter's diagnostic asks one question per subtopic: group`,
    "neighbouring ideas of a long section under one subtopic rather than leave some untested), each",
    "titled with the idea itself (never 'Introduction' or 'Part 2'), with a one-sentence description, 2-4 key",
    "points in your own words, and the citations of the lines that state them.",
    CITATION_RULE,
    "title and description describe this part as a whole.",
    variantRule(variant, "structure"),
    languageRule(language),
  ].join(" ");
}

export function reduceSystem(language: SourceLanguage): string {
  return [
    "You combine the outlines of consecutive parts of one document into its learning structure.",
    "The sections below are numbered [0], [1], [2] ... in reading order, counting from 0. The document was read",
    "in parts, so one chapter may appear as several consecutive entries. Group consecutive entries of the same",
    "chapter; never reorder and never leave an entry out. Return sections as inclusive ranges {first, last} of",
    "entry numbers that together cover every number once, in order (the first range starts at 0, each next one",
    "at the last one's last + 1, the final one ends at the highest number; an entry alone is {first: n, last:",
    "n}), each with the chapter's own title (as the document heads it) and a",
    "one-sentence description of what a learner will understand after it; and a title and a one- or",
    "two-sentence description of the whole topic.",
    languageRule(language),
  ].join(" ");
}

export function chapterSystem(language: SourceLanguage, variant: number): string {
  return [
    "You are an experienced teacher writing one chapter of a micro-learning course for a learner, from the",
    "learner's own material. Use only what the shown lines say.",
    SOURCE_FORMAT,
    "The request gives the chapter's counts: the most items each activity may hold, computed from how much the",
    "chapter's lines teach, and which subtopics each activity covers. Write at most those counts. When the lines",
    "cannot support an item that meets every rule below, write fewer items (or none, an empty list) and leave",
    "the rule unmet rather than bend it: never invent a fact, a cause or a definition the lines do not state,",
    "and never pad with trivia (figure numbers, page numbers, titles of other works, a count or statistic asked",
    "for its own sake: ask what a number shows, never the number alone).",
    "The learner never sees the source, only what you write: never point at where something stands in it",
    "('the second paragraph', 'the opening paragraph', 'the tip', 'the table', 'Figure 3', 'de tweede alinea',",
    "'volgens de tabel'); say what it states instead, and a question about a table or figure gives in its stem",
    "what the learner needs of it.",
    "Write six activities, each with a short title of your own for that activity.",
    "1. overview: one slide per subtopic of the outline, every subtopic including those the request lists as",
    "slide-only (a title and 2-4 short bullets from its lines that together cover every point the subtopic makes,",
    "not only its first), and at most the requested number of learning",
    "objectives for the subtopics that teach, each starting with a measurable verb and ordered from lower to",
    "higher level (remember, understand, apply, analyse), e.g. 'Name ...', 'Explain why ...', 'Apply ... to",
    "...', 'Compare ... with ...' (in Dutch 'Benoem ...', 'Leg uit waarom ...', 'Pas ... toe op ...', 'Vergelijk",
    "...').",
    "The learner reads the slides just before the diagnostic: a slide may name the point a diagnostic question",
    "asks about, but never state its answer.",
    "2. diagnostic: easy to medium questions to find what the learner already knows: exactly one for each",
    "subtopic the request lists for the diagnostic and none for any other; subtopic_id says which.",
    "3. study: blocks that explain rather than repeat, for the teaching subtopics only. Per subtopic, in this",
    "order: a heading block (content: the subtopic's title); a text block (content: the point first and why it",
    "matters, in your own words); an example block (content: a concrete case from the material; leave the block",
    "out when the material gives none); and a qa block whose question {stem, answer} checks understanding (a qa",
    "block has no content).",
    "4. practice: at most the requested number of flashcards (q, a, hint). Every card has a hint: one sentence",
    "that points to the idea to think of, never containing the answer or its words,",
    "never giving letters or length.",
    "5. mastery: at most the requested number of harder questions (medium or hard) that apply and connect the",
    "ideas of the teaching subtopics, each asking something the diagnostic did not ask.",
    "6. recap: transcript, a spoken script within the requested number of words connecting the key points of the",
    "teaching subtopics with connectives of the language you write in (in English 'because', 'therefore', 'in",
    "contrast'; in Dutch 'omdat', 'daardoor', 'daarentegen'; in any other language its own words for these), not",
    "a list; a causal connective ('because', 'therefore', 'omdat', 'daardoor') only where a line states that",
    "cause with a causal word of its own, elsewhere 'also', 'then', 'next' ('ook', 'daarna', 'vervolgens'), and",
    "'in contrast' ('daarentegen') only between two things the lines set against each other;",
    "and the requested number of bullets, one key point each. Also the same recap as a podcast script",
    'within the requested number of words: turns whose speaker is "host" or "expert", starting with the',
    "host, who introduces each point and asks a short question (citations may be an empty list), and",
    "alternating with the expert, who answers in one to three sentences. Both explain in their own words: keep",
    "the key terms and names of the cited lines as the lines write them, also where the lines are in another",
    "language than yours (a table row 'Relay and Replay Attacks' stays 'Relay and Replay Attacks'), but never",
    "read a line aloud (at most a short phrase of a line may appear word for word). Every expert turn cites the",
    "lines that state what it says, and says nothing those lines do not support. A subtopic listed as",
    "slide-only has no objective, question, study block, card, recap point or podcast turn.",
    "Every question has a clear stem and 4 options. correct_option is the position of the right option in",
    "options counting from 0: 0 is the first option, 3 the fourth. The explanation says why the right option is",
    "right and, for each wrong option by name, why it is wrong by what the lines state (never with a fact from",
    "outside them, however true). The options are shown to the learner in another",
    "order than you write them, so the explanation names every option by its own words (in quotes), never by",
    "its position, number or letter (never 'the first option', 'option B', 'de tweede optie', 'antwoord C').",
    'No two options may be the same words spelled differently. difficulty is "easy", "medium" or "hard".',
    "Mix the forms: definition ('What is ...?' / 'Wat is ...?'), cause ('Why ...?' / 'Waarom ...?'),",
    "application, comparison and blank (a stem with ___ in place of a key term, never a function word). A",
    "definition question asks only for a term some line defines (says what it is or means); a cause question",
    "only for a cause or reason some line states. Where the lines define no term or state no cause, write no",
    "question of that form, also where the request asks for one, and use the other forms. Wrong options are",
    "misconceptions a learner could really hold: plausible, of the same kind as",
    "the answer (a term for a term, a reason for a reason), never a synonym or restatement of the answer,",
    "never a source sentence with a word swapped, never 'all of the above'. Keep all four options about the",
    "same length (the right one neither the longest nor the shortest by far; a learner must not find it by",
    "length), and across the chapter's questions let the right option be the longest of its four in no",
    "more than one question in four (give a wrong option the qualifying detail the right one has), and",
    "the shortest in no more than one in four either.",
    `Absolute words (${ABSOLUTE_WORDS}) are best left out of options; across the chapter's`,
    "questions, never let them appear only in wrong options (a learner learns to rule those out). The stem",
    "never contains the answer.",
    "Grounding: every question, card and qa block cites the lines that state its answer, and its correct answer",
    "uses the key terms of those lines. All shown lines belong to this chapter; cite nothing else.",
    "Say no more than the lines: keep their degree and hedges ('an important means' never becomes 'the most",
    "important means', 'for example' never 'only', 'not always' never 'never'), and add no date, number or",
    "name they do not state, nor",
    "a gloss, ranking or range of your own ('the simplest way', 'from 0.01 upward') where the lines give none.",
    CITATION_RULE,
    "subtopic_id is the id of the subtopic the item practises (an id from the chapter outline, such as",
    '"section-2-1"), or null only for an item that connects several subtopics.',
    variantRule(variant, "chapter"),
    languageRule(language),
  ].join(" ");
}

/** The counts a chapter request asks for, from its shape (course-shape.ts), and the subtopics each covers. */
export function chapterCountsText(
  shape: ChapterShape,
  subtopics: ReadonlyArray<{ subtopic_id: string; title: string }>,
): string {
  if (shape.teachable.sentences === 0) return nothingToTeachText();
  const ids = (list: readonly string[]) => list.join(", ");
  const slideOnly = subtopics
    .map((subtopic) => subtopic.subtopic_id)
    .filter((id) => !shape.teachingSubtopics.includes(id));
  return [
    "Counts for this chapter (each a maximum; write fewer where the lines do not support more, never pad):",
    `objectives ${shape.objectives.max};`,
    `diagnostic ${count(shape.diagnostic, "question")}, one for each of these subtopics: ${ids(shape.diagnosticSubtopics)};`,
    `study blocks for each teaching subtopic: ${ids(shape.teachingSubtopics)};`,
    `practice ${count(shape.cards, "card")};`,
    shape.mastery > 0
      ? `mastery ${count(shape.mastery, "question")};`
      : "mastery 0 questions (an empty list: too little material for a second check);",
    `recap transcript ${shape.recapWords.min}-${shape.recapWords.max} words and ${rangeText(shape.recapBullets)} bullet${shape.recapBullets.max === 1 ? "" : "s"};`,
    `podcast script ${shape.podcastWords.min}-${shape.podcastWords.max} words in all turns together.`,
    formsText(shape),
    slideOnly.length > 0
      ? `Slide-only subtopics (their lines state nothing a learner can be asked about): ${ids(slideOnly)}. Each gets its overview slide and nothing else: no objective, question, study block, card, recap point or podcast turn.`
      : "",
  ]
    .filter((part) => part !== "")
    .join(" ");
}

/** A chapter whose lines teach nothing: every list empty, the slides the only content. */
function nothingToTeachText(): string {
  return [
    "Counts for this chapter: its lines state nothing a learner can be asked about (a list of titles,",
    "references, exercises or questions). Write one overview slide per subtopic summarising what its lines list,",
    "and nothing else: objectives, diagnostic and mastery questions, study blocks, cards, recap bullets and",
    "podcast turns are empty lists, and the recap transcript is an empty string.",
  ].join(" ");
}

const count = (value: number, noun: string) => `${value} ${noun}${value === 1 ? "" : "s"}`;

function rangeText(range: { min: number; max: number }): string {
  return range.min === range.max ? `${range.max}` : `${range.min}-${range.max}`;
}

/** The question forms a chapter asks for, each only where its lines give the material for it. */
function formsText(shape: ChapterShape): string {
  if (shape.forms.length === 0) return "No question form is required: the chapter is short.";
  const form = {
    cause: "a cause question ('Why ...?') if some line states a cause or reason",
    definition: "a definition question ('What is ...?') if some line defines a term",
  } as const;
  return [
    `Across both quizzes, include ${shape.forms.map((name) => form[name]).join(", and ")}.`,
    "Where no line does, leave that form out: never ask why or what-is about something the lines do not explain.",
  ].join(" ");
}

/**
 * The questions a teacher asked to replace, for the chapter prompt: the model writes others, not the
 * same question reworded. Empty when there are none.
 */
export function replacingText(
  questions: ReadonlyArray<{ stem: string; options: readonly string[] }>,
): string {
  if (questions.length === 0) return "";
  const listed = questions.map(
    (question, index) => `${index + 1}. ${question.stem} (options: ${question.options.join(" | ")})`,
  );
  return [
    "A teacher asked to replace these questions, because learners' answers showed they do not work. Do not ask them again, reworded or with other options; ask about another point the lines make:",
    ...listed,
  ].join("\n");
}

/**
 * The follow-up for a recap transcript shorter than the chapter's shape asks, or with sentences that
 * state a cause or consequence the lines do not: the transcript as written, its word count against the
 * range, and those sentences.
 */
export function recapRewriteText(
  transcript: string,
  words: number,
  range: { min: number; max: number },
  causes: readonly string[],
): string {
  return [
    `Your recap transcript has ${words} words; this chapter asks for ${range.min} to ${range.max}:`,
    transcript,
    ...(causes.length > 0
      ? [
          "These sentences of it state a cause or consequence that no line above states; link two facts",
          "with 'because', 'so', 'as a result' or their like only where a line does:",
          ...causes.map((cause) => `- ${cause}`),
        ]
      : []),
    `Write the recap transcript again in ${range.min} to ${range.max} words (count them), in the same`,
    "language: a connected spoken script that explains the key points of the teaching subtopics and how",
    "they connect, in your own words, saying only what the lines above state. Answer with the transcript",
    "only.",
  ].join("\n");
}

/**
 * The follow-up for a podcast script the citation verifier would cut, or shorter than the chapter's shape
 * asks: the script as written, numbered, with what is wrong with each turn that would be dropped.
 */
export function podcastRewriteText(
  script: readonly { speaker: string; text: string }[],
  problems: readonly (string | null)[],
  words: number,
  range: { min: number; max: number },
): string {
  const turns = script.map((turn, index) => {
    const problem = problems[index];
    return `${index + 1}. ${turn.speaker}: ${turn.text}${problem ? `  <- this turn ${problem}` : ""}`;
  });
  return [
    `Your podcast script has ${words} words in all turns; this chapter asks for ${range.min} to ${range.max}:`,
    ...turns,
    "An expert turn marked above would be cut with the host's question before it, leaving a conversation with",
    "a gap. Write the podcast script again in the same language and form (the host opens and introduces each",
    "point, the expert answers in one to three sentences in their own words), covering the key points of the",
    "teaching subtopics in order. Every expert turn cites the lines that state what it says and says nothing",
    "more than they do. Answer with the script only.",
  ].join("\n");
}

/**
 * The follow-up for a chapter whose right option is the longest (or the shortest) of its question too
 * often (ANSWER_LENGTH_HABIT): those questions, numbered, with their right and wrong options, and what a
 * rewrite of their wrong options must do. Stem and right option stay, so the citations stay true.
 */
export function optionsRewriteText(
  questions: readonly { stem: string; right: string; wrong: readonly string[] }[],
  habit: "longest" | "shortest",
  total: number,
): string {
  const listed = questions.map(
    (question, index) =>
      `${index + 1}. ${question.stem}\n   right: ${question.right}\n   wrong: ${question.wrong.join(" | ")}`,
  );
  const target =
    habit === "longest"
      ? "about as long and as specific as the right option, one of them longer than it in about half of the questions (the right option must not become the shortest instead)"
      : "about as long and as plain as the right option, one of them shorter than it in about half of the questions (the right option must not become the longest instead)";
  return [
    `In ${questions.length} of your ${total} questions the right option is the ${habit} of its options, so a learner`,
    `who picks the ${habit} option passes without reading:`,
    ...listed,
    `For each question above, write its wrong options again, as many as it has: each ${target},`,
    "of the same kind as the right option, plausible to a learner who has not read the lines, and wrong by",
    "what the lines above state. Keep the stem and the right option unchanged. Write the explanation again",
    "too: why the right option is right and, for each new wrong option, why it is wrong, every option named",
    "by its own words in quotes. Answer with one entry per question, by its number.",
  ].join("\n");
}
