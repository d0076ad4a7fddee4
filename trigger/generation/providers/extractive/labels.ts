import type { ActivityKind } from "../../../../src/domain/activity-payload.ts";
import type { Language } from "../../text/language.ts";
import { isFiniteDutchVerb } from "../../text/pos.ts";
import { dutchWhyQuestion, englishWhyQuestion } from "../../text/why-question.ts";
import type { CausalPair } from "./clauses.ts";

/**
 * Every text the extractive provider writes itself, in the language of the source it comes from. Each
 * template stays grammatical whatever is put in it: inserted source text goes inside quotation marks or
 * after a colon, never into a slot where its word order or agreement would have to change.
 */
export interface Labels {
  introduction: string;
  partOf: (section: string, part: number) => string;
  activityTitle: Record<ActivityKind, (section: string) => string>;
  quote: (text: string) => string;
  clozeStem: (sentenceWithBlank: string) => string;
  clozeCard: (sentenceWithBlank: string) => string;
  causeStem: (effect: string) => string;
  /** For an effect the text gives as a subordinate clause ("…, waardoor de lucht stijgt"). */
  causeStemClause: (effect: string) => string;
  /**
   * A plain "why" question, where the tagger reads the clause safely: Dutch puts the verb first after
   * "Daardoor" and after a fronted "Omdat …," clause ("Daardoor word je niet ziek" asks "Waarom word
   * je niet ziek?") and otherwise swaps a plain subject and its verb; English adds do-support or
   * inverts. `isName` tells a name from a common noun that opens the clause. Null where it cannot.
   */
  whyQuestion: (
    effect: string,
    form: CausalPair["form"],
    isName?: (word: string) => boolean,
  ) => string | null;
  objectiveWhy: (question: string) => string;
  definitionStem: (meaning: string) => string;
  meaningCard: (term: string) => string;
  termCard: (meaning: string) => string;
  textSays: (sentence: string) => string;
  /** What the text says a wrong option means (its own definition in the chapter): true and useful. */
  optionMeans: (option: string, meaning: string) => string;
  /** Quotes a sentence of the chapter about a wrong option, so the learner sees what it is about. */
  /** When nothing true can be said about the wrong options: why the right answer is right. */
  onlyTermThatFits: string;
  otherTerms: string;
  /**
   * A hint quoting another sentence of the source where the asked term is used, the term masked: it
   * shows the idea in use without giving it, and is true because the source says it.
   */
  elsewhereHint: (masked: string) => string;
  /** Where the term is nowhere else: what the text says right around the blank, to place the idea. */
  contextHint: (around: string) => string;
  /** A cloze hint where the source uses the term nowhere else: the part of the text it belongs to. */
  clozeHint: (subtopic: string) => string;
  /** The hint for a card asking the term for a meaning. */
  termHint: (subtopic: string) => string;
  causeHint: (subtopic: string) => string;
  /** For an answer that names its own subtopic, where pointing to the subtopic would give it away. */
  causeHintPlain: string;
  meaningHint: (subtopic: string) => string;
  /** A meaning card's hint where the subtopic's title shares a word with the meaning. */
  meaningHintPlain: string;
  objectiveDefine: (term: string) => string;
  objectiveCause: (effect: string) => string;
  objectiveTerm: (term: string) => string;
  objectiveDescribe: (subtopic: string) => string;
  testYourself: string;
  meaningText: (term: string, meaning: string) => string;
  recapOpening: (section: string) => string;
  /** The host's question after naming a step of the episode; varied by the step's index. */
  podcastAsk: (index: number) => string;
  recapStep: (index: number, total: number, subtopic: string) => string;
  /** Names a term a subtopic shares with the one before: a fact about the text, so always true. */
  becauseFollows: (connective: string, cause: string) => string;
  recapRemember: (sentence: string) => string;
  recapThink: (question: string) => string;
  recapNext: (section: string) => string;
  recapLast: (topic: string) => string;
  learningPathAbout: (title: string) => string;
  noSources: {
    introduction: (title: string) => string;
    whatIs: (title: string) => string;
    whyItMatters: (title: string) => string;
    keyConcepts: string;
    coreIdeas: string;
    inPractice: (title: string) => string;
    examples: string;
    exercises: string;
    explore: (title: string) => string;
  };
}

