import type { Sentence } from "../corpus.ts";
import { isStopword, type Language } from "./language.ts";
import { fixedExpressionTokens, WORD_LISTS } from "./lexicon/index.ts";
import { isDutchVerbForm, lexiconClasses, onlyAVerb, type WordClass, wordClasses } from "./pos.ts";

type Vector = Map<string, number>;

/** Statistics of the whole material: inverse document frequencies (a sentence is a document), verbs. */
export class TermWeights {
  private readonly documentFrequency = new Map<string, number>();
  private readonly documents: number;
  private readonly verbal: Set<string>;
  private readonly nominal: Set<string>;

  constructor(sentences: readonly Sentence[]) {
    this.documents = sentences.length;
    const uses = wordUses(sentences);
    this.verbal = verbalWords(sentences, uses);
    this.nominal = nominalWords(sentences, this.verbal, uses);
    for (const sentence of sentences) {
      for (const term of new Set(sentence.terms)) {
        this.documentFrequency.set(term, (this.documentFrequency.get(term) ?? 0) + 1);
      }
    }
  }

  idf(term: string): number {
    return Math.log((1 + this.documents) / (1 + (this.documentFrequency.get(term) ?? 0))) + 1;
  }

  /** The share of the material's sentences that use a term (0..1): near 1 for the topic's own word. */
  share(term: string): number {
    return this.documents === 0 ? 0 : (this.documentFrequency.get(term) ?? 0) / this.documents;
  }

  /** Whether the material uses this (lower-case) word as the head of a noun phrase somewhere. */
  isNominal(word: string): boolean {
    return this.nominal.has(word);
  }

  /** Whether the material uses this (lower-case) word as a verb. */
  isVerbal(word: string): boolean {
    return this.verbal.has(word);
  }

  vector(terms: readonly string[]): Vector {
    const vector: Vector = new Map();
    for (const term of terms) vector.set(term, (vector.get(term) ?? 0) + this.idf(term));
    return vector;
  }
}

function add(into: Vector, vector: Vector) {
  for (const [term, weight] of vector) into.set(term, (into.get(term) ?? 0) + weight);
}

function cosine(a: Vector, b: Vector): number {
  let dot = 0;
  for (const [term, weight] of a) dot += weight * (b.get(term) ?? 0);
  if (dot === 0) return 0;
  return dot / (norm(a) * norm(b));
}

function norm(vector: Vector): number {
  let sum = 0;
  for (const weight of vector.values()) sum += weight * weight;
  return Math.sqrt(sum);
}

/** Sentences worth quoting as a key point or a question: whole, and neither a stub nor a wall. */
export function isQuotable(sentence: Sentence): boolean {
  const length = sentence.text.split(" ").length;
  return sentence.complete && length >= 5 && length <= 45 && sentence.terms.length >= 2;
}

/**
 * Sentences by how central they are to their passage: TF-IDF cosine to the passage's centroid, a small
 * bonus for coming early, a small penalty for very short or long sentences. Linear in the passage
 * length; ties keep reading order, so the ranking is deterministic.
 */
export function rankSentences(sentences: readonly Sentence[], weights: TermWeights): Sentence[] {
  const vectors = sentences.map((sentence) => weights.vector(sentence.terms));
  const centroid: Vector = new Map();
  for (const vector of vectors) add(centroid, vector);
  const scored = sentences.map((sentence, position) => {
    const length = sentence.text.split(" ").length;
    const lengthFactor = length < 8 ? 0.8 : length > 35 ? 0.85 : 1;
    const contextFactor = leansOnContext(sentence.text) ? 0.6 : 1;
    const positionBonus = 0.05 * (1 - position / Math.max(1, sentences.length));
    const score =
      (cosine(vectors[position] ?? new Map(), centroid) + positionBonus) * lengthFactor * contextFactor;
    return { sentence, score };
  });
  return scored
    .sort((a, b) => b.score - a.score || a.sentence.index - b.sentence.index)
    .map(({ sentence }) => sentence);
}

/** Adverbs that link a sentence to the one before and may stand before its first word that points back. */
const LINKING_ADVERBS = new Set(
  "again also still moreover furthermore besides however ook opnieuw weer nog bovendien verder echter toch".split(
    " ",
  ),
);

/** The lexicon's sentence openers that link to the sentence before ("in particular", "first"), as words. */
const LINKING_OPENERS = Object.values(WORD_LISTS).flatMap((lists) =>
  lists.linkingOpeners.map((opener) => opener.split(" ")),
);

/** A fronted phrase of at most this many words before a comma ("Per Google Scholar,", "In 2010,"). */
const FRONTED_WORDS = 4;
/** Pronouns that stand for something said before when they open a clause as its subject. */
const PRONOUN_SUBJECTS = new Set("it they this these he she dit deze hij zij ze".split(" "));

/**
 * Words that, opening a sentence, point at the one before: pronouns, pointing adverbs, and coordinating
 * conjunctions ("Of je hebt een goede reden.", "And, contrary to popular opinion, …": the half of a
 * sentence whose first half was said before; graders read both as study text and recap).
 */
