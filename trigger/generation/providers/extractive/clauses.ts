import type { Sentence } from "../../corpus.ts";
import { pluralOpeningSubject } from "../../text/antecedent.ts";
import { withoutLeadingLink } from "../../text/compress.ts";
import { escapeRegExp, isStopword, type Language, lowerInitial } from "../../text/language.ts";
import { fixedExpressionTokens, wordSet } from "../../text/lexicon/index.ts";
import {
  isConceptPhrase,
  isDefinitionAnswer,
  isVerbDerived,
  joinedToNounBefore,
  opensWithPurpose,
} from "../../text/phrase-checks.ts";
import {
  isDutchVerbForm,
  lexiconClasses,
  lexiconTags,
  onlyAGerund,
  onlyAVerb,
  opensWithImperative,
} from "../../text/pos.ts";
import { leansOnContext, namesContent } from "../../text/rank.ts";
import { dutchVerbNumbers, looksLikeAName } from "../../text/why-question.ts";

/**
 * Cause and definition sentences, read with patterns rather than a parser: only shapes whose parts are
 * grammatical on their own are accepted, so every question built from them reads as real language.
 */

/** A cause the text states, with the effect it explains. */
export interface CausalPair {
  /** The sentences the pair is read from, in reading order (one, or the effect and its "That is because"). */
  sentences: Sentence[];
  /** The effect as a statement (a main clause with normal word order), without final punctuation. */
  effect: string;
  /**
   * The cause as a clause that fits after "doordat"/"because" (subordinate word order in Dutch),
   * without its connective or final punctuation; null when the text gives it as a main clause only.
   */
  cause: string | null;
  /** The cause as the source words it when it is a main clause of its own ("Daardoor…" follows it). */
  causeStatement: string | null;
  /** The connective the source uses ("doordat", "omdat", "because"), lower case. */
  connective: string;
  /** front: "Doordat B, A" (Dutch; the effect is A, verb first, asked only as "Waarom A?"); mid: "A doordat B"; back: "A. Dat komt doordat B"; whereby: "A, waardoor B"; follows: "A. Daardoor B". */
  form: "mid" | "back" | "whereby" | "follows" | "front";
}

/** A term the text defines, with its meaning. */
export interface DefinitionPair {
  sentences: Sentence[];
  /** The term as written in the text. */
  term: string;
  /** What it means, as the text says it: a noun phrase ("a green pigment that …") or a description. */
  meaning: string;
  /**
   * "is": "X is een …"; "named": "… noemen we X" / "… is called X" / "… wordt X genoemd" / "…, called
   * X"; "means": "X betekent …"; "apposition": "… the Bastille, a fortress and prison that …,".
   */
  form: "is" | "named" | "means" | "apposition";
}

