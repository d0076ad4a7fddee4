import nlp from "compromise";
import { lowerInitial } from "./language.ts";
import { wordSet } from "./lexicon/index.ts";
import { isDutchVerbForm, lexiconClasses, lexiconTags, posTags } from "./pos.ts";

/**
 * A plain English why-question from a statement, where the tagger reads its shape with confidence:
 * "The nucleus controls most of the cell's activities" → "Why does the nucleus control most of the
 * cell's activities?". Only a subject of determiners, adjectives and nouns before one present-tense
 * verb, a past, an auxiliary or a modal is turned; anything else (pronoun subjects, clauses before the
 * verb) returns null and the question quotes the statement instead, so no question is ungrammatical.
 */
export function englishWhyQuestion(statement: string): string | null {
  const tokens = clauseTokens(statement);
  // A sentence's capital says nothing: "Water" is read as "water", unless the lexicon knows only the name.
  const first = tokens[0] ?? "";
  const lowered = lowerInitial(first);
  const common = lexiconClasses(lowered, "en").length > 0;
  if (common) tokens[0] = lowered;
  const tags = posTags(tokens, "en");
  const verbAt = tags.findIndex((tag) => /^(VB|MD)/.test(tag));
  // "The other side of the range stays dry": "of" joins two noun phrases into one subject.
  const subjectTag = (tag: string, index: number) =>
    SUBJECT_TAGS.test(tag) || (tokens[index]?.toLowerCase() === "of" && index > 0 && index < verbAt - 1);
  if (verbAt < 1 || !tags.slice(0, verbAt).every(subjectTag)) return null;
  if (tokens.slice(0, verbAt).some((token) => /[,;:()]/.test(token))) return null;
  if (joinsAnotherClause(tokens, tags, verbAt)) return null;
  const subject = tokens.slice(0, verbAt).join(" ");
  const verb = (tokens[verbAt] ?? "").toLowerCase();
  const rest = tokens.slice(verbAt + 1).join(" ");
  // "does not harm": do-support is already there and only moves ("Why does penicillin not harm them?").
  const doSupport =
    DO.has(verb) && (tokens[verbAt + 1]?.toLowerCase() === "not" || tags[verbAt + 1] === "VB");
  // "has formed": "has" is an auxiliary before a participle and moves itself; before another verb form
  // it cannot be read safely, and only a main-verb "has" ("has coal") gets do-support.
  const next = (tokens[verbAt + 1] ?? "").toLowerCase();
  const haveAuxiliary = HAVE.has(verb) && (tags[verbAt + 1] === "VBN" || canBeParticiple(next));
  if (HAVE.has(verb) && !haveAuxiliary && /^VB/.test(tags[verbAt + 1] ?? "")) return null;
  const auxiliary = doSupport || haveAuxiliary || (INVERTING.has(verb) && !HAVE.has(verb));
  if (auxiliary) return `Why ${verb} ${subject} ${rest}?`.replace(/\s+\?$/u, "?");
  const tag = tags[verbAt];
  // A past ("Factory owners employed children", "Many families went hungry"), read as VBD or VBN with
  // no auxiliary before it.
  // A form that is its own base ("Cities speed up runoff", "cut") may be present: not taken for a past.
  const base = tag === "VBD" || tag === "VBN" ? baseForm(verb) : null;
  const past = base !== verb ? base : null;
  if (past) return `Why did ${subject} ${[past, rest].join(" ").trim()}?`;
  const present = tag === "VBZ" ? baseForm(verb) : null;
  if (present) return `Why does ${subject} ${[present, rest].join(" ").trim()}?`;
  // The tagger often reads a plural subject's present verb as a base form ("cells contain").
  const pluralSubject = /^NNP?S$/.test(tags[verbAt - 1] ?? "");
  if (tag === "VBP" || (tag === "VB" && pluralSubject))
    return `Why do ${subject} ${[verb, rest].join(" ").trim()}?`;
  return null;
}

/**
 * Whether, after the verb, a comma opens another clause with a subject and verb of its own ("Data can
 * get lost, analyses can take longer, and researchers are limited"): only the first clause would be
 * turned, and "Why can data get lost, analyses can take longer …?" reads as garbled.
 */
