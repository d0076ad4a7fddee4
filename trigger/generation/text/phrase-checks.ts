import { escapeRegExp, isStopword, type Language } from "./language.ts";
import { fixedExpressionTokens, WORD_LISTS, wordSet } from "./lexicon/index.ts";
import {
  isDutchSeparableInfinitive,
  isDutchVerbForm,
  isDutchVerbStem,
  lexiconClasses,
  lexiconNumber,
  lexiconTags,
  looksAttributive,
  onlyAVerb,
} from "./pos.ts";

/**
 * Checks on phrases the extractive generator is about to teach: each reads the word lists of
 * `lexicon/` for the source's language, so a rule is data and the same rule holds in both languages.
 * When a check cannot be sure, it says no: an item that may be wrong is not generated.
 */

function wordsIn(text: string): string[] {
  return text.match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*|,/gu) ?? [];
}

/** The words of a text, without its commas. */
function lettersOf(text: string): string[] {
  return wordsIn(text).filter((word) => word !== ",");
}

/** A word the lexicon or its form marks as a verb and never as a noun or adjective ("formed", "stroomt"). */
/** A word the lexicon knows as a verb and never as a noun ("followed", "volgden"). */
function verbNotNoun(word: string, language: Language): boolean {
  const classes = lexiconClasses(word, language);
  return verbOnly(word, language) || (classes.includes("verb") && !classes.includes("noun"));
}

function verbOnly(word: string, language: Language): boolean {
  if (onlyAVerb(word, language)) return true;
  return language === "nl" && isDutchVerbForm(word);
}

/**
 * Whether a definition's answer is a complete noun phrase with its genus: "a layer of hot rock", "een
 * kunstmatige wal van zand en klei", "cellen die zuurstof vervoeren". Not a clause ("a long line of
 * islands has formed"), not a fragment led or ended by a pronoun ("Once it reaches the surface, it"),
 * not a name ("een zogenoemde cooling-down"), not ending mid-phrase ("a layer of").
 */
export function isDefinitionAnswer(meaning: string, language: Language): boolean {
  const words = wordsIn(meaning);
  const lower = words.map((word) => word.toLowerCase());
  const first = lower[0];
  const last = lower.at(-1);
  if (words.length < 2 || first === undefined || last === undefined) return false;
  const pronouns = wordSet(language, "pronouns");
  const determiners = wordSet(language, "determiners");
  // "a layer of hot rock about 2" (of "2,900 kilometres"): a number at the end stops mid-phrase.
  if (pronouns.has(last) || wordSet(language, "continuing").has(last) || /^[,\p{N}]/u.test(last))
    return false;
  if (wordSet(language, "clauseOpeners").has(first)) return false;
  // A demonstrative ("This place", "Dit proces") points back; it is a pronoun, not a determiner, here.
  if (!determiners.has(first) && !opensANounPhrase(first, language)) return false;
  const relative = wordSet(language, "relativePronouns");
  const headEnd = lower.findIndex((word, index) => index > 0 && relative.has(word));
  const head = lower.slice(0, headEnd < 0 ? undefined : headEnd);
  const auxiliaries = wordSet(language, "finiteAuxiliaries");
  const names = wordSet(language, "nameMarkers");
  // Before its relative clause a noun phrase has no verb, no comma (but between adjectives: "een
  // steile, kegelvormige vulkaan"), no pronoun and no "so-called"; an English participle after its
  // noun is a short relative clause ("a shaking of the ground caused by …").
  if (
    head.some(
      (word, index) =>
        (word === "," && !isAdjective(head[index - 1] ?? "", language)) ||
        auxiliaries.has(word) ||
        names.has(word) ||
        (index > 0 && pronouns.has(word) && !determiners.has(word)) ||
        (verbOnly(word, language) && !(language === "en" && index >= 2 && canBeParticiple(word))),
    )
  )
    return false;
  // "GWSW is een semantische standaard": a genus with only adjectives says what kind of thing it is, not
  // which one; other options may be of that kind too, so nothing after its head noun is no definition.
  if (
    headEnd < 0 &&
    isGenus(last, language) &&
    lower.slice(1, -1).every((word) => isAdjective(word, language))
  )
    return false;
  // "a key factor in software adoption": the noun before the first preposition places or judges the
  // thing among others; it does not say what it is (unless a relative clause does: "the part of the
  // cell that holds the DNA").
  const prepositions = wordSet(language, "continuing");
  const firstPhrase = head.slice(
    0,
    Math.max(
      1,
      head.findIndex((word, index) => index > 0 && prepositions.has(word)),
    ),
  );
  if (headEnd < 0 && firstPhrase.some((word) => wordSet(language, "relationalHeads").has(word))) return false;
  return head.some((word) => isGenus(word, language));
}