const END = /[.!?…]+["'”’)]*$/;

export function withoutEnd(text: string): string {
  return text.replace(END, "").trim();
}

function lastWord(text: string): string {
  return (text.toLowerCase().match(/[\p{L}\p{N}'’-]+/gu) ?? []).at(-1) ?? "";
}

function wordsOf(text: string): string[] {
  return text.split(/\s+/).filter(Boolean);
}

/** A clause long enough to say something (at least three words, two of them content words). */
function substantial(text: string): boolean {
  const words = wordsOf(text);
  return words.length >= 3 && words.filter((word) => !isStopword(word.toLowerCase())).length >= 2;
}

// "Because the air cools, the vapour condenses." (English keeps normal order after the comma.)
const FRONT_CAUSE_EN = /^(because)\s+([^,;:]+?),\s+(\p{Ll}[^;:]+?)$/iu;
const FRONT_CAUSE_NL = /^(doordat|omdat)\s+([^,;:]+?),\s+(\p{Ll}[^;:]+?)$/iu;
const MID_CAUSE: Record<Language, RegExp> = {
  nl: /^(\p{Lu}[^,;:]*?),?\s+(doordat|omdat)\s+([^,;:]+?)$/u,
  en: /^(\p{Lu}[^,;:]*?),?\s+(because)\s+([^;:]+?)$/u,
};
// "Dat komt doordat …" / "This is because …": the sentence before is the effect.
const BACK_CAUSE: Record<Language, RegExp> = {
  nl: /^(?:dat|dit|het)\s+(?:komt|gebeurt)\s+(doordat|omdat)\s+([^;:]+?)$/iu,
  en: /^(?:this|that|it)\s+is\s+(because)\s+([^;:]+?)$/iu,
};
// "…, waardoor …": the first clause causes the second (a subordinate clause in Dutch).
const WHEREBY: Record<Language, RegExp> = {
  nl: /^(\p{Lu}[^;:]*?),\s+(waardoor)\s+([^,;:]+?)$/u,
  en: /^(\p{Lu}[^;:]*?),\s+(so|which is why|and therefore|and as a result)\s+([^;:]+?)$/u,
};
// A sentence that says it follows from the one before: "Daardoor …", "As a result, …".
const FOLLOWS: Record<Language, RegExp> = {
  nl: /^(daardoor|hierdoor|daarom|dat is waarom)\b/iu,
  en: /^(as a result|therefore|because of this|that is why|this is why|for this reason|consequently)\b,?\s*/iu,
};

// "… reageert het lichaam daardoor sneller": the adverb points back, unless an "en" clause of the same
// sentence is what it points to ("leert van X en werkt daardoor gericht").
const MID_FOLLOWS = /^(?!.*\ben\b.*\b(?:daardoor|hierdoor|daarom)\b).*?\b(?:daardoor|hierdoor|daarom)\b/iu;
// "Water is therefore scarce", "It can therefore …": the adverb after the verb points back as well.
const MID_THEREFORE_EN =
  /^(\p{Lu}[^,;:]*?\s(?:is|are|was|were|can|could|will|would|must|should|may|might|has|have|had))\s+therefore\s+([^,;:]+)$/u;

/** A clause joined by "but"/"maar" after a comma. */
function hasContrastClause(text: string, language: Language): boolean {
  const joiners = [...wordSet(language, "contrastJoiners")].map(escapeRegExp).join("|");
  return new RegExp(`,\\s+(?:${joiners})\\s`, "iu").test(text);
}

function capitalize(text: string): string {
  return text.charAt(0).toLocaleUpperCase() + text.slice(1);
}

/** The causes stated in a run of sentences (one subtopic or section), in reading order. */
/**
 * After a fronted Dutch cause the main clause opens with its verb ("…, duurt het enkele dagen"); a
 * relative word there ("…, waarmee voldaan is") shows the comma closed something else.
 */
function opensDutchMainClause(clause: string): boolean {
  return !wordSet("nl", "relativePronouns").has(clause.split(/\s+/u)[0]?.toLowerCase() ?? "");
}

/**
 * A subordinate clause keeps its verb at the end, so a finite verb before a subject pronoun ("… kunnen
 * deze ook worden gelogd") inside a fronted cause means the main clause began where no comma stood.
 */
function holdsDutchMainClause(clause: string): boolean {
  const finite = wordSet("nl", "finiteAuxiliaries");
  const subjects = new Set([...wordSet("nl", "subjectPronouns"), "deze", "die", "dit", "dat", "het", "er"]);
  const words = clause.toLowerCase().split(/\s+/u);
  return words.some((word, at) => at > 0 && finite.has(word) && subjects.has(words[at + 1] ?? ""));
}

export function causalPairs(
  sentences: readonly Sentence[],
  language: Language,
  isNominal: (word: string) => boolean = () => true,
): CausalPair[] {
  const pairs: CausalPair[] = [];
  sentences.forEach((sentence, position) => {
    const text = withoutEnd(sentence.text);
    const previous = sentences[position - 1];
    const adjacent =
      previous !== undefined && previous.index === sentence.index - 1 && !sentence.opensParagraph;
    const resolved = (pair: CausalPair): CausalPair =>
      adjacent && previous?.complete ? withSubjectResolved(pair, previous, language) : pair;
    const mid = MID_CAUSE[language].exec(text);
    // "Veen is een bodem die ontstaat doordat …": the cause belongs to a relative clause, not to a
    // statement that can be quoted on its own.
    const relative = /\s(die|waar|which|who|where)\s+(\S+\s+){0,3}\S+$/i;
    const endsInRelative = mid?.[1] !== undefined && relative.test(mid[1]) && !isNominal(lastWord(mid[1]));
    // "because of convection": a preposition, not a clause that fits after "Because" among others.
    const prepositional = mid?.[3] !== undefined && /^of\s/i.test(mid[3]);
    if (
      mid?.[1] &&
      mid[2] &&
      mid[3] &&
      substantial(mid[1]) &&
      substantial(mid[3]) &&
      !endsInRelative &&
      !prepositional
    ) {
      pairs.push(
        resolved({
          sentences: [sentence],
          effect: mid[1].trim(),
          cause: mid[3].trim(),
          causeStatement: null,
          connective: mid[2].toLowerCase(),
          form: "mid",
        }),
      );
      return;
    }
    const frontNl = language === "nl" ? FRONT_CAUSE_NL.exec(text) : null;
    if (
      frontNl?.[1] &&
      frontNl[2] &&
      frontNl[3] &&
      substantial(frontNl[2]) &&
      opensDutchMainClause(frontNl[3]) &&
      !holdsDutchMainClause(frontNl[2])
    ) {
      pairs.push(
        resolved({
          sentences: [sentence],
          // The main clause after the comma, verb first: "…, duurt het enkele dagen".
          effect: frontNl[3].trim(),
          cause: frontNl[2].trim(),
          causeStatement: null,
          connective: frontNl[1].toLowerCase(),
          form: "front",
        }),
      );
      return;
    }
    const front = language === "en" ? FRONT_CAUSE_EN.exec(text) : null;
    if (front?.[2] && front[3] && substantial(front[2]) && substantial(front[3])) {
      pairs.push(
        resolved({
          sentences: [sentence],
          effect: capitalize(front[3].trim()),
          cause: front[2].trim(),
          causeStatement: null,
          connective: "because",
          form: "mid",
        }),
      );
      return;
    }
    const back = BACK_CAUSE[language].exec(text);
    if (back?.[1] && back[2] && adjacent && previous && substantial(back[2])) {
      const effect = withoutEnd(previous.text);
      if (substantial(effect) && !/[,;:]/.test(effect)) {
        pairs.push({
          sentences: [previous, sentence],
          effect,
          cause: back[2].trim(),
          causeStatement: null,
          connective: back[1].toLowerCase(),
          form: "back",
        });
        return;
      }
    }
    const whereby = WHEREBY[language].exec(text);
    // ", so that …" states an aim: the first clause is no cause of it.
    const purpose = whereby?.[2] !== undefined && opensWithPurpose(`${whereby[2]} ${whereby[3]}`, language);
    // "A, which is interesting, but B, so C": only B leads to C, and where A ends is not for a rule to
    // guess; an answer that would also hold A as a cause is not asked.
    const contrasted = whereby?.[1] !== undefined && hasContrastClause(whereby[1], language);
    if (
      whereby?.[1] &&
      whereby[3] &&
      !purpose &&
      !contrasted &&
      substantial(whereby[1]) &&
      substantial(whereby[3])
    ) {
      // Dutch "waardoor X" is a subordinate clause: it can stand after "doordat" as another cause, and a
      // question asks "Hoe komt het dat X?". English clauses fit anywhere. A list's ordinal is no part of
      // the cause ("Second, many users …, so …" answered "Because Second, many users …").
      const causeClause = withoutLeadingLink(whereby[1].trim(), language);
      pairs.push({
        sentences: [sentence],
        effect: whereby[3].trim(),
        cause: language === "en" ? lowerFirst(causeClause) : null,
        causeStatement: causeClause,
        connective: language === "en" ? "because" : "doordat",
        form: "whereby",
      });
      return;
    }
    const therefore = language === "en" ? MID_THEREFORE_EN.exec(text) : null;
    const follows =
      FOLLOWS[language].exec(text) ?? (language === "nl" ? MID_FOLLOWS.exec(text) : null) ?? therefore;
    if (follows && adjacent && previous?.complete) {
      const cause = withoutLeadingLink(withoutEnd(previous.text), language);
      // "Daardoor kan je je werk opslaan, maar dit helpt ook …": the contrasting clause is not caused by
      // the sentence before, and a question about the whole sentence would say it is.
      if (!substantial(cause) || hasContrastClause(text, language)) return;
      const effect =
        therefore?.[1] && therefore[2]
          ? `${therefore[1]} ${therefore[2]}`
          : language === "en"
            ? capitalize(text.slice(follows[0].length))
            : text;
      pairs.push({
        sentences: [previous, sentence],
        effect,
        cause: language === "en" && !/[,;:]/.test(cause) ? lowerFirst(cause) : null,
        causeStatement: cause,
        connective: language === "en" ? "because" : "doordat",
        form: "follows",
      });
    }
  });
  // An instruction ("Consider changing file permissions …") is no cause: "Because consider …".
  return pairs.filter(
    (pair) =>
      !opensWithImperative(pair.causeStatement ?? pair.cause ?? "", language) &&
      [pair.effect, pair.cause ?? pair.causeStatement ?? ""].every(isOneClause),
  );
}

/**
 * A cause or effect is one clause of one sentence: not a lead-in to what follows ("… get the correct
 * result:") nor two sentences the splitter left together ("… discoverability. ggdist’s shortcut
 * geometries include …"), which graded why-questions quoted as garbled stems.
 */
function isOneClause(text: string): boolean {
  return !/:\s*$/u.test(text.trim()) && !/[.!?]\s+\p{L}/u.test(text);
}

/**
 * "Steamships followed a few years later. Because they did not depend on the wind, they could keep to a
 * timetable …": a cause whose effect has a plural pronoun as its subject is read with the noun phrase
 * the sentence before opens with (`pluralOpeningSubject`, only where nothing else there could be meant),
 * and cites both sentences. Only when every plural pronoun of the sentence is a subject replaced here,
 * the effect's one included; otherwise the pair stays as it was (and needs its context, so is not asked).
 */
function withSubjectResolved(pair: CausalPair, previous: Sentence, language: Language): CausalPair {
  const [sentence] = pair.sentences;
  if (!sentence || pair.sentences.length !== 1) return pair;
  const subject = pluralOpeningSubject(previous.text, language);
  if (!subject) return pair;
  const effect = withSubject(pair.effect, subject, language, pair.form === "front" ? "verbFirst" : "main");
  if (effect === null) return pair;
  const cause = pair.cause === null ? null : withSubject(pair.cause, subject, language, "subordinate");
  const forms = wordSet(language, "pluralPronounForms");
  const inSentence = wordsOf(sentence.text).filter((word) =>
    forms.has(word.toLowerCase().replace(/[^\p{L}]/gu, "")),
  ).length;
  if (inSentence !== (cause === null ? 1 : 2)) return pair;
  return { ...pair, sentences: [previous, sentence], effect, cause: cause ?? pair.cause };
}

/**
 * A clause with its plural subject pronoun replaced by a noun phrase, or null when its subject is no
 * such pronoun or its verb is not plural: English "they …"; Dutch "ze konden …", "konden ze …" (after a
 * fronted cause) or "ze … waren" (a subordinate clause, its verbs at the end).
 */
function withSubject(
  clause: string,
  subject: string,
  language: Language,
  order: "main" | "verbFirst" | "subordinate",
): string | null {
  const words = wordsOf(clause);
  const at = order === "verbFirst" && language === "nl" ? 1 : 0;
  const pronoun = words[at] ?? "";
  if (!wordSet(language, "pluralSubjectPronouns").has(pronoun.toLowerCase())) return null;
  if (language === "nl") {
    const verbs = order === "verbFirst" ? [words[0]] : order === "main" ? [words[1]] : words.slice(1);
    if (!verbs.some((word) => word !== undefined && pluralOnlyVerb(word))) return null;
    if (words.some((word) => singularOnlyVerb(word))) return null;
  }
  const common = commonCase(subject, language);
  words[at] = /^\p{Lu}/u.test(pronoun) ? capitalize(common) : common;
  return words.join(" ");
}

function pluralOnlyVerb(word: string): boolean {
  const numbers = dutchVerbNumbersOf(word);
  return numbers.has("plural") && !numbers.has("singular");
}

function singularOnlyVerb(word: string): boolean {
  const numbers = dutchVerbNumbersOf(word);
  return numbers.has("singular") && !numbers.has("plural");
}

/** The numbers a Dutch word agrees with as a finite verb: none unless the lexicon or its form makes it one. */
function dutchVerbNumbersOf(word: string): ReadonlySet<string> {
  const lower = word.toLowerCase().replace(/[^\p{L}]/gu, "");
  const verb = lexiconTags(lower, "nl").some((tag) => tag.startsWith("V(")) || isDutchVerbForm(lower);
  return verb ? dutchVerbNumbers(lower) : new Set();
}

/** A noun phrase that opened a sentence, as it reads inside one: its first word in lower case unless a name. */
function commonCase(phrase: string, language: Language): string {
  if (language === "en") return lowerFirst(phrase);
  const [first = "", ...rest] = phrase.split(" ");
  const known = lexiconClasses(lowerInitial(first), "nl").length > 0;
  return [known || !looksLikeAName(first) ? lowerInitial(first) : first, ...rest].join(" ");
}

/**
 * The first letter of an English clause in lower case, unless the first word is a name or an acronym
 * (capitals inside it, or a word the lexicon knows only with its capital: "Swedish", "Vikings").
 */
export function lowerFirst(text: string): string {
  const first = text.split(" ")[0] ?? "";
  if (/^\p{Lu}.*\p{Lu}/u.test(first) || /^(I|I'm)$/.test(first)) return text;
  const word = first.replace(/[^\p{L}'’-]/gu, "");
  if (lexiconClasses(word, "en").length > 0 && lexiconClasses(lowerInitial(word), "en").length === 0)
    return text;
  return lowerInitial(text);
}

// "X is een …", "X zijn cellen die …", "X is a …", "X are cells that …"; a history tells it in the past
// ("De watergeuzen waren kapers die …", "The jarls were wealthy chiefs who …").
const IS_DEFINITION: Record<Language, RegExp> = {
  nl: /^(?:(?:de|het|een)\s+)?(\p{L}[\p{L}\p{N}'’-]*(?:\s+\p{L}[\p{L}\p{N}'’-]*){0,3}?)\s+(?:is|zijn|was|waren)\s+((?:een\s+\S+|het\s+proces|de\s+manier|de\s+naam|\p{Ll}+\s+(?:die|dat))\s.{6,})$/iu,
  en: /^(?:(?:the|a|an)\s+)?(\p{L}[\p{L}\p{N}'’-]*(?:\s+\p{L}[\p{L}\p{N}'’-]*){0,3}?)\s+(?:is|are|was|were)\s+((?:an?\s+\S+|the\s+process|the\s+way|the\s+name|\p{Ll}+\s+(?:that|which|who))\s.{6,})$/iu,
};
// "… noemen we X", "Dit proces heet X", "… is called X", "This is known as X".
const NAMED: Record<Language, RegExp> = {
  nl: /^(.+?)\s+(?:noemen\s+we|noemt\s+men|noem\s+je|heet|heten)\s+(?:(?:de|het|een)\s+)?(\p{L}[\p{L}\p{N}'’-]*(?:\s+\p{L}[\p{L}\p{N}'’-]*){0,2}?)(?:\s+(?:en|of|omdat|want)\s+.*|,.*)?$/u,
  en: /^(.+?)\s+(?:is|are)\s+(?:called|known\s+as|named)\s+(?:the\s+|an?\s+)?(\p{L}[\p{L}\p{N}'’-]*(?:\s+\p{L}[\p{L}\p{N}'’-]*){0,2}?)(?:\s+(?:and|or|because)\s+.*|,.*)?$/u,
};
// "Onder X verstaan we Y" / "By X we mean Y": the term comes first, the meaning after the verb.
const UNDERSTOOD: Record<Language, RegExp> = {
  nl: /^onder\s+(?:(?:de|het|een)\s+)?(\p{L}[\p{L}\p{N}'’-]*(?:\s+\p{L}[\p{L}\p{N}'’-]*){0,2}?)\s+(?:verstaan\s+we|verstaat\s+men|wordt\s+(?:hier\s+)?verstaan)\s+(.{8,})$/iu,
  en: /^by\s+(?:(?:the|a|an)\s+)?(\p{L}[\p{L}\p{N}'’-]*(?:\s+\p{L}[\p{L}\p{N}'’-]*){0,2}?),?\s+(?:we|the\s+text)\s+means?\s+(.{8,})$/iu,
};
const MEANS: Record<Language, RegExp> = {
  nl: /^(?:(?:de|het|een)\s+)?(\p{L}[\p{L}\p{N}'’-]*(?:\s+\p{L}[\p{L}\p{N}'’-]*){0,2}?)\s+betekent\s+(.{8,})$/iu,
  en: /^(?:(?:the|a|an)\s+)?(\p{L}[\p{L}\p{N}'’-]*(?:\s+\p{L}[\p{L}\p{N}'’-]*){0,2}?)\s+(?:means|refers\s+to)\s+(.{8,})$/iu,
};
// "X is defined as Y" / "X wordt gedefinieerd als Y".
const DEFINED_AS: Record<Language, RegExp> = {
  nl: /^(?:(?:de|het|een)\s+)?(\p{L}[\p{L}\p{N}'’-]*(?:\s+\p{L}[\p{L}\p{N}'’-]*){0,2}?)\s+(?:wordt|worden)\s+gedefinieerd\s+als\s+(.{8,})$/iu,
  en: /^(?:(?:the|a|an)\s+)?(\p{L}[\p{L}\p{N}'’-]*(?:\s+\p{L}[\p{L}\p{N}'’-]*){0,2}?)\s+(?:is|are)\s+defined\s+as\s+(.{8,})$/iu,
};
// "Gesmolten gesteente onder de grond wordt magma genoemd": the subject is the description.
const CALLED_PASSIVE: Record<Language, RegExp | null> = {
  nl: /^(.+?)\s+(?:wordt|worden|werd|werden)\s+(?:ook\s+(?:wel\s+)?)?(?:(?:de|het|een)\s+)?(\p{L}[\p{L}\p{N}'’-]*(?:\s+\p{L}[\p{L}\p{N}'’-]*){0,2}?)\s+genoemd$/u,
  en: null,
};
// "… on a long chain of volcanoes, called an island arc": the description ends before the comma.
const CALLED_AFTER: Record<Language, RegExp | null> = {
  en: /^(.+?),\s+(?:called|known\s+as)\s+(?:(?:the|an?)\s+)?(\p{L}[\p{L}\p{N}'’-]*(?:\s+\p{L}[\p{L}\p{N}'’-]*){0,2}?)(?:,.*)?$/u,
  nl: null,
};