function joinsAnotherClause(tokens: readonly string[], tags: readonly string[], verbAt: number): boolean {
  const joiners = new Set([...wordSet("en", "listJoiners"), ...wordSet("en", "contrastJoiners")]);
  return tokens.some((token, at) => {
    if (at <= verbAt || !/[,;]$/u.test(token)) return false;
    let next = at + 1;
    if (joiners.has((tokens[next] ?? "").toLowerCase())) next++;
    const subjectStart = next;
    while (SUBJECT_TAGS.test(tags[next] ?? "")) next++;
    // The tagger often reads a plural subject's present verb as a base form ("the analyses take").
    const finite =
      FINITE.test(tags[next] ?? "") || (tags[next] === "VB" && /^NNP?S$/.test(tags[next - 1] ?? ""));
    return next > subjectStart && finite;
  });
}

const FINITE = /^(MD|VBZ|VBP|VBD)$/;

/** A word the lexicon lists as a past participle or past ("formed", "grown"), or one ending like one. */
function canBeParticiple(word: string): boolean {
  const tags = lexiconTags(word, "en");
  if (tags.length === 0) return /(ed|en)$/u.test(word);
  return tags.includes("VBN") || tags.includes("VBD");
}

// Determiners, adjectives, nouns, numbers and possessives: a plain noun phrase.
export const SUBJECT_TAGS = /^(DT|PDT|JJ|JJR|JJS|NN|NNS|NNP|NNPS|CD|PRP\$|POS)$/;
const HAVE = new Set(["has", "have", "had"]);
const DO = new Set(["do", "does", "did"]);
// Verbs that move before the subject themselves; "has" only as an auxiliary ("has grown").
const INVERTING = new Set([
  "is",
  "are",
  "was",
  "were",
  "can",
  "could",
  "will",
  "would",
  "may",
  "might",
  "must",
  "should",
  ...HAVE,
]);

/**
 * The base form of an English verb form ("controls" control, "carried" carry, "went" go, "has" have),
 * from compromise's conjugation tables; null when it knows no verb there.
 */
function baseForm(verb: string): string | null {
  return nlp(verb).verbs().toInfinitive().text().toLowerCase() || null;
}

/**
 * A plain Dutch why-question from a main clause that opens with its subject: Dutch only swaps the
 * subject and the finite verb ("Sommige medicijnen werken" → "Waarom werken sommige medicijnen?",
 * "Het water kan niet wegstromen" → "Waarom kan het water niet wegstromen?"). The subject must be
 * articles, pronouns of quantity or possession, numerals, adjectives and nouns (also a noun followed
 * by a preposition and another such phrase: "Boeren uit de omgeving"), ending in a noun, with no
 * personal pronoun right after the verb; anything else (a fronted adverbial, a personal pronoun, a
 * comma) returns null. A first word the lexicon does not know keeps its capital only when `isName`
 * says the text writes it as a name.
 */
export function dutchWhyQuestion(statement: string, isName = looksLikeAName): string | null {
  const tokens = clauseTokens(statement);
  const tags = posTags(tokens, "nl");
  // A finite form the lexicon does not list ("stijgt") is recognised by its infinitive.
  const verbAt = tags.findIndex(
    (tag, index) => tag.startsWith("V(") || (tag === "?" && isDutchVerbForm(tokens[index] ?? "")),
  );
  if (verbAt < 1) return null;
  const subject = tokens.slice(0, verbAt);
  const subjectTags = tags.slice(0, verbAt);
  const plain = subject.every((token, index) => {
    const tag = subjectTags[index] ?? "";
    if (tag === "?") return /^\p{L}+$/u.test(token) && !isDutchVerbForm(token);
    // "Mensen met een lening", "Boeren uit de omgeving": a phrase after a noun stays in the subject, as
    // Dutch puts one phrase before the finite verb.
    const joining =
      (/^(van|met)$/iu.test(token) || tag.startsWith("Prep(")) &&
      index > 0 &&
      index < verbAt - 1 &&
      isNoun(subjectTags[index - 1] ?? "");
    return joining || DUTCH_SUBJECT_TAGS.test(tag);
  });
  const head = subjectTags.at(-1) ?? "";
  // "Elk jaar in de zomer gaan we …", "Een hoge bloeddruk merk je niet": what comes first is no
  // subject, the subject follows the verb.
  const after = (tokens[verbAt + 1] ?? "").toLowerCase();
  const subjectAfter =
    (tags[verbAt + 1]?.startsWith("Pron(per") ?? false) || wordSet("nl", "subjectPronouns").has(after);
  if (!plain || !isNoun(head) || subjectAfter) return null;
  // The finite verb must agree with the subject ("een hoge bloeddruk merk" does not): when unsure, no question.
  // The head is the noun before a phrase that follows it ("De huizen langs de kust lopen").
  const joinAt = subjectTags.findIndex(
    (tag, index) => index > 0 && !DUTCH_SUBJECT_TAGS.test(tag) && tag !== "?",
  );
  const headAt = (joinAt < 0 ? verbAt : joinAt) - 1;
  if (!agrees(tokens[verbAt] ?? "", subject[headAt] ?? "", subjectTags[headAt] ?? "")) return null;
  const first = subject[0] ?? "";
  const lowered = lowerInitial(first);
  if (lexiconClasses(lowered, "nl").length > 0 || !isName(first)) subject[0] = lowered;
  const verb = (tokens[verbAt] ?? "").toLowerCase();
  return `Waarom ${[verb, ...subject, ...tokens.slice(verbAt + 1)].join(" ")}?`;
}