const CONTEXT_OPENERS = new Set(
  // Times told from an event said before ("Sindsdien wordt BOMOS …", "Later zijn aanpassingen …") lean
  // on it as much as pronouns do: a graded recap said "Sindsdien …" with nothing before it.
  "it its they their these this those he she them such there so then therefore instead otherwise and but or yet nor afterwards later subsequently meanwhile dit dat deze die hij zij ze daar daardoor hierdoor zo dan daarom want hieruit daaruit hierin daarin hiermee daarmee hierbij daarbij daarna sindsdien later toen vervolgens nadien intussen en maar of".split(
    " ",
  ),
);

/**
 * Demonstratives that, closing a sentence, stand for something said before ("… is used for this.", "…
 * doen we daarmee."). Not "it" or "that": those usually point inside their own sentence ("the side of
 * the Earth that faces it").
 */
const CONTEXT_CLOSERS = new Set(
  "this these those dit deze daarmee hiermee daarvoor hiervoor daardoor hierdoor".split(" "),
);

/**
 * Words and phrases that point back anywhere in a sentence: to the text around it ("De hierboven
 * genoemde kaders", "the above"), to a case just described ("In dat geval", "in this case"), or a
 * demonstrative standing for a whole idea ("om dit te doen", "do this in", "and this is why").
 */
const CONTEXT_POINTERS = [
  /\b(?:hierboven|hieronder|bovenstaande|onderstaande|bovengenoemde|aforementioned|above-mentioned)\b/iu,
  // "The latter is bigger than …", "de laatstgenoemde": one of two things named before.
  /\b(?:the\s+(?:latter|former)|laatstgenoemde|eerstgenoemde)\b/iu,
  /\b(?:in|for)\s+(?:dat|dit|that|this|such\s+a)\s+(?:geval|case)\b/iu,
  /\b(?:dit|this)\s+(?:te|in|op|aan|voor|met|to|on|for|with|at|is|was|will|would|can|could|may|might|has|does|means|makes|leads|gives)\b/iu,
  // A demonstrative before an article stands alone: "Rumelt calls these the “kernel” of good strategy".
  /\b(?:this|these|those|dit|deze)\s+(?:the|an?|de|het|een)\b/iu,
  // A demonstrative before a noun names something said before ("Recognizing this broader need", "of
  // this kind", "users appreciate these shortcuts", "in deze situatie"); "those who …" names its own.
  /\b(?:this|these|those|deze|dergelijke|zulke)\s+(?!(?:who|whom|whose|which|that|of|die|dat|van)\b)\p{L}/iu,
  // A conclusion drawn from the sentence before, wherever it stands ("Let daarom steeds op bias", "It
  // is therefore important …").
  /\b(?:therefore|thus|hence|daarom|dus|derhalve)\b/iu,
  // A Dutch pronominal adverb points back wherever it stands ("zijn hiervoor niet geschikt", "werkt
  // daarmee"); "hierna" and "daarnaast" look ahead or only add, "daarom" joins like "therefore".
  /(?<![\p{L}])(?:hier|daar)(?:voor|mee|door|in|op|van|over|uit|bij|aan|tegen|toe)(?![\p{L}])/iu,
  // Dutch inverts the subject after the verb: "… kan dit ook van toepassing zijn", "… is dit niet anders"
  // (an adverb after "dit" shows it stands alone, not before a noun as in "kan dit proces").
  /\b(?:kan|kunnen|is|wordt|geldt|heeft|moet|zal|mag|was|werd|zou)\s+dit\s+(?:ook|niet|wel|al|nog|dan|vaak|altijd|nooit|echter)\b/iu,
  // Dutch "daar" stands for a place or thing said before, also split from its preposition ("heeft daar
  // ook raadgevingen over"); "daarnaast", "daarom" are words of their own.
  /(?<![\p{L}])daar(?![\p{L}])/iu,
  // A place in the text the learner does not see: "the exercise above", "the table below", "as shown
  // above." (a graded slide and recap said "the outbreak.info website that we just used in the exercise
  // above").
  /\b(?:the|this|that|these|those)\s+\p{L}+\s+(?:above|below)\b|\b(?:above|below)\s*[.,:;)]/iu,
  // A cross-reference to another part of the text: "Er is geen beveiliging voor RPI’s zoals beschreven
  // bij Apple." read alone under its own heading says Apple does not protect them (a graded false item).
  /\b(?:as|zoals)\s+(?:(?:already|earlier|previously|eerder|al|reeds)\s+)?(?:described|discussed|mentioned|explained|noted|shown|beschreven|besproken|genoemd|vermeld|uitgelegd|aangegeven)\b/iu,
];

/**
 * A sentence that opens with a pronoun ("It reflects…", "Zo controleren ze…", "Het ligt in…"), ends
 * with one ("The return keyword is used for this.") or points back in between ("In dat geval gelden…")
 * needs the one before it to make sense.
 */