/**
 * Definitions in a run of sentences, when `isTerm` accepts the term (a key phrase of the material, so
 * "De zon is een ster" does not make "zon" a term unless the text keeps using it).
 */
export function definitions(
  sentences: readonly Sentence[],
  language: Language,
  isTerm: (term: string) => boolean,
): DefinitionPair[] {
  const found: DefinitionPair[] = [];
  sentences.forEach((sentence) => {
    const text = withoutEnd(sentence.text);
    const definition = definitionIn(text, language, isTerm);
    // A Dutch infinitive used as a noun ("na het sporten") names an activity, not a thing defined here;
    // "De ene zorgaanbieder is …" or "Een concreet voorbeeld hiervan is …" defines no concept at all.
    if (
      definition &&
      !isVerbDerived(definition.term, text, language) &&
      isConceptPhrase(definition.term, language)
    )
      found.push({ sentences: [sentence], ...definition });
  });
  return found;
}

type Found = Omit<DefinitionPair, "sentences">;

/**
 * The definition one sentence gives of its own subject term, in one of the shapes whose answer is a
 * complete noun phrase with its genus (`isDefinitionAnswer`); a description told as a clause, a
 * sentence before "This is called X" or a fronted "Once it …, it is called X" defines nothing for sure.
 */
function definitionIn(text: string, language: Language, isTerm: (term: string) => boolean): Found | null {
  const answers = (meaning: string) => isDefinitionAnswer(meaning, language);
  const is = IS_DEFINITION[language].exec(text);
  // "The result is a spring tide": a general noun before "is" says what follows, it is not defined.
  if (is?.[1] && is[2] && namesContent(is[1]) && isTerm(is[1]) && !mentions(is[2], is[1])) {
    // "X is a divergent boundary, and it is …": the meaning ends where the next clause begins.
    const meaning = is[2].split(/,\s+(?:and|but|en|maar)\s|;/u)[0]?.trim() ?? is[2];
    return answers(meaning) ? { term: is[1], meaning, form: "is" } : null;
  }
  const means =
    MEANS[language].exec(text) ?? UNDERSTOOD[language].exec(text) ?? DEFINED_AS[language].exec(text);
  if (means?.[1] && means[2] && isTerm(means[1]) && !mentions(means[2], means[1]))
    return answers(means[2]) ? { term: means[1], meaning: means[2], form: "means" } : null;
  const apposition = appositionIn(text, language, isTerm);
  if (apposition) return answers(apposition.meaning) ? { ...apposition, form: "apposition" } : null;
  const called = CALLED_AFTER[language]?.exec(text);
  if (called?.[1] && called[2] && isTerm(called[2])) {
    const meaning = descriptionAtEnd(wordsOf(called[1]));
    return meaning && answers(meaning) && !mentions(meaning, called[2])
      ? { term: called[2], meaning, form: "named" }
      : null;
  }
  const named = NAMED[language].exec(text) ?? CALLED_PASSIVE[language]?.exec(text);
  if (named?.[1] && named[2] && isTerm(named[2])) {
    const subject = named[1].trim();
    return answers(subject) && !mentions(subject, named[2])
      ? { term: named[2], meaning: subject, form: "named" }
      : null;
  }
  return null;
}

