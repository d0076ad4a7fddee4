import type { ActivityKind } from "../../../../src/domain/activity-payload.ts";
import type { Language } from "../../text/language.ts";

/** Every text the extractive provider writes itself, in the language of the source it comes from. */
export interface Labels {
  introduction: string;
  activityTitle: Record<ActivityKind, (section: string) => string>;
  objective: (subtopic: string) => string;
  clozeQuestion: (stem: string) => string;
  clozeCard: (stem: string) => string;
  trueStatement: string;
  explanation: (sentence: string) => string;
  definitionQuestion: (subject: string, verb: string) => string;
  letterHint: (first: string, letters: number) => string;
  subtopicHint: (subtopic: string) => string;
  testYourself: string;
  inShort: (text: string) => string;
  recapOpening: (section: string, subtopics: string[]) => string;
  recapClosing: string;
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

const joinList = (and: string) => (items: string[]) =>
  items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} ${and} ${items[items.length - 1]}`;

const en: Labels = {
  introduction: "Introduction",
  activityTitle: {
    overview: (section) => `Overview: ${section}`,
    diagnostic: (section) => `Diagnostic check: ${section}`,
    study: (section) => `Study: ${section}`,
    practice: (section) => `Practice: ${section}`,
    mastery: (section) => `Mastery check: ${section}`,
    recap: (section) => `Recap: ${section}`,
  },
  objective: (subtopic) => `Explain the key ideas of “${subtopic}”.`,
  clozeQuestion: (stem) => `Fill in the blank: “${stem}”`,
  clozeCard: (stem) => `Complete: “${stem}”`,
  trueStatement: "Which statement is true?",
  explanation: (sentence) => `The source says: “${sentence}”`,
  definitionQuestion: (subject, verb) =>
    verb === "means" ? `What does ${subject} mean?` : `What ${verb} ${subject}?`,
  letterHint: (first, letters) => `Starts with “${first}” (${letters} letters)`,
  subtopicHint: (subtopic) => `Think of “${subtopic}”`,
  testYourself: "Test yourself",
  inShort: (text) => `In short: ${text}`,
  recapOpening: (section, subtopics) =>
    subtopics.length > 1
      ? `In this part, “${section}”, we looked at ${joinList("and")(subtopics)}.`
      : `In this part we looked at “${section}”.`,
  recapClosing: "Go through the practice cards again to keep it fresh.",
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
  activityTitle: {
    overview: (section) => `Overzicht: ${section}`,
    diagnostic: (section) => `Diagnostische check: ${section}`,
    study: (section) => `Studie: ${section}`,
    practice: (section) => `Oefenen: ${section}`,
    mastery: (section) => `Eindcheck: ${section}`,
    recap: (section) => `Samenvatting: ${section}`,
  },
  objective: (subtopic) => `Je kunt de kernideeën van “${subtopic}” uitleggen.`,
  clozeQuestion: (stem) => `Vul het ontbrekende woord in: “${stem}”`,
  clozeCard: (stem) => `Vul aan: “${stem}”`,
  trueStatement: "Welke bewering is juist?",
  explanation: (sentence) => `De bron zegt: “${sentence}”`,
  definitionQuestion: (subject, verb) =>
    verb === "betekent" ? `Wat betekent ${subject}?` : `Wat ${verb} ${subject}?`,
  letterHint: (first, letters) => `Begint met “${first}” (${letters} letters)`,
  subtopicHint: (subtopic) => `Denk aan “${subtopic}”`,
  testYourself: "Test jezelf",
  inShort: (text) => `Kort gezegd: ${text}`,
  recapOpening: (section, subtopics) =>
    subtopics.length > 1
      ? `In dit onderdeel, “${section}”, ging het over ${joinList("en")(subtopics)}.`
      : `In dit onderdeel ging het over “${section}”.`,
  recapClosing: "Herhaal de oefenkaarten nog eens, dan blijft het hangen.",
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

export const LABELS: Record<Language, Labels> = { en, nl };