/** An adjective by the lexicon, or a Dutch inflected adjective it does not know ("steile"). */
function isAdjective(word: string, language: Language): boolean {
  const classes = lexiconClasses(word, language);
  if (classes.length === 0) return language === "nl" && /\p{L}{2}e$/u.test(word);
  return classes.includes("adjective");
}

/** An English participle by the lexicon ("caused", "formed"). */
function canBeParticiple(word: string): boolean {
  return lexiconTags(word, "en").includes("VBN");
}

/** A first word that can open a bare noun phrase ("cellen die …", "Molten rock …"): a noun or adjective. */
function opensANounPhrase(word: string, language: Language): boolean {
  if (isStopword(word) || wordSet(language, "pronouns").has(word)) return false;
  const classes = lexiconClasses(word, language);
  return classes.length === 0 || classes.includes("noun") || classes.includes("adjective");
}

/** A content word that can head the phrase: a noun by the lexicon, or a word it does not know. */
function isGenus(word: string, language: Language): boolean {
  if (isStopword(word) || word.length < 3 || !/^\p{L}/u.test(word)) return false;
  const classes = lexiconClasses(word, language);
  return classes.length === 0 || classes.includes("noun");
}

/**
 * A Dutch infinitive used as a noun ("na het sporten", "het werken"): it names an activity, which a
 * renaming or a nearby phrase rarely defines. Judged by "het" before it in the sentence or by the lexicon.
 */
export function isVerbDerived(term: string, sentence: string, language: Language): boolean {
  if (language !== "nl" || term.includes(" ") || !/en$/u.test(term)) return false;
  const lower = term.toLowerCase();
  if (lexiconTags(lower, "nl").some((tag) => tag.startsWith("V(") && tag.includes("inf"))) return true;
  return new RegExp(`(?<![\\p{L}])het\\s+${escapeRegExp(term)}(?![\\p{L}])`, "iu").test(sentence);
}

/** Whether the word right before a term joins it to a noun before ("Sociëteit van Suriname"). */
export function joinedToNounBefore(wordsBefore: readonly string[], language: Language): boolean {
  const word = wordsBefore.at(-1)?.toLowerCase() ?? "";
  return wordSet(language, "linkingPrepositions").has(word);
}

/**
 * Whether a term heads a longer name through the word right after it ("low degrees" in "low degrees of
 * freedom", "grammar" in "grammar of graphics"): the preposition joins the noun after it to the term.
 */
export function joinedToNounAfter(wordsAfter: readonly string[], language: Language): boolean {
  const [link, noun] = wordsAfter;
  return noun !== undefined && wordSet(language, "linkingPrepositions").has(link?.toLowerCase() ?? "");
}

/**
 * Whether a key phrase is worth a blank or an option: no amount or degree ("thousands", "a drop",
 * "bijna"), not a general noun ("land", "today"), not opened by a vague modifier ("new machines") and
 * no number.
 */
export function isWorthAsking(key: string, language: Language): boolean {
  const words = key.toLowerCase().split(/\s+/u);
  const head = words.at(-1) ?? "";
  const quantities = wordSet(language, "quantities");
  if (words.some((word) => quantities.has(word) || /\p{N}/u.test(word))) return false;
  if (isTimeExpression(key, language) || words.some((word) => wordSet(language, "pointingWords").has(word)))
    return false;
  // "the next sections", "de volgende paragraaf": a place in the document, not an idea in it.
  if (words.length > 1 && wordSet(language, "documentParts").has(head)) return false;
  if (words.length > 1 && wordSet(language, "vagueModifiers").has(words[0] ?? "")) return false;
  // "de ___ die afkomstig is van …" → zogenaamde APA-stijl: "so-called" only says a name follows.
  if (wordSet(language, "nameMarkers").has(words[0] ?? "")) return false;
  return !wordSet(language, "generalNouns").has(head);
}