// ", a fortress and prison that …," / ", een fort dat …": an indefinite noun phrase set off by commas.
const APPOSITION = /,\s+((?:an?|een)\s+[^,;:]+?)\s*(?:,|$)/iu;
// After the phrase, another indefinite noun phrase: the phrase was an item of a list.
const LIST_ITEM_FOLLOWS = /^,\s+(?:(?:and|or|en|of)\s+)?(?:an?|een)\s/iu;

/**
 * "… stormed the Bastille, a fortress and prison that stood for the power of the king": the words
 * right before the comma up to the last function word ("de helft uit bloedplasma" names "bloedplasma")
 * and the phrase renaming them; "een paar kilometer onder …" measures, it renames nothing.
 */
function appositionIn(
  text: string,
  language: Language,
  isTerm: (term: string) => boolean,
): { term: string; meaning: string } | null {
  const match = APPOSITION.exec(text);
  if (!match?.[1] || match.index === undefined) return reversedAppositionIn(text, language, isTerm);
  const meaning = match[1];
  if (!describes(meaning, language)) return null;
  const before = text.slice(0, match.index).split(/\s+/u);
  // "Elk neuron heeft een cellichaam, een axon en …" and "… of a full-length technical paper, a
  // two-page abstract, a journal article …" list; an apposition follows a named or known thing.
  if (before.slice(-4).some((word) => INDEFINITE_ARTICLE.test(word))) return null;
  if (LIST_ITEM_FOLLOWS.test(text.slice(match.index + match[0].length - 1))) return null;
  // A fixed expression's words are function words too: "in elk geval realistische bedrijfscasus" names
  // "realistische bedrijfscasus", not "geval realistische bedrijfscasus".
  const idiom = fixedExpressionTokens(
    before.map((word) => word.toLowerCase()),
    language,
  );
  const lastFunctionWord = before.findLastIndex(
    (word, index) => isStopword(word.toLowerCase()) || idiom.has(index),
  );
  // Longest first, never from a verb on ("Ze bevatten hemoglobine, een eiwit …" names hemoglobine).
  for (let start = Math.max(lastFunctionWord + 1, before.length - 3); start < before.length; start++) {
    const first = (before[start] ?? "").toLowerCase();
    // "… was created using LimeSurvey, an open-source online survey tool" names LimeSurvey.
    if (lexiconClasses(first, language).includes("verb") || onlyAGerund(first, language)) continue;
    const term = before.slice(start).join(" ");
    // "de Sociëteit van Suriname, een particuliere onderneming": the renaming is of the whole name.
    if (joinedToNounBefore(before.slice(0, start), language)) return null;
    if (/^\p{L}/u.test(term) && isTerm(term) && !mentions(meaning, term)) return { term, meaning };
  }
  return null;
}