export function leansOnContext(text: string): boolean {
  const words = (text.match(/\p{L}+/gu) ?? []).map((word) => word.toLowerCase());
  // "Again, this suffered …", "Ook deze …", "In particular, it made …": a linking adverb or opener
  // before the pointer points back as well.
  const linked = LINKING_OPENERS.find((opener) => opener.every((word, at) => words[at] === word));
  const opening = LINKING_ADVERBS.has(words[0] ?? "") ? words.slice(1) : words.slice(linked?.length ?? 0);
  const [first, second] = opening;
  if (first === undefined) return false;
  if (CONTEXT_OPENERS.has(first) || (first === "het" && second !== undefined && itBeforeVerb(second)))
    return true;
  // "Per Google Scholar, it has been cited 46 times": a pronoun subject after a short fronted phrase.
  const fronted = /^([^,]+),\s+(\p{L}+)/u.exec(text.trim());
  if (
    fronted &&
    (fronted[1]?.split(/\s+/u).length ?? 0) <= FRONTED_WORDS &&
    PRONOUN_SUBJECTS.has(fronted[2]?.toLowerCase() ?? "")
  )
    return true;
  if (CONTEXT_POINTERS.some((pointer) => pointer.test(text))) return true;
  return (
    words.length > 1 && CONTEXT_CLOSERS.has(words.at(-1) ?? "") && /\p{L}[.!]?["”’»]?$/u.test(text.trim())
  );
}

/**
 * The lines without those `drops` says go, and without a line that points back to one that went: a
 * graded slide kept "Ze werkt door …" after the line that named "ze", and a graded recap "In
 * particular, it made …" after its subject's sentence, each pointing at nothing.
 */
export function withoutLeaningOnDropped(
  lines: readonly string[],
  drops: (line: string) => boolean,
): string[] {
  const kept: string[] = [];
  let droppedBefore = false;
  for (const line of lines) {
    droppedBefore = drops(line) || (droppedBefore && leansOnContext(line));
    if (!droppedBefore) kept.push(line);
  }
  return kept;
}

/**
 * Cuts a run of sentences into `parts` passages where the vocabulary shifts most (TextTiling: the
 * similarity of the sentences before and after each gap, lowest first), preferring paragraph breaks
 * and keeping every passage at least a fair share long. Linear in the number of sentences (plus a sort).
 */
export function segment<T extends Sentence>(
  sentences: readonly T[],
  parts: number,
  weights: TermWeights,
): T[][] {
  if (parts <= 1 || sentences.length < 2 * parts) return [Array.from(sentences)];
  const window = 3;
  const vectors = sentences.map((sentence) => weights.vector(sentence.terms));
  const windowVector = (from: number, to: number) => {
    const vector: Vector = new Map();
    for (let index = Math.max(0, from); index < Math.min(vectors.length, to); index++) {
      add(vector, vectors[index] ?? new Map());
    }
    return vector;
  };
  const gaps: Array<{ at: number; score: number }> = [];
  for (let at = 1; at < sentences.length; at++) {
    const similarity = cosine(windowVector(at - window, at), windowVector(at, at + window));
    gaps.push({ at, score: similarity - (sentences[at]?.opensParagraph ? 0.1 : 0) });
  }
  gaps.sort((a, b) => a.score - b.score || a.at - b.at);
  const minimum = Math.max(2, Math.floor(sentences.length / (2 * parts)));
  const cuts: number[] = [];
  for (const gap of gaps) {
    if (cuts.length === parts - 1) break;
    const fits =
      gap.at >= minimum &&
      sentences.length - gap.at >= minimum &&
      cuts.every((cut) => Math.abs(cut - gap.at) >= minimum);
    if (fits) cuts.push(gap.at);
  }
  cuts.sort((a, b) => a - b);
  return [0, ...cuts].map((start, index) => sentences.slice(start, cuts[index] ?? sentences.length));
}

/**
 * Cuts a run of blocks (sections, slides) into `parts` runs where the vocabulary shifts most between
 * neighbours, each run `minimum` to `maximum` blocks long: the gaps are taken lowest similarity first,
 * as `segment` takes them between sentences. Fewer runs come back when the sizes allow no more cuts.
 */
export function segmentBlocks<T>(
  blocks: readonly T[],
  sentencesOf: (block: T) => readonly Sentence[],
  parts: number,
  weights: TermWeights,
  { minimum, maximum }: { minimum: number; maximum: number },
): T[][] {
  if (parts <= 1 || blocks.length < 2 * minimum) return [Array.from(blocks)];
  const vectors = blocks.map((block) => {
    const vector: Vector = new Map();
    for (const sentence of sentencesOf(block)) add(vector, weights.vector(sentence.terms));
    return vector;
  });
  const around = (from: number, to: number) => {
    const vector: Vector = new Map();
    for (let index = Math.max(0, from); index < Math.min(vectors.length, to); index++)
      add(vector, vectors[index] ?? new Map());
    return vector;
  };
  const gaps = Array.from({ length: blocks.length - 1 }, (_, index) => {
    const at = index + 1;
    return { at, score: cosine(around(at - 2, at), around(at, at + 2)) };
  }).sort((a, b) => a.score - b.score || a.at - b.at);
  const cuts: number[] = [];
  const runsFit = (candidate: number[]) => {
    const bounds = [0, ...candidate.toSorted((a, b) => a - b), blocks.length];
    return bounds.slice(1).every((end, index) => end - (bounds[index] ?? 0) >= minimum);
  };
  for (const gap of gaps) {
    if (cuts.length === parts - 1) break;
    if (runsFit([...cuts, gap.at])) cuts.push(gap.at);
  }
  // A run longer than `maximum` is cut again at its own weakest gap that leaves both halves long enough.
  for (const gap of gaps) {
    const bounds = [0, ...cuts.toSorted((a, b) => a - b), blocks.length];
    if (bounds.slice(1).every((end, index) => end - (bounds[index] ?? 0) <= maximum)) break;
    if (!cuts.includes(gap.at) && runsFit([...cuts, gap.at])) {
      const start = bounds.findLast((bound) => bound < gap.at) ?? 0;
      const end = bounds.find((bound) => bound > gap.at) ?? blocks.length;
      if (end - start > maximum) cuts.push(gap.at);
    }
  }
  cuts.sort((a, b) => a - b);
  return [0, ...cuts].map((start, index) => blocks.slice(start, cuts[index] ?? blocks.length));
}

export interface KeyPhrase {
  /** Lower-case words joined by single spaces. */
  key: string;
  /** How to show the phrase mid-sentence: lower case, unless the text always capitalises it (a name). */
  display: string;
  /** How often it occurs in the passage. */
  count: number;
  score: number;
  /** The definite article the text puts before it most often ("de", "het", "the"), if any. */
  article: string | null;
  /**
   * Whether the text uses it as a noun phrase a learner can be asked for: it opens after an article,
   * a preposition or a possessive somewhere (never only at the start of a sentence), ends before a
   * function word or punctuation, and, when longer than one word, its first words modify the last.
   */
  nounPhrase: boolean;
  /**
   * The indefinite article the text puts right before it ("a", "an", "een"), when the phrase ends there:
   * the text's own "an hour" or "a unit", and no article for "data" in "a data set".
   */
  indefinite: string | null;
}

const TOKEN = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*|[^\s\p{L}\p{N}]+/gu;
const MAX_PHRASE_WORDS = 3;
// Words after which a noun phrase starts: articles, possessives, demonstratives, prepositions.
const NOUN_OPENERS = new Set(
  (
    "the a an of in on by with from into for at this these those its their his her our your my about through " +
    "de het een van in op met door uit voor naar bij aan over onder deze dit zijn haar hun ons onze via " +
    "tegen zonder tussen rond near along across around within without after before during since like " +
    "naast langs tijdens sinds zoals vanuit"
  ).split(" "),
);
// A word right after a pronoun, or right before an article, is most likely a verb.
const SUBJECT_PRONOUNS = new Set(
  "it they he she we you that which who ze hij zij wij we jij die dat welke het er".split(" "),
);
// Before a determiner or possessive a word is a verb as well ("closes its stomata", "bevat zijn").
const DETERMINERS = new Set(
  "the a an its their his her this these those our your de het een hun deze dit".split(" "),
);
// A sentence-initial word before one of these is the subject, so a noun ("Photosynthesis is …").
const AUXILIARIES = new Set(
  "is are was were has have can will may must heeft hebben kan kunnen wordt worden zijn was waren zal zullen moet".split(
    " ",
  ),
);
const INDEFINITE = new Set(["a", "an", "een"]);
const DEFINITE = new Set(["de", "het", "the"]);

export function tokensOf(text: string): string[] {
  return text.match(TOKEN) ?? [];
}

// Nouns too general to learn or to ask about, also those that only point into a longer phrase ("het
// begin van de jaartelling", "the rest of the army", "uit de omgeving") or hold a connective together
// ("as a result", "in addition", "als gevolg", "in feite").
const GENERIC_NOUNS = new Set(
  (
    "example instance way part kind type lot number time thing things year years people case cases series " +
    "beginning start end rest surroundings result results fact addition contrast " +
    "voorbeeld manier deel soort aantal keer ding dingen jaar jaren mensen geval gevallen stuk paar reeks " +
    "begin einde eind rest omgeving buurt tijd gevolg resultaat feite"
  ).split(" "),
);

// Nouns that say when: a wrong option for a thing or a place would be ruled out by its kind alone.
const TIME_WORDS = new Set(
  (
    "year years century centuries decade decades period periods era eras age ages moment moments day days week weeks " +
    "month months season seasons summer winter autumn dawn hour hours minute minutes " +
    "jaar jaren eeuw eeuwen periode periodes tijdperk tijdperken moment momenten dag dagen week weken maand maanden " +
    "seizoen seizoenen zomer winter herfst lente uur uren minuut minuten jaartelling"
  ).split(" "),
);
// Dutch writes a time as a compound whose last part says so ("ijstijd", "schooljaar", "middeleeuwen").
const DUTCH_TIME_END = /(?:tijd|tijden|eeuw|eeuwen|jaar|jaren|periode|tijdperk|seizoen|maand|dag|dagen)$/u;

/** Whether a phrase names a time ("de jaartelling", "the last century"), judged by its last word. */
export function namesATime(key: string, language: Language): boolean {
  const head = key.toLowerCase().split(" ").at(-1) ?? "";
  return TIME_WORDS.has(head) || (language === "nl" && head.length > 6 && DUTCH_TIME_END.test(head));
}

/** Whether a phrase names something to learn: not only function words and general nouns ("the result"). */
export function namesContent(phrase: string): boolean {
  return tokensOf(phrase).some(isContentToken);
}

function isContentToken(token: string): boolean {
  const word = token.toLowerCase();
  return /^\p{L}[\p{L}\p{N}'’-]{2,}$/u.test(token) && !isStopword(word) && !GENERIC_NOUNS.has(word);
}

type WordUses = Map<string, Record<WordClass, number>>;

/** How often the tagger reads each (lower-case) word of the material as each class. */
function wordUses(sentences: readonly Sentence[]): WordUses {
  const uses: WordUses = new Map();
  for (const sentence of sentences) {
    const tokens = tokensOf(sentence.text);
    wordClasses(tokens, sentence.source.language).forEach((wordClass, index) => {
      const word = (tokens[index] as string).toLowerCase();
      const counts = uses.get(word) ?? { noun: 0, verb: 0, adjective: 0, adverb: 0, function: 0, unknown: 0 };
      counts[wordClass]++;
      uses.set(word, counts);
    });
  }
  return uses;
}

/** The tagger knows every use of the word, and none is a noun ("bijna", "gebeurt", "leads"). */
function neverNoun(counts: Record<WordClass, number> | undefined): boolean {
  return counts !== undefined && counts.noun === 0 && counts.unknown === 0;
}

/**
 * Words the material uses as verbs (see SUBJECT_PRONOUNS, or tagged so wherever the tagger knows them),
 * which never start or end a key phrase.
 */
function verbalWords(sentences: readonly Sentence[], uses: WordUses): Set<string> {
  const verbal = new Set<string>();
  for (const [word, counts] of uses) {
    if (counts.verb > 0 && counts.noun === 0 && isContentToken(word)) verbal.add(word);
  }
  // A word the text puts right after an article is a noun there ("the water"), whatever else it does.
  const afterArticle = new Set<string>();
  for (const sentence of sentences) {
    const tokens = tokensOf(sentence.text).map((token) => token.toLowerCase());
    tokens.forEach((token, index) => {
      const before = tokens[index - 1];
      const after = tokens[index + 1];
      if (before && ARTICLE_WORDS.has(before) && !(before === "het" && itBeforeVerb(token)))
        afterArticle.add(token);
      if (sentence.source.language === "nl" && isDutchVerbForm(token)) verbal.add(token);
      // The position rules guess for words the lexicon cannot settle: one it knows only as a noun stays
      // one ("begroef zo'n stroom de stad": "stroom" before "de" is still a noun).
      const positional = (before && SUBJECT_PRONOUNS.has(before)) || (after && DETERMINERS.has(after));
      if (positional && !onlyANoun(token, sentence.source.language)) verbal.add(token);
      // "did not return", "can flow": a verb after an auxiliary, though the lexicon also knows a noun.
      const auxiliary = before === "not" ? tokens[index - 2] : before;
      if (auxiliary && AUXILIARY_BEFORE_VERB.has(auxiliary) && !onlyANoun(token, sentence.source.language))
        verbal.add(token);
      // "to breathe", "om te zien": an infinitive.
      if (before === "to" && (after === undefined || !/^\p{L}/u.test(after))) verbal.add(token);
      // "starts to shake": a verb before an infinitive (not "from the ocean to the land").
      const afterTo = tokens[index + 2];
      if (after === "to" && afterTo !== undefined && /^\p{L}/u.test(afterTo) && !DETERMINERS.has(afterTo))
        verbal.add(token);
    });
    if (sentence.source.language === "nl") {
      const finite = dutchSecondPlace(tokens);
      if (finite && !onlyANoun(finite, "nl")) verbal.add(finite);
    }
  }
  for (const word of afterArticle) verbal.delete(word);
  return verbal;
}

// Dutch prepositions that open a fronted phrase ("Bij de forten ontstonden …", "Rond 400 trokken …").
const DUTCH_FRONTING_PREPOSITIONS = new Set(
  "bij in op aan na voor tijdens sinds vanaf rond omstreeks langs naast onder boven door uit over tussen achter".split(
    " ",
  ),
);
const DUTCH_FRONT_DETERMINERS = new Set("de het een deze dit die dat".split(" "));

/**
 * The finite verb of a Dutch main clause that opens with a short prepositional phrase: Dutch puts it
 * right after that phrase ("Bij de forten ontstonden nederzettingen", "In 1572 veroverden zij …"),
 * which finds the past forms the lexicon lacks. Only a phrase of a preposition, then a number or a
 * determiner, adjectives in -e and one noun counts; anything longer ("Bij het begin van …") is left
 * alone.
 */
function dutchSecondPlace(tokens: readonly string[]): string | null {
  if (!DUTCH_FRONTING_PREPOSITIONS.has(tokens[0] ?? "")) return null;
  let at = 1;
  if (/^\p{N}+$/u.test(tokens[at] ?? "")) at++;
  else {
    if (!DUTCH_FRONT_DETERMINERS.has(tokens[at] ?? "")) return null;
    at++;
    while (/^\p{L}+e$/u.test(tokens[at] ?? "") && /^\p{L}/u.test(tokens[at + 1] ?? "")) at++;
    if (!/^\p{L}{3,}$/u.test(tokens[at] ?? "") || isStopword(tokens[at] ?? "")) return null;
    at++;
  }
  const finite = tokens[at] ?? "";
  return /^\p{L}{3,}$/u.test(finite) && !isStopword(finite) && !NUMBER_WORDS.has(finite) ? finite : null;
}

const AUXILIARY_BEFORE_VERB = new Set(
  "do does did can could will would may might must should shall".split(" "),
);

function onlyANoun(word: string, language: Language): boolean {
  const classes = lexiconClasses(word, language);
  return classes.length === 1 && classes[0] === "noun";
}

const ARTICLE_WORDS = new Set(["the", "a", "an", "de", "het", "een"]);
const CONJUNCTIONS = new Set("en of maar dat als wanneer omdat doordat zodat terwijl want".split(" "));

/** "Het bestaat uit …", "omdat het ligt …": before a word that can only be a finite verb, "het" is "it". */
function itBeforeVerb(next: string): boolean {
  return !/en$/u.test(next) && onlyAVerb(next, "nl");
}

/**
 * Whether the word at `index` is a determiner there. Dutch "het" is also a pronoun ("stijgt het
 * langzaam op", "noemen we het lava", "Het verzamelt zich"): it counts as an article only after a
 * preposition or conjunction, or opening a sentence when no verb follows the next word.
 */
function determinerAt(tokens: readonly string[], index: number): boolean {
  const token = tokens[index];
  if (token === undefined || !DETERMINERS.has(token)) return false;
  if (token !== "het") return true;
  if (itBeforeVerb(tokens[index + 1] ?? "")) return false;
  const before = tokens[index - 1];
  if (before === undefined) return !["zich", "de", "het", "een", "er"].includes(tokens[index + 2] ?? "");
  return NOUN_OPENERS.has(before) || CONJUNCTIONS.has(before);
}
// English superlatives ("fastest") are no nouns; these nouns only look like one.
const EST_NOUNS = new Set(
  "forest interest harvest chest nest west rest test protest conquest request quest crest guest contest arrest".split(
    " ",
  ),
);

/**
 * Whether the first words of a phrase read as modifiers of its last word. Dutch writes compounds as one
 * word, so a Dutch phrase of several words is an inflected adjective or participle before a noun
 * ("grote rivieren", "verworven afweer"), which ends in -e or -en, and a capitalised one is made from a
 * name ("Romeinse", "Atlantische", never "Romeinen legden" or "Oranje vluchtte"); "Rijn komt" or
 * "nieuw eiland" do not.
 * English stacks nouns freely ("light reactions") but a modifier is never an adverb ("supply" is no
 * adverb though it ends in -ly: the tagger's lexicon decides, the ending only for words it does not know) and a last word in
 * -ed is a verb. Names (every word capitalised) always pass.
 */
function modifiesLast(surface: string, language: Language): boolean {
  const words = surface.split(" ");
  if (words.length === 1 || words.every((word) => /^\p{Lu}/u.test(word))) return true;
  const lower = words.map((word) => word.toLowerCase());
  const last = lower[lower.length - 1] ?? "";
  // A capitalised modifier is an adjective made from a name ("Romeinse", "Atlantische"); any other
  // name before a common noun is a subject before its verb ("Romeinen legden", "Oranje vluchtte").
  if (language === "nl")
    return lower.slice(0, -1).every((word, index) =>
      /^\p{Lu}/u.test(words[index] ?? "")
        ? /s(ch)?e$/.test(word)
        : // "de volgorde lengte": a noun the lexicon knows only as one modifies nothing (Dutch
          // writes a noun before a noun as one word), however it ends.
          /(e|en)$/.test(word) && !onlyANoun(word, "nl"),
    );
  return (
    !/ed$/.test(last) &&
    lower.slice(0, -1).every((word) => {
      const classes = lexiconClasses(word, "en");
      return classes.length === 0 ? !/ly$/.test(word) : classes.some((wordClass) => wordClass !== "adverb");
    })
  );
}

// Numerals and ordinals are no terms to learn ("een derde", "de vijftiende eeuw").
const NUMBER_WORDS = new Set(
  (
    "een twee drie vier vijf zes zeven acht negen tien honderd duizend miljoen derde vierde vijfde " +
    "zesde zevende achtste negende tiende elfde twaalfde dertiende veertiende vijftiende zestiende " +
    "zeventiende achttiende negentiende twintigste eerste tweede laatste helft " +
    "one two three four five six seven eight nine ten hundred thousand million third fourth fifth sixth " +
    "seventh eighth ninth tenth eleventh twelfth thirteenth fourteenth fifteenth sixteenth seventeenth " +
    "eighteenth nineteenth twentieth second last half twenty thirty forty fifty sixty seventy eighty " +
    "ninety twintig dertig veertig vijftig zestig zeventig tachtig negentig honderden duizenden"
  ).split(" "),
);

/**
 * Words the material uses as the head of a noun phrase: right after a determiner ("de dijk", "the
 * cycle"), or after a modifier that follows one ("de grote rivieren", "into chemical energy"), and then
 * not followed by another content word (which would make them a modifier themselves) or "te".
 * Dutch adjectives before a noun end in -e; a Dutch verb at the end of a clause ("in zee uitmondt")
 * never follows a determiner, so it never counts.
 */
function nominalWords(
  sentences: readonly Sentence[],
  verbal: ReadonlySet<string>,
  uses: WordUses,
): Set<string> {
  const nominal = new Set<string>();
  const afterArticle = new Set<string>();
  for (const sentence of sentences) {
    const dutch = sentence.source.language === "nl";
    const tokens = tokensOf(sentence.text).map((token) => token.toLowerCase());
    tokens.forEach((token, index) => {
      if (index > 0 && ARTICLE_WORDS.has(tokens[index - 1] as string) && determinerAt(tokens, index - 1))
        afterArticle.add(token);
      if (!/^\p{L}[\p{L}'’-]{2,}/u.test(token) || isStopword(token) || NUMBER_WORDS.has(token)) return;
      // English superlatives and past forms ("fastest", "transpired") modify; they head no noun phrase.
      if (!dutch && ((/est$/.test(token) && !EST_NOUNS.has(token)) || /[^e]ed$/.test(token))) return;
      const before = tokens[index - 1];
      const twoBefore = tokens[index - 2];
      const after = tokens[index + 1];
      // An English -ing word after a preposition is a verb form ("standard of living", "without collapsing");
      // so is a Dutch participle ("de slagaders in geperst").
      const gerund = dutch ? /^ge\p{L}+[td]$/u.test(token) : /ing$/.test(token);
      // "waar je niet bij nadenkt", "die zijn binnengekomen": verb forms the lexicon does not list.
      if (dutch && isDutchVerbForm(token) && !determinerAt(tokens, index - 1)) return;
      const afterDeterminer =
        before !== undefined &&
        (determinerAt(tokens, index - 1) || (NOUN_OPENERS.has(before) && !gerund && before !== "het"));
      const afterModifier =
        before !== undefined &&
        !isStopword(before) &&
        !verbal.has(before) &&
        twoBefore !== undefined &&
        (dutch
          ? /[^e]e$/.test(before) && (determinerAt(tokens, index - 2) || NOUN_OPENERS.has(twoBefore))
          : (DETERMINERS.has(twoBefore) && !/[^su]s$/.test(before)) ||
            (NOUN_OPENERS.has(twoBefore) &&
              /(al|ic|ous|ive|ful|less|able|ible|ed|ing|ary|ern|ant|ent|ar|ior|y)$/.test(before)));
      const closes =
        after === undefined ||
        !/^\p{L}/u.test(after) ||
        (isStopword(after) && after !== "te") ||
        NUMBER_WORDS.has(after) ||
        verbal.has(after);
      // The subject that opens a sentence ("Infiltration is …", "Geheugencellen onthouden …").
      const subject = index === 0 && after !== undefined && (AUXILIARIES.has(after) || verbal.has(after));
      // "een dikke, elastische wand": an adjective in a list before its noun.
      const listedAdjective = dutch && after === "," && /e$/.test(token);
      if ((((afterDeterminer || afterModifier) && closes) || subject) && !listedAdjective) nominal.add(token);
    });
  }
  // The text's own article outweighs the lexicon ("a good" is a noun in economics), but not for a word
  // the tagger reads as an adjective: "een warme en een koude luchtmassa" leaves the noun out.
  for (const word of nominal) {
    const counts = uses.get(word);
    if (neverNoun(counts) && (!afterArticle.has(word) || (counts?.adjective ?? 0) > 0)) nominal.delete(word);
  }
  return nominal;
}

interface PhraseTally {
  count: number;
  /** Occurrences that stand alone as a noun phrase (see `KeyPhrase.nounPhrase`). */
  standsAlone: number;
  /** Occurrences that are not the first word of their sentence. */
  inside: number;
  /** Opens a sentence right before a verb: the subject, so a noun phrase even there. */
  subject: boolean;
  /** Seen after "a", "an" or "een" as a whole noun phrase: a countable singular, with that article. */
  indefinite: string | null;
  /** How it is written in the middle of a sentence (capitals there mark a name), if ever. */
  midSentence: string | null;
  firstSurface: string;
  first: number;
  articles: Map<string, number>;
}

/**
 * Key phrases of a passage: runs of one to three content words without a verb that the text uses as a
 * noun phrase (a single word must once stand alone; a longer phrase may instead recur), scored by how
 * often the passage uses them and how rare their words are in the whole material.
 */
export function keyPhrases(sentences: readonly Sentence[], weights: TermWeights): KeyPhrase[] {
  const tallies = new Map<string, PhraseTally>();
  const language = sentences[0]?.source.language ?? "en";
  let position = 0;
  for (const sentence of sentences) {
    const tokens = tokensOf(sentence.text);
    const lower = tokens.map((token) => token.toLowerCase());
    const idiom = fixedExpressionTokens(lower, language);
    tokens.forEach((_, start) => {
      const opener = lower[start - 1];
      const article = start > 0 && determinerAt(lower, start - 1);
      const opensNounPhrase =
        opener === undefined || (NOUN_OPENERS.has(opener) && (opener !== "het" || article));
      for (let length = 1; length <= MAX_PHRASE_WORDS; length++) {
        const run = tokens.slice(start, start + length);
        if (run.length < length || !run.every(isContentToken) || idiom.has(start + length - 1)) break;
        const key = run.map((word) => word.toLowerCase()).join(" ");
        if (run.some((word) => weights.isVerbal(word.toLowerCase()))) break;
        const next = tokens[start + length];
        const surface = run.join(" ");
        const tally = tallies.get(key) ?? {
          count: 0,
          standsAlone: 0,
          inside: 0,
          subject: false,
          indefinite: null,
          midSentence: null,
          firstSurface: surface,
          first: position++,
          articles: new Map<string, number>(),
        };
        tally.count++;
        if (start > 0) tally.inside++;
        // A word before another word that is not a function word ("een groot deel") modifies it.
        // A word before a verb ("een vaccin bevat") ends its noun phrase; before "te" it is no noun.
        const following = next?.toLowerCase();
        const closes =
          following === undefined ||
          !/^\p{L}/u.test(following) ||
          (isStopword(following) && following !== "te") ||
          NUMBER_WORDS.has(following) ||
          weights.isVerbal(following);
        if (opensNounPhrase && closes) tally.standsAlone++;
        if (
          start === 0 &&
          following !== undefined &&
          (weights.isVerbal(following) || AUXILIARIES.has(following))
        )
          tally.subject = true;
        if (opener && INDEFINITE.has(opener) && closes) tally.indefinite ??= opener;
        if (opener && article && DEFINITE.has(opener))
          tally.articles.set(opener, (tally.articles.get(opener) ?? 0) + 1);
        if (start > 0 && (tally.midSentence === null || surface === key)) tally.midSentence = surface;
        tallies.set(key, tally);
      }
    });
  }
  return [...tallies.entries()]
    .filter(([key, tally]) => tally.standsAlone > 0 || (key.includes(" ") && tally.count > 1))
    .map(([key, tally]) => {
      const terms = key.split(" ");
      const rarity = terms.reduce((sum, term) => sum + weights.idf(term), 0) / terms.length;
      // Frequency counts most: a title or a quiz term should be what the passage keeps talking about.
      const lengthBonus = tally.count > 1 ? 1 + 0.3 * (terms.length - 1) : 1;
      const score = tally.count ** 1.5 * rarity * lengthBonus;
      const article =
        [...tally.articles.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0] ?? null;
      const head = terms[terms.length - 1] ?? "";
      const nounPhrase =
        weights.isNominal(head) &&
        !terms.some((term) => NUMBER_WORDS.has(term)) &&
        tally.standsAlone > 0 &&
        (tally.inside > 0 || tally.subject) &&
        modifiesLast(tally.midSentence ?? tally.firstSurface, language);
      return {
        key,
        display: displayOf(key, tally),
        count: tally.count,
        score,
        article,
        nounPhrase,
        indefinite: tally.indefinite,
        first: tally.first,
      };
    })
    .sort((a, b) => b.score - a.score || a.first - b.first)
    .map(({ first: _first, ...phrase }) => phrase);
}

/** Lower case, unless the text capitalises the phrase mid-sentence (a name) or it is an acronym. */
function displayOf(key: string, tally: PhraseTally): string {
  if (tally.midSentence !== null) return tally.midSentence;
  return /\p{Lu}/u.test(tally.firstSurface.slice(1)) ? tally.firstSurface : key;
}