const en: Labels = {
  introduction: "Introduction",
  partOf: (section, part) => `${section}, part ${part}`,
  activityTitle: {
    overview: (section) => `Overview: ${section}`,
    diagnostic: (section) => `Diagnostic check: ${section}`,
    study: (section) => `Study: ${section}`,
    practice: (section) => `Practice: ${section}`,
    mastery: (section) => `Mastery check: ${section}`,
    recap: (section) => `Recap: ${section}`,
  },
  quote: (text) => `“${text}”`,
  clozeStem: (stem) => `Fill in the missing term: “${stem}”`,
  clozeCard: (stem) => `Complete: “${stem}”`,
  causeStem: (effect) => `Why is this so, according to the text: “${effect}”?`,
  causeStemClause: (effect) => `Why is this so, according to the text: “${effect}”?`,
  // English needs do-support and inversion: only where the tagger reads the clause's shape safely.
  whyQuestion: (effect) => englishWhyQuestion(effect),
  objectiveWhy: (question) => `You can answer: ${question}`,
  definitionStem: (meaning) => `Which term fits this description: “${meaning}”?`,
  meaningCard: (term) => `What does “${term}” mean?`,
  termCard: (meaning) => `Which term is described here: “${meaning}”?`,
  textSays: (sentence) => `The text says: “${sentence}”`,
  optionMeans: (option, meaning) => `“${option}” means something else: ${lowerFirst(meaning)}.`,
  onlyTermThatFits: "Only the term the text itself uses there makes the statement true.",
  otherTerms: "The other terms also come up in this part, but mean something else.",
  elsewhereHint: (masked) => `Elsewhere the text says: “${masked}”`,
  contextHint: (around) => `Right around it, the text says: “${around}”`,
  clozeHint: (subtopic) => `The term belongs to the part about “${subtopic}”.`,
  termHint: (subtopic) => `The term is explained in the part about “${subtopic}”.`,
  causeHint: (subtopic) => `Look for the cause in the part about “${subtopic}”.`,
  causeHintPlain: "Think of what happens first, and what follows from it.",
  meaningHint: (subtopic) => `The term comes up in the part about “${subtopic}”.`,
  meaningHintPlain: "Think of how the text introduces this term: what kind of thing is it?",
  objectiveDefine: (term) => `You can define “${term}”.`,
  objectiveCause: (effect) => `You can explain why this is so: “${effect}”.`,
  objectiveTerm: (term) => `You can recognise and use the term “${term}”.`,
  objectiveDescribe: (subtopic) => `You can describe the main idea of “${subtopic}” in your own words.`,
  testYourself: "Test yourself",
  meaningText: (term, meaning) => `${capitalize(term)}: ${lowerFirst(meaning)}.`,
  podcastAsk: (index) =>
    [
      "What does the text say about it?",
      "What should we know about that?",
      "How does the text explain that?",
    ][index % 3] ?? "",
  recapOpening: (section) => `This recap goes through the main points of “${section}”.`,
  recapStep: (index, total, subtopic) =>
    index === 0
      ? `First, the text is about “${subtopic}”.`
      : index === total - 1
        ? `Finally, it turns to “${subtopic}”.`
        : index % 2 === 1
          ? `In addition, it covers “${subtopic}”.`
          : `Next comes “${subtopic}”.`,
  becauseFollows: (_connective, cause) => `That is because ${cause}.`,
  recapRemember: (sentence) => `Above all, remember this: ${sentence}`,
  recapThink: (question) => `Think this question over as well: ${question}`,
  recapNext: (section) => `Next, the course moves on to “${section}”.`,
  recapLast: (topic) => `That completes every part of “${topic}”.`,
  learningPathAbout: (title) => `A learning path about ${title}.`,
  noSources: {
    introduction: (title) => `Introduction to ${title}`,
    whatIs: (title) => `What ${title} is about`,
    whyItMatters: (title) => `Why ${title} matters`,
    keyConcepts: "Key concepts",
    coreIdeas: "Core ideas",
    inPractice: (title) => `${title} in practice`,
    examples: "Examples",
    exercises: "Exercises",
    explore: (title) => `Explore ${title} with your own sources to get grounded content.`,
  },
};