/**
 * A renaming phrase long enough to describe, neither a measure nor the start of a list, and a noun
 * phrase: no verb before its relative clause (", a longship could sail …" is a clause of its own).
 */
function describes(meaning: string, language: Language): boolean {
  const head = beforeRelativeClause(meaning);
  return (
    meaning.split(/\s+/u).length >= 3 &&
    !QUANTITY.test(meaning) &&
    !LIST_GOES_ON[language].test(head) &&
    !wordsOf(head).some((word) => {
      const bare = word.replace(/[^\p{L}]/gu, "").toLowerCase();
      // ", een compiler genereert een PDF" is a clause of its own.
      return onlyAVerb(bare, language) || (language === "nl" && isDutchVerbForm(bare));
    })
  );
}

// "…, de limes." / "…, the limes,": a definite noun phrase of content words closing the sentence or
// set off by commas.
const RENAMED_LAST =
  /,\s+(?:de|het|the)\s+(\p{L}[\p{L}\p{N}'’-]*(?:\s+\p{L}[\p{L}\p{N}'’-]*){0,2})\s*(,.*)?$/u;
const INDEFINITE_ARTICLE = /^(?:an?|een)$/iu;

/**
 * "Langs de rivier bouwden de Romeinen een rij forten en wachttorens, de limes": the description comes
 * first, as an indefinite noun phrase without a verb before its relative clause, and the term renames
 * it. A list ("een koe, de geit en …", "een paard, een koe, de geit") renames nothing.
 */