/**
 * Whether a phrase only says when, relative to now: a unit of time with nothing but a relative modifier,
 * a number or an amount ("komende maanden", "the past years", "maanden"). A named time ("de
 * middeleeuwen", "the first century" in a history) is a term and stays.
 */
export function isTimeExpression(key: string, language: Language): boolean {
  const words = key
    .toLowerCase()
    .split(/\s+/u)
    .filter((word) => !wordSet(language, "determiners").has(word));
  const head = words.at(-1) ?? "";
  if (!wordSet(language, "timeUnits").has(head)) return false;
  const relative = wordSet(language, "relativeTimeModifiers");
  return words
    .slice(0, -1)
    .every(
      (word) =>
        relative.has(word) ||
        /\p{N}/u.test(word) ||
        wordSet(language, "numbers").has(word) ||
        wordSet(language, "quantities").has(word),
    );
}

/**
 * Whether a phrase names a concept a teacher would title a passage with or ask for: no determiner form
 * opening it ("Ene zorgaanbieder", "Such cases"), no word pointing elsewhere ("Concreet voorbeeld
 * hiervan"), a head that can be a noun (not "Belangrijk") and no time relative to now ("Komende
 * maanden"). A general noun may still be a term where the text defines it (the Vikings' "thing").
 */
export function isConceptPhrase(phrase: string, language: Language): boolean {
  // "Model Open Standaarden)": a piece torn out of a longer name ("Community Model Open Standaarden")
  // was defined as a working group in a graded course.
  if (!bracketsBalance(phrase)) return false;
  const words = lettersOf(phrase.toLowerCase());
  const head = words.at(-1) ?? "";
  if (words.length === 0 || wordSet(language, "fragmentOpeners").has(words[0] ?? "")) return false;
  if (words.some((word) => wordSet(language, "pointingWords").has(word))) return false;
  if (isTimeExpression(words.join(" "), language)) return false;
  // "Next sections" points into the document; "Couple" (of "a couple of") only counts.
  if (words.length > 1 && wordSet(language, "documentParts").has(head)) return false;
  if (words.every((word) => wordSet(language, "quantities").has(word))) return false;
  return !cannotHeadNounPhrase(head, language);
}

/** Every bracket a phrase opens it closes, and it closes none it did not open. */
function bracketsBalance(phrase: string): boolean {
  let depth = 0;
  for (const char of phrase) {
    if ("([{".includes(char)) depth++;
    else if (")]}".includes(char) && --depth < 0) return false;
  }
  return depth === 0;
}

/**
 * The part of a sentence that is an image rather than what the text teaches, as a range of its
 * characters, or null: all of it when the sentence after applies it ("Een moer is waardeloos zonder een
 * bout." before "Net zo is …") or it names itself a metaphor; else the rest of the clause after a
 * comparison marker ("… roughly as fast as your fingernails grow", "…, like an onion").
 */
export function imageIn(
  sentence: string,
  next: string | undefined,
  language: Language,
): { start: number; end: number } | null {
  const lists = WORD_LISTS[language];
  const lower = sentence.toLowerCase();
  const opening = ` ${lettersOf((next ?? "").toLowerCase())
    .slice(0, 5)
    .join(" ")} `;
  const whole =
    lists.figureAppliers.some((applier) => opening.startsWith(` ${applier} `)) ||
    lists.imageWords.some((word) => new RegExp(`(?<![\\p{L}])${escapeRegExp(word)}`, "u").test(lower));
  if (whole) return { start: 0, end: sentence.length };
  let start = -1;
  for (const marker of lists.simileMarkers) {
    const pattern = marker
      .split(" ")
      .map((word) => (word === "…" ? "[\\p{L}-]+" : escapeRegExp(word)))
      .join("\\s+");
    const match = new RegExp(`(?<![\\p{L}])${pattern}(?![\\p{L}])`, "u").exec(lower);
    const compares = match && !lists.notSimiles.includes(match[0].replace(/\s+/gu, " "));
    if (match && compares && (start === -1 || match.index < start)) start = match.index;
  }
  if (start === -1) return null;
  const clauseEnd = /[,;:.!?]/u.exec(sentence.slice(start));
  return { start, end: clauseEnd ? start + clauseEnd.index : sentence.length };
}

/**
 * Whether every use of a phrase in these texts lies inside a fixed expression of the word lists ("van
 * toepassing", "in de zorg", "aan de hand van"): there it names no concept, so it is no title.
 */
