import { escapeRegExp, type Language, wordCount } from "./language.ts";
import { WORD_LISTS, wordSet } from "./lexicon/index.ts";
import { isFiniteVerb } from "./phrase-checks.ts";
import { isDutchVerbForm, onlyAVerb } from "./pos.ts";

const END = /[.!?…:;]+["'”’)]*$/u;

/** Fewer words than this is no statement left: the sentence stays as it is. */
const MIN_POINT_WORDS = 5;

/**
 * A key point from a source sentence: its main clause without the detail a summary leaves out. The
 * rules are data per language (the lexicon's `detailOpeners`, `exampleMarkers`, `linkingOpeners`):
 * parentheticals go, and so does a trailing clause or example that runs to the sentence's end. What is
 * left is still the source's own statement, so a key point never says what the text does not; when too
 * little is left or the cut stops mid-phrase, the sentence stays whole.
 */
export function keyPoint(sentence: string, language: Language): string {
  const end = sentence.trim().match(END)?.[0]?.replace(/[:;]/gu, "") || ".";
  let text = sentence.trim().replace(END, "");
  // A parenthetical that holds a clause states a condition or claim of its own ("een verwijzing (waarvoor
  // de betrokkene toestemming heeft gegeven)"): without it a graded takeaway said more than the text.
  if (!holdsBracketedClause(text, language)) text = withoutParentheticals(text, language);
  text = withoutLeadingLink(text, language);
  text = withoutTrailingDetail(text, language);
  text = withoutNeutralAdverbs(text, language);
  if (wordCount(text) < MIN_POINT_WORDS || endsMidPhrase(text, language)) return sentence.trim();
  text = conceptFirst(text, language);
  return `${text}${end.startsWith(".") || end.startsWith("!") || end.startsWith("?") ? end : "."}`;
}

/**
 * "Let daarom steeds op bias" → "Let steeds op bias": the language's `neutralAdverbs` inside a clause
 * (after a word, not after a comma or at the start), with the commas that set one off ("…, however, …").
 */
function withoutNeutralAdverbs(text: string, language: Language): string {
  const { neutralAdverbs, keptAdverbPhrases } = WORD_LISTS[language];
  let result = text;
  for (const adverb of neutralAdverbs) {
    const kept = keptAdverbPhrases
      .filter((phrase) => phrase.startsWith(`${adverb} `))
      .map((phrase) => escapeRegExp(phrase.slice(adverb.length + 1)));
    const notKept = kept.length > 0 ? `(?!\\s+(?:${kept.join("|")})(?!\\p{L}))` : "";
    const word = escapeRegExp(adverb);
    result = result
      .replace(new RegExp(`(?<=\\p{L}),\\s+${word},(?=\\s)`, "giu"), "")
      .replace(new RegExp(`(?<=\\p{L})\\s+${word}(?=\\s)${notKept}`, "giu"), "");
  }
  return result;
}

/** The most words a subject may have to be said as a concept before a colon. */
const MAX_CONCEPT_WORDS = 4;

/**
 * "Systemische bias is een vorm van vooringenomenheid" → "Systemische bias: een vorm van
 * vooringenomenheid": a statement that says what its subject is leads with that concept, as a
 * listener keeps it. Only a short noun-phrase subject (no pronoun, no verb, no comma) before a
 * present-tense copula, and only when what follows is not a verb form (a passive or a perfect, "is
 * ontstaan", "are formed", keeps its verb).
 */
export function conceptFirst(text: string, language: Language): string {
  const lists = WORD_LISTS[language];
  const tokens = text.split(/\s+/u);
  const at = tokens.findIndex((token) => lists.presentCopulas.includes(token.toLowerCase()));
  if (at < 1 || at > MAX_CONCEPT_WORDS || tokens.length - at - 1 < 3) return text;
  const subject = tokens.slice(0, at);
  const first = subject[0]?.toLowerCase() ?? "";
  const plain = (token: string) => /^[\p{L}'’-]+$/u.test(token);
  if (
    !subject.every(plain) ||
    wordSet(language, "pronouns").has(first) ||
    // "Ook indien geen sprake is van …": a subordinate clause, no concept.
    subject.some((word) => lists.subordinators.includes(word.toLowerCase()))
  )
    return text;
  if (subject.some((word) => isFiniteVerb(word.toLowerCase(), language))) return text;
  const rest = tokens.slice(at + 1);
  // "X: Y: Z" and "X: Y, but W …" read as notes gone wrong; "Many of our …" is an amount, no concept.
  const contrast = new RegExp(`,\\s+(?:${lists.contrastJoiners.map(escapeRegExp).join("|")})\\s`, "iu");
  if (/[:;]/u.test(rest.join(" ")) || contrast.test(rest.join(" ")) || lists.quantities.includes(first))
    return text;
  const last = (rest.at(-1) ?? "").toLowerCase().replace(/[^\p{L}]/gu, "");
  const next = (rest[0] ?? "").toLowerCase();
  const verbal = (word: string) =>
    onlyAVerb(word, language) || (language === "nl" ? isDutchVerbForm(word) : /ed$/u.test(word));
  if (verbal(next) || verbal(last) || wordSet(language, "pronouns").has(next)) return text;
  // Only a noun phrase says what the concept is ("Systemische bias: een vorm van …"); "The corpus: not
  // well balanced" and "Neural networks: well-known to overfit" drop a verb a listener misses.
  if (!lists.determiners.includes(next)) return text;
  return `${subject.join(" ")}: ${rest.join(" ")}`;
}

/**
 * "(de ground truth)", "[12]", "—an aside—": asides a spoken summary leaves out. A parenthetical that
 * only limits the claim ("(deels) gegenereerd", "(partly) automated") stays, without its brackets.
 */
function holdsBracketedClause(text: string, language: Language): boolean {
  return [...text.matchAll(/\(([^()]*)\)/gu)].some(([, inside = ""]) =>
    inside.split(/[^\p{L}'’-]+/u).some((word) => word !== "" && isFiniteVerb(word.toLowerCase(), language)),
  );
}

function withoutParentheticals(text: string, language: Language): string {
  const hedges = wordSet(language, "hedges");
  const onlyHedges = (inside: string) => {
    const words = inside.toLowerCase().split(/\s+/u).filter(Boolean);
    return words.length > 0 && words.every((word) => hedges.has(word));
  };
  return (
    text
      .replace(/\(([^()]*)\)/gu, (whole, inside: string) => (onlyHedges(inside) ? inside : whole))
      // "de (persoons)gegevens": a parenthetical that opens a word leaves the space before it.
      .replace(/\s*\([^()]*\)(?=\p{L})/gu, " ")
      .replace(/\s*\([^()]*\)/gu, "")
      .replace(/\s*\[[^\]]*\]/gu, "")
      // "…—an aside—…" and a closing "…—an elaboration": dashes set off detail.
      .replace(/\s*[—–]\s*[^—–]+?\s*[—–]\s*/gu, " ")
      .replace(/\s*[—–][^—–]*$/u, "")
      .replace(/\s+([,.;:])/gu, "$1")
      .replace(/\s{2,}/gu, " ")
      .trim()
  );
}

// One to four words of a list item.
const ITEM = "(?:\\s+[^\\s,;:]+){1,4}";

const trailingPatterns = new Map<Language, RegExp[]>();

/** The sentence cut before the earliest trailing clause or example that runs to its end. */
function withoutTrailingDetail(text: string, language: Language): string {
  let patterns = trailingPatterns.get(language);
  if (!patterns) {
    const {
      detailOpeners: afterComma,
      exampleMarkers: anywhere,
      listJoiners: joiners,
    } = WORD_LISTS[language];
    const alternatives = (words: readonly string[]) => words.map((word) => escapeRegExp(word)).join("|");
    // The detail must run to the end without another comma: "X, die Y, Z" keeps its Z, so it stays whole.
    patterns = [
      new RegExp(`,\\s+(?:${alternatives(afterComma)})(?=\\s)[^,;:]*$`, "iu"),
      // An example list runs to the end in short items, its last joined by "en"/"and": "…, zoals
      // postcode, inkomen en kenteken" (", zoals we zagen, zijn …" is no list and stays).
      new RegExp(
        `,?\\s+(?:${alternatives(anywhere)})${ITEM}(?:(?:,${ITEM})*,?\\s+(?:${alternatives(joiners)})${ITEM})?$`,
        "iu",
      ),
    ];
    trailingPatterns.set(language, patterns);
  }
  let cut = text;
  for (const pattern of patterns) {
    const match = pattern.exec(cut);
    if (match) cut = cut.slice(0, match.index);
  }
  return cut.trim();
}

/** A cut that leaves "…the cost of" or "…van de" stops mid-phrase. */
function endsMidPhrase(text: string, language: Language): boolean {
  const last = (text.toLowerCase().match(/[\p{L}'’-]+$/u) ?? [""])[0];
  return ["continuing", "determiners", "finiteAuxiliaries", "clauseOpeners"].some((list) =>
    wordSet(language, list as "continuing").has(last),
  );
}

/**
 * A statement without the opener that only links it to the one before ("However, …", "Second, …"), as
 * far as the rest keeps its word order (the language's `linkingOpeners`; none in Dutch, which inverts).
 */
export function withoutLeadingLink(text: string, language: Language): string {
  if (WORD_LISTS[language].linkingOpeners.length === 0) return text;
  const linked = text.replace(leadingLink(language), "");
  return linked !== text && /^\p{Ll}/u.test(linked) ? linked.charAt(0).toUpperCase() + linked.slice(1) : text;
}

const leadingLinks = new Map<Language, RegExp>();

/** "However, …": an opener of the language's `linkingOpeners` and its comma. */
function leadingLink(language: Language): RegExp {
  let pattern = leadingLinks.get(language);
  if (!pattern) {
    const openers = WORD_LISTS[language].linkingOpeners.map((opener) => escapeRegExp(opener)).join("|");
    pattern = new RegExp(`^(?:${openers}),\\s+`, "iu");
    leadingLinks.set(language, pattern);
  }
  return pattern;
}
