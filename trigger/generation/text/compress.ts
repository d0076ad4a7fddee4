import { escapeRegExp, type Language, wordCount } from "./language.ts";
import { WORD_LISTS, wordSet } from "./lexicon/index.ts";

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
  text = withoutParentheticals(text);
  if (WORD_LISTS[language].linkingOpeners.length > 0) {
    const linked = text.replace(leadingLink(language), "");
    if (linked !== text && /^\p{Ll}/u.test(linked)) text = linked.charAt(0).toUpperCase() + linked.slice(1);
  }
  text = withoutTrailingDetail(text, language);
  if (wordCount(text) < MIN_POINT_WORDS || endsMidPhrase(text, language)) return sentence.trim();
  return `${text}${end.startsWith(".") || end.startsWith("!") || end.startsWith("?") ? end : "."}`;
}

/** "(de ground truth)", "[12]", "—an aside—": asides a spoken summary leaves out. */
function withoutParentheticals(text: string): string {
  return (
    text
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