export function onlyInFixedExpressions(key: string, texts: readonly string[], language: Language): boolean {
  const pattern = new RegExp(
    `(?<![\\p{L}\\p{N}])${escapeRegExp(key).replace(/ /g, "\\s+")}(?![\\p{L}\\p{N}])`,
    "giu",
  );
  const uses = texts.flatMap((text) =>
    [...text.matchAll(pattern)].map((match) => ({ text, at: match.index, length: match[0].length })),
  );
  return (
    uses.length > 0 &&
    uses.every(({ text, at, length }) =>
      inFixedExpression(text.slice(0, at), text.slice(at, at + length), text.slice(at + length), language),
    )
  );
}

/**
 * Whether a phrase names an actor by the lexicon: its head is a person or organisation noun of the word
 * lists ("leveranciers", "ministerie"), or a Dutch compound ending in one ("softwareleveranciers").
 */
export function namesAnAgent(phrase: string, language: Language): boolean {
  const head = lettersOf(phrase.toLowerCase()).at(-1) ?? "";
  return WORD_LISTS[language].agentHeads.some(
    (agent) =>
      head === agent || (language === "nl" && head.length > agent.length + 2 && head.endsWith(agent)),
  );
}

/**
 * Whether a blank after these words is the actor of a passive: a participle, then "door"/"by", maybe an
 * article ("opgesteld door ___", "written by ___").
 */
export function isAgentSlot(before: string, language: Language): boolean {
  const near = lettersOf(before.toLowerCase())
    .filter((word) => !wordSet(language, "determiners").has(word))
    .slice(-2);
  const [participle = "", preposition = ""] = near;
  if (!wordSet(language, "agentPrepositions").has(preposition)) return false;
  const tags = lexiconTags(participle, language);
  return language === "nl"
    ? tags.some((tag) => tag.includes("verl_dw")) || /^(?:\p{L}{0,4})ge\p{L}{2,}[dt]$/u.test(participle)
    : tags.includes("VBN") || (tags.length === 0 && /\p{L}{3}ed$/u.test(participle));
}

/** Whether a clause ends in its finite verb ("Het bekende geluid van het hart ontstaat"): it says too little alone. */
export function endsInItsVerb(clause: string, language: Language): boolean {
  const last = wordsIn(clause).at(-1)?.toLowerCase() ?? "";
  return verbOnly(last, language) || wordSet(language, "finiteAuxiliaries").has(last);
}