type DutchNumber = "singular" | "plural";

/** Whether a Dutch finite verb is conjugated for a subject with this head noun (and its tag). */
function agrees(verb: string, headWord: string, headTag: string): boolean {
  const subject = dutchNounNumber(headWord, headTag);
  const forms = dutchVerbNumbers(verb.toLowerCase());
  return subject !== null && forms.has(subject);
}

/** Singular or plural by the lexicon's tag, else by the ending ("-en", "-s" plural); null if unsure. */
export function dutchNounNumber(word: string, tag: string): DutchNumber | null {
  if (tag.startsWith("N(")) return /[(,]mv[,)]/u.test(tag) ? "plural" : "singular";
  if (/^\p{Lu}/u.test(word) && !/(en|s)$/u.test(word)) return "singular";
  if (/[^e]en$|ers$|[^s]s$/u.test(word)) return "plural";
  return /[^n]$/u.test(word) && !/s$/u.test(word) ? "singular" : null;
}

/**
 * The subjects a Dutch finite verb form can agree with: a lexicon tag in the third person or all
 * persons singular ("merkt", "kwam"; not "merk", which is first person), or plural ("werken", also
 * listed as an infinitive only); a form
 * the lexicon lacks by its ending ("stijgt", "bouwde" singular; "stijgen", "bouwden" plural).
 */
export function dutchVerbNumbers(verb: string): ReadonlySet<DutchNumber> {
  const numbers = new Set<DutchNumber>();
  const tags = lexiconTags(verb, "nl").filter((tag) => tag.startsWith("V("));
  for (const tag of tags) {
    // The lexicon often lists a plural present only as the infinitive it equals ("brengen").
    if ((/,(?:ott|ovt),/u.test(tag) && /,mv\)/u.test(tag)) || /,inf[,)]/u.test(tag)) numbers.add("plural");
    if (/,(?:ott|ovt),(?:3|1_of_2_of_3),ev\)/u.test(tag)) numbers.add("singular");
  }
  if (tags.length === 0) {
    if (/en$/u.test(verb)) numbers.add("plural");
    else if (/(t|de|te)$/u.test(verb)) numbers.add("singular");
  }
  return numbers;
}

function isNoun(tag: string): boolean {
  return tag === "?" || tag.startsWith("N(");
}

// Articles, indefinite, possessive and demonstrative pronouns used before a noun, numerals, adjectives, nouns.
export const DUTCH_SUBJECT_TAGS = /^(Art\(|Adj\(attr|N\(|Num\(|Pron\((onbep|bez|aanw)[^)]*attr)/;

/** Without the text at hand: a capitalised word that does not end like a Dutch plural ("Napoleon"). */
export function looksLikeAName(word: string): boolean {
  return !/(en|s)$/u.test(word);
}

/** The words of a clause, without its closing punctuation. */
function clauseTokens(statement: string): string[] {
  return statement
    .replace(/[.!?]+$/u, "")
    .trim()
    .split(/\s+/u);
}
