import nlp from "compromise";
import { lowerInitial } from "./language.ts";
import { isDutchVerbForm, lexiconClasses, posTags } from "./pos.ts";

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
  const subject = tokens.slice(0, verbAt).join(" ");
  const verb = (tokens[verbAt] ?? "").toLowerCase();
  const rest = tokens.slice(verbAt + 1).join(" ");
  // "does not harm": do-support is already there and only moves ("Why does penicillin not harm them?").
  const doSupport =
    DO.has(verb) && (tokens[verbAt + 1]?.toLowerCase() === "not" || tags[verbAt + 1] === "VB");
  const auxiliary = doSupport || (INVERTING.has(verb) && !(HAVE.has(verb) && tags[verbAt + 1] !== "VBN"));
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

// Determiners, adjectives, nouns, numbers and possessives: a plain noun phrase.
const SUBJECT_TAGS = /^(DT|PDT|JJ|JJR|JJS|NN|NNS|NNP|NNPS|CD|PRP\$|POS)$/;
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
  // "Elk jaar in de zomer gaan we …": what comes first is a time, and the subject follows the verb.
  const subjectAfter = tags[verbAt + 1]?.startsWith("Pron(per") ?? false;
  if (!plain || !isNoun(head) || subjectAfter) return null;
  const first = subject[0] ?? "";
  const lowered = lowerInitial(first);
  if (lexiconClasses(lowered, "nl").length > 0 || !isName(first)) subject[0] = lowered;
  const verb = (tokens[verbAt] ?? "").toLowerCase();
  return `Waarom ${[verb, ...subject, ...tokens.slice(verbAt + 1)].join(" ")}?`;
}

function isNoun(tag: string): boolean {
  return tag === "?" || tag.startsWith("N(");
}

// Articles, indefinite, possessive and demonstrative pronouns used before a noun, numerals, adjectives, nouns.
const DUTCH_SUBJECT_TAGS = /^(Art\(|Adj\(attr|N\(|Num\(|Pron\((onbep|bez|aanw)[^)]*attr)/;

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