const nl: Labels = {
  introduction: "Inleiding",
  partOf: (section, part) => `${section}, deel ${part}`,
  activityTitle: {
    overview: (section) => `Overzicht: ${section}`,
    diagnostic: (section) => `Diagnostische check: ${section}`,
    study: (section) => `Studie: ${section}`,
    practice: (section) => `Oefenen: ${section}`,
    mastery: (section) => `Eindcheck: ${section}`,
    recap: (section) => `Samenvatting: ${section}`,
  },
  quote: (text) => `„${text}”`,
  clozeStem: (stem) => `Vul het ontbrekende begrip in: „${stem}”`,
  clozeCard: (stem) => `Vul aan: „${stem}”`,
  causeStem: (effect) => `Waarom is dit zo volgens de tekst: „${effect}”?`,
  causeStemClause: (effect) => `Hoe komt het volgens de tekst dat ${effect}?`,
  whyQuestion: (effect, form, isName) => {
    if (form === "front") return `Waarom ${effect}?`;
    const inverted = /^(?:daardoor|hierdoor|daarom)\s+(\p{Ll}.*)$/iu.exec(effect);
    if (form === "follows") return inverted ? `Waarom ${inverted[1]}?` : dutchAdverbAfterVerb(effect);
    // A main clause ("Sommige medicijnen werken") swaps its subject and verb; a subordinate one cannot.
    return /^\p{Lu}/u.test(effect) ? dutchWhyQuestion(effect, isName) : null;
  },
  objectiveWhy: (question) => `Je kunt uitleggen: ${lowerFirst(question)}`,
  definitionStem: (meaning) => `Welk begrip past bij deze omschrijving: „${meaning}”?`,
  meaningCard: (term) => `Wat betekent „${term}”?`,
  termCard: (meaning) => `Welk begrip wordt hier omschreven: „${meaning}”?`,
  textSays: (sentence) => `In de tekst staat: „${sentence}”`,
  optionMeans: (option, meaning) => `„${option}” betekent iets anders: ${lowerFirst(meaning)}.`,
  onlyTermThatFits: "Alleen het begrip dat de tekst daar zelf gebruikt, maakt de uitspraak waar.",
  otherTerms: "De andere begrippen komen ook in dit onderdeel voor, maar betekenen iets anders.",
  elsewhereHint: (masked) => `Elders staat: „${masked}”`,
  contextHint: (around) => `Vlak daarbij staat: „${around}”`,
  clozeHint: (subtopic) => `Het begrip hoort bij het deel over „${subtopic}”.`,
  termHint: (subtopic) => `Het begrip wordt uitgelegd in het deel over „${subtopic}”.`,
  causeHint: (subtopic) => `Zoek de oorzaak in het deel over „${subtopic}”.`,
  causeHintPlain: "Bedenk wat er eerst gebeurt, en wat daaruit volgt.",
  meaningHint: (subtopic) => `Het begrip komt aan bod bij „${subtopic}”.`,
  meaningHintPlain: "Denk aan hoe de tekst dit begrip invoert: wat voor iets is het?",
  objectiveDefine: (term) => `Je kunt uitleggen wat „${term}” betekent.`,
  objectiveCause: (effect) => `Je kunt uitleggen waarom dit zo is: „${effect}”.`,
  objectiveTerm: (term) => `Je kunt het begrip „${term}” herkennen en gebruiken.`,
  objectiveDescribe: (subtopic) => `Je kunt de kern van „${subtopic}” in eigen woorden beschrijven.`,
  testYourself: "Test jezelf",
  meaningText: (term, meaning) => `${capitalize(term)}: ${lowerFirst(meaning)}.`,
  podcastAsk: (index) =>
    ["Wat zegt de tekst daarover?", "Wat moeten we daarover weten?", "Hoe legt de tekst dat uit?"][
      index % 3
    ] ?? "",
  recapOpening: (section) => `In deze samenvatting lopen we de belangrijkste punten van „${section}” langs.`,
  recapStep: (index, total, subtopic) =>
    index === 0
      ? `Eerst gaat het over „${subtopic}”.`
      : index === total - 1
        ? `Tot slot gaat het over „${subtopic}”.`
        : index % 2 === 1
          ? `Daarnaast gaat het over „${subtopic}”.`
          : `Verder komt „${subtopic}” aan bod.`,
  becauseFollows: (connective, cause) => `Dat komt ${connective} ${cause}.`,
  recapRemember: (sentence) => `Onthoud vooral dit: ${sentence}`,
  recapThink: (question) => `Denk ook na over deze vraag: ${question}`,
  recapNext: (section) => `Hierna gaat het verder met „${section}”.`,
  recapLast: (topic) => `Daarmee heb je alle onderdelen van „${topic}” gehad.`,
  learningPathAbout: (title) => `Een leerpad over ${title}.`,
  noSources: {
    introduction: (title) => `Inleiding: ${title}`,
    whatIs: (title) => `Waar ${title} over gaat`,
    whyItMatters: (title) => `Waarom ${title} belangrijk is`,
    keyConcepts: "Kernbegrippen",
    coreIdeas: "Kernideeën",
    inPractice: (title) => `${title} in de praktijk`,
    examples: "Voorbeelden",
    exercises: "Oefeningen",
    explore: (title) => `Voeg eigen bronnen toe over ${title} voor onderbouwde inhoud.`,
  },
};

// "Het is daarom van belang om …" → "Waarom is het van belang om …?": a pronoun subject ("het", "er",
// "je") and its finite verb before the adverb swap, as in any Dutch question; other subjects stay quoted.
const ADVERB_AFTER_VERB =
  /^(het|er|we|wij|men|ze|zij|u)\s+(\p{Ll}+)\s+(?:daarom|daardoor|hierdoor)\s+(\p{Ll}.*)$/iu;

function dutchAdverbAfterVerb(effect: string): string | null {
  const match = ADVERB_AFTER_VERB.exec(effect.replace(/[.!?]+$/u, ""));
  if (!match?.[1] || !match[2] || !match[3] || !isFiniteDutchVerb(match[2])) return null;
  return `Waarom ${match[2]} ${match[1].toLowerCase()} ${match[3]}?`;
}

function capitalize(text: string): string {
  return text.charAt(0).toLocaleUpperCase() + text.slice(1);
}

/** Lower case after a colon, unless the first word is a name or an acronym. */
function lowerFirst(text: string): string {
  return /^\p{Lu}\p{Ll}/u.test(text) ? text.charAt(0).toLocaleLowerCase() + text.slice(1) : text;
}

export const LABELS: Record<Language, Labels> = { en, nl };