function reversedAppositionIn(
  text: string,
  language: Language,
  isTerm: (term: string) => boolean,
): { term: string; meaning: string } | null {
  const match = RENAMED_LAST.exec(text);
  if (!match?.[1] || match.index === undefined) return null;
  const term = match[1];
  const rest = match[2]?.replace(/^,\s*/u, "") ?? "";
  if (
    /^(?:en|of|and|or)(?![\p{L}])/iu.test(rest) ||
    wordsOf(term).some((word) => isStopword(word.toLowerCase()))
  )
    return null;
  const meaning = descriptionAtEnd(wordsOf(text.slice(0, match.index)));
  return meaning && describes(meaning, language) && isTerm(term) && !mentions(meaning, term)
    ? { term, meaning }
    : null;
}

/**
 * The indefinite noun phrase that ends a run of words ("… bouwden de Romeinen een rij forten"): from
 * the last indefinite article, or an earlier one when that one only opens a prepositional phrase inside
 * it ("een rij forten met een gracht"); null when there is none or a comma lies inside.
 */
function descriptionAtEnd(before: readonly string[]): string | null {
  let start = -1;
  for (let index = before.length - 1; index >= 0; index--) {
    if (!INDEFINITE_ARTICLE.test(before[index] ?? "")) continue;
    start = index;
    if (!PREPOSITIONS.has((before[index - 1] ?? "").toLowerCase())) break;
  }
  if (start < 0 || before[start - 1]?.endsWith(",")) return null;
  const meaning = before.slice(start).join(" ");
  return /,/u.test(meaning) ? null : meaning;
}