/** Whether the blanked words belong to a fixed expression around them ("aan ___ van" for "de hand"). */
function inFixedExpression(before: string, answer: string, after: string, language: Language): boolean {
  const words = (text: string) => text.toLowerCase().match(/[\p{L}'’-]+/gu) ?? [];
  const lead = words(before).slice(-4);
  const blanked = words(answer);
  const covered = fixedExpressionTokens([...lead, ...blanked, ...words(after).slice(0, 4)], language);
  return blanked.some((_, offset) => covered.has(lead.length + offset));
}

/**
 * Whether a blank at this place tests trivia rather than a key term: a word counted by a number or an
 * amount just before it ("duizenden ___", "a drop of ___", "twee ___"), a label before a number
 * ("in ___ 1.3.1", "___ 4 shows"), an item of a list or coordination ("uit ___, de Ardennen en …",
 * "geslacht, of ___", "individuen en/of groepen"), a verb after "te"/"to" ("Om te ___ of …"), a noun
 * heading a name ("het ___ van Binnenlandse Zaken"), or a modifier of the noun the lexicon knows right
 * after it ("de ___ ader").
 */
export function isTrivialBlank(
  before: string,
  answer: string,
  after: string,
  language: Language,
  /**
   * For judging a wrong option rather than a blank: an item of a list still names a concept of the text
   * ("Denmark" in "Hedeby in Denmark and Birka in Sweden"), though blanking it would be trivia.
   */
  allowListItem = false,
): boolean {
  if (inFixedExpression(before, answer, after, language)) return true;
  const near = (before.toLowerCase().match(/[\p{L}\p{N}'’-]+/gu) ?? []).slice(-3);
  const counted = (word: string) =>
    /\p{N}/u.test(word) ||
    wordSet(language, "numbers").has(word) ||
    wordSet(language, "quantities").has(word);
  if (near.some(counted) || /^\s*\p{N}/u.test(after)) return true;
  // "Gebruik van deze ___ wordt …", "Answering a number of these key ___": what the blank names is said
  // in another sentence.
  if (near.slice(-2).some((word) => wordSet(language, "demonstratives").has(word))) return true;
  // "Tegenwoordig doen gemalen dat ___.": before a blank that ends the clause "dat" points back too.
  if (
    wordSet(language, "clauseEndDemonstratives").has(near.at(-1) ?? "") &&
    /^\s*(?:[,;:.!?]|$)/u.test(after)
  )
    return true;
  if (isVerbSlot(near.at(-1) ?? "", answer, language) || headsAName(answer, after, language)) return true;
  // Never one item of a coordination, not even one of two named terms ("fouten in je algoritme of
  // ___" → aanpak): the other items are of the same kind, so a wrong option in the slot ("data") may
  // well be true too.
  if (
    !allowListItem &&
    (isListItem(before, after, language) || splitsCoordinatedModifiers(before, answer, language))
  )
    return true;
  // "Andere vraagstukken … zijn ___." → toegevoegd: one word after an auxiliary that ends the clause
  // is the verb's participle or infinitive, no term.
  if (
    !answer.includes(" ") &&
    wordSet(language, "finiteAuxiliaries").has(near.at(-1) ?? "") &&
    /^\s*(?:[,;:.!?]|$)/u.test(after)
  )
    return true;
  // "op een ___, strikt vastgelegde manier" → strakke: the first of two modifiers of one noun.
  if (!answer.includes(" ") && /^\s*,/u.test(after) && isModifier(answer, language)) return true;
  const next = /^\s*([\p{L}'’-]+)/u.exec(after)?.[1]?.toLowerCase() ?? "";
  if (next === "" || isStopword(next) || verbOnly(next, language)) return false;
  // A Dutch inflected adjective before a content word ("de holle ader") modifies it.
  if (language === "nl" && /\p{L}{2}e$/u.test(answer) && !answer.includes(" ")) return true;
  const classes = lexiconClasses(next, language);
  return classes.length > 0 && classes.every((wordClass) => wordClass === "noun");
}

/**
 * "om te ___", "to ___": the slot takes a verb. English "to" is a preposition too ("changes to tables"),
 * so there only before a word the lexicon lists as a verb's base form ("to measure").
 */
function isVerbSlot(previous: string, answer: string, language: Language): boolean {
  if (!wordSet(language, "infinitiveMarkers").has(previous) || answer.includes(" ")) return false;
  return language === "nl" || lexiconTags(answer.toLowerCase(), language).includes("VB");
}

/**
 * "___ van Binnenlandse Zaken", "___ of Leeds": the blank is the head of a name. "bv. ___ XYZ worstelt",
 * "de ___ Maas", "the ___ “strategy”": a common noun right before a name or a quoted word only says what
 * kind of thing follows.
 */
function headsAName(answer: string, after: string, language: Language): boolean {
  const joiners = [...wordSet(language, "nameJoiners")].join("|");
  if (new RegExp(`^\\s+(?:${joiners})\\s+(?:(?:de|het|the)\\s+)?\\p{Lu}`, "u").test(after)) return true;
  return /^\p{Ll}/u.test(answer) && /^\s+(?:\p{Lu}|["“„‘'])/u.test(after);
}

/**
 * "Een te vage of ___ leidt nooit …" → algemene onderzoeksvraag: a blank that opens with a modifier
 * right after a joiner takes the second of two coordinated modifiers with their shared noun, leaving
 * the first stranded before the blank ("vage of concrete casus").
 */
function splitsCoordinatedModifiers(before: string, answer: string, language: Language): boolean {
  const joiners = [...wordSet(language, "listJoiners")].map(escapeRegExp).join("|");
  const other = new RegExp(`([\\p{L}][\\p{L}'’-]*)\\s+(?:${joiners})\\s+$`, "iu").exec(before)?.[1];
  const first = answer.split(/\s+/u)[0] ?? "";
  const canModify = (word: string) =>
    isModifier(word, language) || lexiconClasses(word.toLowerCase(), language).includes("adjective");
  return answer.includes(" ") && other !== undefined && isModifier(other, language) && canModify(first);
}

/**
 * Whether the blank is one item of an enumeration or a coordination: next to a comma-separated run
 * joined by "en"/"and" ("slagaders, ___ en haarvaten"), after "…, of" ("geslacht, of ___"), or joined
 * to another noun by a list joiner ("individuen en/of groepen", "eenmanszaken en grotere ___"). A word
 * before "of"/"or" that cannot head a noun phrase ("Bepaal of …", "regelmatig of …") is no list.
 */
function isListItem(before: string, after: string, language: Language): boolean {
  const joiners = [...wordSet(language, "listJoiners")].map(escapeRegExp).join("|");
  // "een ___, speculatie, afhankelijkheid van externe factoren en …": a run of items after the blank.
  const listAfter = new RegExp(`^\\s*(?:,\\s*[^,.;:]{1,40}){1,6}?\\s(?:${joiners})\\s`, "u");
  const listBefore = new RegExp(`,[^,.;:]{1,40}?\\s(?:${joiners})\\s+(?:\\S+\\s+)?$`, "u");
  const between = /,\s*$/u.test(before) && new RegExp(`^\\s+(?:${joiners})\\s`, "u").test(after);
  // "een concrete casus, speculatie, afhankelijkheid van ___ en een te oppervlakkige …": inside a later
  // item of a run, with two items before it and the joiner after.
  const inside =
    /,[^,.;:]{1,40},[^,.;:]{0,40}$/u.test(before) &&
    new RegExp(`^[^,.;:]{0,40}?\\s(?:${joiners})\\s`, "u").test(after);
  // "not merely a list of capabilities, a series of ___, or the community's vision": the item before
  // the closing ", or …".
  const beforeLast =
    /,[^,.;:]{1,40}$/u.test(before) && new RegExp(`^\\s*,\\s*(?:${joiners})\\s`, "u").test(after);
  if (listAfter.test(after) || listBefore.test(before) || between || inside || beforeLast) return true;
  // "…, and ___ followed them": after a comma and a joiner, a blank before its verb opens a clause.
  const next = /^\s*([\p{L}][\p{L}'’-]*)/u.exec(after)?.[1]?.toLowerCase() ?? "";
  if (new RegExp(`,\\s*(?:${joiners})\\s+$`, "u").test(before) && verbNotNoun(next, language)) return false;
  const wordBefore = new RegExp(`([\\p{L}][\\p{L}'’-]*),?\\s+(?:${joiners})\\s+(?:\\S+\\s+)?$`, "u").exec(
    before,
  )?.[1];
  const determiners = [...wordSet(language, "determiners")].join("|");
  const wordAfter = new RegExp(
    `^\\s*,?\\s+(?:${joiners})\\s+(?:(?:${determiners})\\s+)?([\\p{L}][\\p{L}'’-]*)`,
    "u",
  ).exec(after)?.[1];
  return [wordBefore, wordAfter].some((word) => word !== undefined && canBeListedNoun(word, language));
}

/** A content word that can head a noun phrase: another item beside the blank. */
function canBeListedNoun(word: string, language: Language): boolean {
  const lower = word.toLowerCase();
  return !isStopword(lower) && !cannotHeadNounPhrase(lower, language);
}

/** What a learner sees of an option's form: a wrong option must share it with the answer. */
export interface OptionForm {
  words: number;
  /** A capitalised word past the first, or a single capitalised word: a name. */
  name: boolean;
  plural: boolean;
  /** The article or determiner it opens with ("de", "het", "een", "the", "a"), lower case, or "". */
  determiner: string;
  letters: number;
  /** Its last word can head a noun phrase: a noun by the lexicon, or a word it does not know as a verb. */
  nounHead: boolean;
  /** Per word before the head: whether it is a modifier ("gelijke prestaties" is A N, "confusion matrix" N N). */
  modifiers: string;
}

// "gemaakte", "geconstateerde", "analysed": a participle before a noun modifies it.
const MODIFYING_PARTICIPLE: Record<Language, RegExp> = {
  nl: /^(?:ge|be|ver|ont|her)\p{L}{2,}(?:de|te|en)$/u,
  en: /^\p{L}{3,}ed$/u,
};

/** A word that modifies the noun after it: an adjective by the lexicon (never a noun), or by its form. */
function isModifier(word: string, language: Language): boolean {
  const lower = word.toLowerCase();
  const classes = lexiconClasses(lower, language);
  if (classes.includes("adjective") && !classes.includes("noun")) return true;
  return (
    looksAttributive(lower, language) ||
    (classes.length === 0 && MODIFYING_PARTICIPLE[language].test(lower)) ||
    (language === "nl" && classes.length === 0 && /\p{L}{3}e$/u.test(lower))
  );
}

function endsInOneOf(word: string, endings: readonly string[]): boolean {
  return endings.some((ending) => word.endsWith(ending) && word.length > ending.length + 1);
}

/** Plural by the lexicon, else by the endings of the language's word lists. */
export function isPluralNoun(word: string, language: Language): boolean {
  const lower = word.toLowerCase();
  const known = lexiconNumber(lower, language);
  if (known) return known === "plural";
  if (endsInOneOf(lower, WORD_LISTS[language].singularEndings)) return false;
  return endsInOneOf(lower, WORD_LISTS[language].pluralEndings);
}

/** A word that cannot head a noun phrase: only a verb by the lexicon ("denk"), or a verb form it lacks ("uitvoeren"). */
export function cannotHeadNounPhrase(word: string, language: Language): boolean {
  const lower = word.toLowerCase();
  if (verbOnly(lower, language)) return true;
  const classes = lexiconClasses(lower, language);
  if (classes.length > 0 && !classes.includes("noun") && !classes.includes("unknown")) return true;
  if (looksAttributive(lower, language)) return true;
  // "page's": an English possessive modifies the noun after it.
  if (language === "en" && /['’]s$/u.test(lower)) return true;
  return (
    language === "nl" &&
    (isDutchVerbStem(lower) || isDutchSeparableInfinitive(lower, WORD_LISTS.nl.separableParticles))
  );
}

export function optionForm(text: string, language: Language): OptionForm {
  const words = text.trim().split(/\s+/u);
  const last = (words.at(-1) ?? "").replace(/[^\p{L}\p{N}'’-]/gu, "");
  const first = (words[0] ?? "").toLowerCase();
  return {
    words: words.length,
    name: words.some((word, index) => /^\p{Lu}/u.test(word) && (index > 0 || words.length === 1)),
    plural: isPluralNoun(last, language),
    determiner: words.length > 1 && wordSet(language, "determiners").has(first) ? first : "",
    letters: text.replace(/[^\p{L}\p{N}]/gu, "").length,
    nounHead: !cannotHeadNounPhrase(last, language),
    modifiers: words
      .slice(words.length > 1 && wordSet(language, "determiners").has(first) ? 1 : 0, -1)
      .map((word) => (isModifier(word, language) ? "A" : "N"))
      .join(""),
  };
}

// A wrong option within half to one and a half times the answer's length: length gives nothing away.
const LENGTH_SPREAD = 0.5;

/**
 * Whether a wrong option has the answer's form, so form alone rules nothing out: same word count,
 * both names or both common nouns, same number, same article or determiner, modifiers in the same
 * places ("gelijke prestaties" beside "confusion matrix" is ruled out), a noun head, and a length
 * within 50 % of the answer's.
 */
export function sameOptionForm(
  answer: string,
  option: string,
  language: Language,
  /** How far the option's length may stray from the answer's, as a share of it. */
  spread = LENGTH_SPREAD,
): boolean {
  const a = optionForm(answer, language);
  const b = optionForm(option, language);
  return (
    a.words === b.words &&
    a.name === b.name &&
    a.plural === b.plural &&
    a.determiner === b.determiner &&
    a.modifiers === b.modifiers &&
    // An adjective blank ("toegankelijk, ___ en herbruikbaar") has no noun among its options.
    a.nounHead === b.nounHead &&
    b.nounHead &&
    b.letters >= a.letters * (1 - spread) &&
    b.letters <= a.letters * (1 + spread)
  );
}

/**
 * Whether a sentence can stand as a question's stem: a complete main clause, not a question. A sentence
 * that opens with a subordinating conjunction ("Of een computerprogramma selecteert …", "Because the air
 * cools.") is one only when a main clause follows its comma ("Als het regent, wordt de weg nat.",
 * "If it rains, the road gets wet."); a demonstrative "Dat"/"That" before a finite verb or a noun opens
 * a main clause itself ("Dat komt doordat …", "That process is called …").
 */
export function isMainClauseStem(sentence: string, language: Language): boolean {
  const text = sentence.trim();
  if (/\?["'”’)]*$/u.test(text)) return false;
  // "Semantische interoperabiliteit Betekent dat …": a glossary's term glued to its definition.
  if (GLUED_ENTRY[language].test(text)) return false;
  const [first = "", second = ""] = text.toLowerCase().match(/[\p{L}'’-]+/gu) ?? [];
  // A statement that opens with its finite verb has lost its subject (a glossary entry's definition
  // under its term: "Zijn afspraken over de betekenis van gegevens.").
  if (isFiniteVerb(first, language)) return false;
  const lists = WORD_LISTS[language];
  const opensSubordinate =
    lists.subordinators.includes(first) ||
    (lists.subordinatorsBeforeSubject.includes(first) && opensASubject(second, language));
  if (!opensSubordinate || isFiniteVerb(second, language)) return true;
  const afterComma = /,\s*([\p{L}'’-]+)/u.exec(text)?.[1]?.toLowerCase();
  if (afterComma === undefined) return false;
  // Dutch puts the main clause's finite verb first after a fronted clause ("…, wordt …", "…, dan …").
  return language === "en" || isFiniteVerb(afterComma, language) || afterComma === "dan";
}

// A lower-case word, no punctuation, then a capitalised word that can only open a sentence: two lines
// of a glossary or a table read as one.
const GLUED_ENTRY: Record<Language, RegExp> = {
  nl: /(?:^|\s)\p{Ll}[\p{Ll}'’-]*\s+(?:Betekent|Is|Zijn|Wordt|Worden|Alle|Een|De|Het|Dit|Deze)\s/u,
  en: /(?:^|\s)\p{Ll}[\p{Ll}'’-]*\s+(?:Means|Is|Are|All|The|This|These)\s/u,
};

/** A determiner or subject pronoun: what opens a clause's subject. */
function opensASubject(word: string, language: Language): boolean {
  return wordSet(language, "determiners").has(word) || wordSet(language, "subjectPronouns").has(word);
}

/** A finite verb by the lexicon: any Dutch tag; the English lexicon's first (most common) tag only, as it lists "the" as a verb too. */
export function isFiniteVerb(word: string, language: Language): boolean {
  const tags = lexiconTags(word, language);
  if (language === "en") return /^(VBZ|VBD|VBP|MD)$/.test(tags[0] ?? "");
  return tags.some((tag) => tag.startsWith("V(") && /,(ott|ovt),/.test(tag));
}

const purposePatterns = new Map<Language, RegExp>();

/**
 * Whether a clause (from its connective on) states an aim rather than a cause: "so that the water
 * drains", "zodat het water wegloopt", "om het water af te voeren". A purpose is not a reason the
 * text gives, so a why-question answered by it would teach something false.
 */
export function opensWithPurpose(clause: string, language: Language): boolean {
  let pattern = purposePatterns.get(language);
  if (!pattern) {
    const markers = WORD_LISTS[language].purposeMarkers.map((marker) =>
      marker
        .split(" … ")
        .map((part) => escapeRegExp(part))
        .join("\\s+(?:\\S+\\s+)*?"),
    );
    pattern = new RegExp(`^(?:${markers.join("|")})(?=\\s|$)`, "iu");
    purposePatterns.set(language, pattern);
  }
  return pattern.test(clause.trim());
}

/**
 * Whether a recurring term names a concept the section teaches, fit for a learning objective: a
 * phrase of two or more words ("neural networks", "indirect onderscheid"), or a single word the
 * section or one of its subtopics carries in its title ("Pooling"). A lone common word ("humans",
 * "research", "bedrijven") is no objective however often it recurs.
 */
export function namesTaughtConcept(term: string, titles: readonly string[]): boolean {
  const words = term.toLowerCase().split(/\s+/u).filter(Boolean);
  const content = words.filter((word) => !isStopword(word));
  if (content.length >= 2) return true;
  const [word] = content;
  if (!word || words.length !== 1) return false;
  return titles.some((title) =>
    (title.toLowerCase().match(/[\p{L}\p{N}'’-]+/gu) ?? []).some((titleWord) =>
      sameWordForm(titleWord, word),
    ),
  );
}

/**
 * Two forms of one word by their shared start: "model"/"models", "bedrijf"/"bedrijven" (a plural or
 * inflection changes at most the last three letters), for words of four letters or more.
 */
function sameWordForm(a: string, b: string): boolean {
  if (a === b) return true;
  let shared = 0;
  while (shared < a.length && a[shared] === b[shared]) shared++;
  return shared >= 4 && shared >= Math.max(a.length, b.length) - 3;
}