const PREPOSITIONS = new Set(
  "met van uit in op aan voor bij door over onder tussen zonder with of in on at for by from into through under between without".split(
    " ",
  ),
);

// "…, een axon en meerdere dendrieten": another item with its own determiner, so a list, not a renaming.
const LIST_GOES_ON: Record<Language, RegExp> = {
  nl: /\s(?:en|of)\s+(?:een|de|het|meerdere|veel|enkele|twee|drie)\s/iu,
  en: /\s(?:and|or)\s+(?:an?|the|several|many|some|two|three)\s/iu,
};

/** "een eiwit dat zuurstof bindt en het bloed …": an "en" inside the relative clause joins no list items. */
function beforeRelativeClause(phrase: string): string {
  return (
    phrase.split(/\s(?:die|dat|wat|waar|waarin|that|which|who|whom|whose|where|in which)\s/iu)[0] ?? phrase
  );
}

const QUANTITY = /^(?:an?|een)\s+(?:few|couple|number|lot|little|bit|paar|aantal|beetje|stuk|keer)\b/iu;

// Words that make an effect mean nothing on its own: "has the same effect", "are typical examples"
// ("such as Japan" only lists).
const POINTS_ELSEWHERE =
  /(?<![\p{L}])(the same|such(?!\s+as)|examples?|hetzelfde|dezelfde|zo'n|zulke|voorbeelden?)(?![\p{L}])/iu;

// An answer that only names examples ("Petrol and medicines are typical examples, because …").
const EXAMPLES = /(?<![\p{L}])(examples?|voorbeelden?)(?![\p{L}])/iu;

/**
 * Whether an effect asked about, or a cause given as the answer, would need the sentences around it
 * to make sense. A "Daardoor …" effect is read without its connective: the answer is what it points to.
 */
export function needsContext(pair: CausalPair): boolean {
  const clause = pair.effect.replace(/^(?:daardoor|hierdoor|daarom)\s+/iu, "");
  // A verb-first Dutch clause whose subject points back ("schuift die over …") asks about nothing.
  if (/^\p{L}+\s+(?:die|dat|deze|dit|ze|zij|hij)(?![\p{L}])/iu.test(clause) && /^\p{Ll}/u.test(clause))
    return true;
  if (pointsBackWithHet(clause)) return true;
  const cause = pair.cause ?? pair.causeStatement ?? "";
  const pointsBack = leansOnContext(clause) && !EXPLETIVE_SUBJECT.test(clause);
  const language = pair.sentences[0]?.source.language ?? "en";
  return (
    POINTS_ELSEWHERE.test(clause) || pointsBack || pointsToAThing(clause, language) || EXAMPLES.test(cause)
  );
}

/**
 * "Identifying these actions is critical", "Daardoor is dit probleem lastig": a demonstrative before a
 * noun anywhere in the effect names something said before, which the question cannot show.
 */
function pointsToAThing(clause: string, language: Language): boolean {
  const tokens = clause.toLowerCase().split(/[^\p{L}'’]+/u);
  const demonstratives = wordSet(language, "demonstratives");
  return tokens.some(
    (token, at) =>
      demonstratives.has(token) && /^\p{L}/u.test(tokens[at + 1] ?? "") && tokens[at + 1] !== "as",
  );
}

// "Het is daarom van belang om …", "Er zijn daarom …": a "het" that announces an "om … te"/"dat"
// clause, or "er", stands for nothing said before.
const EXPLETIVE_SUBJECT =
  /^(?:er\s+\p{L}+\s+(?:daarom|daardoor|hierdoor)\s|het\s+\p{L}+\s+(?:daarom|daardoor|hierdoor)\s.*(?<![\p{L}])(?:om|dat)(?![\p{L}]))/iu;

// Verbs whose "het" is no one ("duurt het enkele dagen", "regent het vaak").
const IMPERSONAL_VERBS = new Set(
  "duurt duurde duren kost kostte gaat ging lukt lukte regent regende sneeuwt is was wordt werd blijkt bleek lijkt leek schijnt valt viel komt kwam".split(
    " ",
  ),
);

/**
 * "stijgt het langzaam op": a verb-first clause whose "het" stands for something named before. "het"
 * is an article when a noun (or a word the lexicon does not know) follows it ("ontstaat het
 * broeikaseffect"), and no one after an impersonal verb.
 */
function pointsBackWithHet(clause: string): boolean {
  const [verb, het, next] = clause.toLowerCase().split(/\s+/u);
  if (het !== "het" || verb === undefined || next === undefined || IMPERSONAL_VERBS.has(verb)) return false;
  const classes = lexiconClasses(next.replace(/[^\p{L}]/gu, ""), "nl");
  return classes.length > 0 && !classes.includes("noun");
}

/** Whether a text contains a term (as whole words, any case), so a definition never gives itself away. */
export function mentions(text: string, term: string): boolean {
  const escaped = escapeRegExp(term).replace(/\s+/g, "\\s+");
  return new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, "iu").test(text);
}
