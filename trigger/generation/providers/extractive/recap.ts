import type { Speaker } from "../../../../src/domain/activity-payload.ts";
import type { Section, Subtopic } from "../../../../src/domain/structure.ts";
import type { Sentence } from "../../corpus.ts";
import { isSlideBullet, RECAP_WORDS } from "../../course-shape.ts";
import { keyPoint } from "../../text/compress.ts";
import { type Language, wordCount } from "../../text/language.ts";
import { endsInItsVerb } from "../../text/phrase-checks.ts";
import { isQuotable, leansOnContext, rankSentences, type TermWeights } from "../../text/rank.ts";
import type { CausalPair } from "./clauses.ts";
import type { Labels } from "./labels.ts";
import { inAuthorVoice, leadOf, standsAlone } from "./structure.ts";

/** 60 to 90 seconds spoken, at about 150 words a minute: the course shape's range. */
export const RECAP_MIN_WORDS = RECAP_WORDS.min;
export const RECAP_MAX_WORDS = RECAP_WORDS.max;

/** The longest key point a recap says, beyond its subtopic's lead. */
const KEY_POINT_MAX_WORDS = 25;
const KEY_POINT_MIN_WORDS = 5;

/** A turn of the two-voice script with the sentences it quotes (cited when the activity is built). */
export interface RecapTurn {
  speaker: Speaker;
  text: string;
  sentences: Sentence[];
}

export interface RecapScript {
  transcript: string;
  /** The same recap as a conversation: the host introduces and asks, the expert explains. */
  turns: RecapTurn[];
  bullets: string[];
  /** The source sentences the script quotes, for its citations. */
  sentences: Sentence[];
  words: number;
  /**
   * The section holds fewer words than a 60-second script needs. The script then says everything the
   * section says once and stops: padding it with made-up text would be worse than being short.
   */
  short: boolean;
}

/**
 * A spoken recap: an opening, then per subtopic a connective step ("Eerst…", "Daarnaast…", "Tot
 * slot…") followed by its lead and its most central sentences in reading order, a stated cause turned
 * into "Dat komt doordat …", and a closing line; a short section adds questions to think over. Source sentences are quoted whole; only the
 * connective templates are written here, so the script is grammatical and says nothing the text
 * does not.
 */
export function recapScript(
  section: Section,
  pools: ReadonlyArray<{ subtopic: Subtopic; sentences: Sentence[]; items?: readonly RecapItem[] }>,
  pairs: readonly CausalPair[],
  labels: Labels,
  weights: TermWeights,
  closingLines: {
    /** The chapter's own why- and meaning-questions, to think over when the section is short. */
    reflection: readonly string[];
    /** Where the course goes next, so the chapters connect. */
    onward: string;
  },
): RecapScript {
  const opening = labels.recapOpening(section.title);
  // Each step names its subtopic. A templated link to the one before ("As with “X”, “Y” comes up again
  // here") was read by two blind graders as filler, so the connectives alone carry the order. Their
  // words are reserved for every subtopic; the words said are those of the subtopics that get a point.
  const steps = pools.map((pool, index) => labels.recapStep(index, pools.length, pool.subtopic.title));
  // The closing line quotes the section's most central sentence; its length is reserved up front.
  const central = rankSentences(pools.flatMap((pool) => pool.sentences).filter(isQuotable), weights);
  const closingSentence = central.find(
    (sentence) => wordCount(sentence.text) <= 25 && !leansOnContext(sentence.text) && isPoint(sentence),
  );
  const remember = (sentence: Sentence) =>
    labels.recapRemember(keyPoint(sentence.text, sentence.source.language));
  const closing = [closingSentence ? remember(closingSentence) : "", closingLines.onward]
    .filter(Boolean)
    .join(" ");
  const render = (sentence: Sentence) => {
    const pair = pairs.find(
      (candidate) =>
        candidate.form === "mid" &&
        // A cause whose pronoun subject was read from the sentence before is said for its own sentence.
        candidate.sentences.at(-1) === sentence &&
        candidate.cause !== null &&
        /^(doordat|omdat|because)$/.test(candidate.connective),
    );
    // "Het bekende geluid van het hart ontstaat." says nothing alone: such a sentence stays whole.
    // Otherwise the sentence's key point: its main clause without asides, examples or trailing detail.
    return pair?.cause && !endsInItsVerb(pair.effect, sentence.source.language)
      ? `${pair.effect}. ${labels.becauseFollows(pair.connective, pair.cause)}`
      : keyPoint(sentence.text, sentence.source.language);
  };
  let words = wordCount(opening) + steps.reduce((sum, step) => sum + wordCount(step), 0) + wordCount(closing);
  const chosen = pools.map(() => new Set<Sentence>());
  const units = pools.map((): Unit[] => []);
  // After its lead, a subtopic's why-question with its answer explains how two of its facts connect,
  // where replaying the sentence would only read it aloud; then its most central sentences.
  const queues = pools.map((pool): Unit[] => {
    // The lead only where it reads on its own, as in the study text: leadOf falls back to any sentence
    // with terms, and a graded podcast's expert said a table's header row ("Item Toelichting").
    const found = leadOf(pool.sentences);
    const lead = found && standsAlone(found) ? found : undefined;
    // A term the subtopic defines is named with its meaning, as a listener keeps it.
    const meanings = (pool.items ?? []).flatMap((item): Unit[] =>
      item.form === "definition" && item.qa && item.about && item.sentences[0]
        ? [
            {
              sentences: item.sentences,
              text: meaningPoint(item.about, item.qa.answer, labels, item.sentences[0].source.language),
            },
          ]
        : [],
    );
    const whys = (pool.items ?? []).flatMap((item): Unit[] =>
      item.form === "cause" && item.qa && !QUOTES.test(item.qa.stem)
        ? [{ sentences: item.sentences, text: `${item.qa.stem} ${item.qa.answer}` }]
        : [],
    );
    const rest = rankSentences(
      pool.sentences.filter((sentence) => sentence !== lead && sentence.complete && isPoint(sentence)),
      weights,
    )
      .map((sentence) => ({ sentences: [sentence], text: render(sentence) }))
      // A summary keeps short points: a sentence still long after compression is left to the study text,
      // and a fragment ("At least in theory.") is no point of its own.
      .filter((unit) => {
        const words = wordCount(unit.text);
        return words >= KEY_POINT_MIN_WORDS && words <= KEY_POINT_MAX_WORDS;
      });
    return [...(lead ? [{ sentences: [lead], text: render(lead) }] : []), ...meanings, ...whys, ...rest];
  });
  const fits = (unit: Unit, pool: number) => {
    if (unit.sentences.some((sentence) => chosen[pool]?.has(sentence))) return false;
    const first = unit.sentences[0] as Sentence;
    const previous = pools[pool]?.sentences.find((candidate) => candidate.index === first.index - 1);
    // A sentence that opens with "Dit" or "They" needs the one it points back to.
    return (
      unit.sentences.length > 1 ||
      !leansOnContext(first.text) ||
      (previous !== undefined && chosen[pool]?.has(previous) === true)
    );
  };
  for (let progress = true; progress; ) {
    progress = false;
    for (const [pool, queue] of queues.entries()) {
      // Units whose sentences another unit already says are dropped, not said twice.
      for (let index = queue.length - 1; index >= 0; index--) {
        if (queue[index]?.sentences.some((sentence) => chosen[pool]?.has(sentence))) queue.splice(index, 1);
      }
      const index = queue.findIndex((unit) => fits(unit, pool));
      const next = queue[index];
      if (!next) continue;
      queue.splice(index, 1);
      const cost = wordCount(next.text);
      if (words + cost > RECAP_MAX_WORDS) continue;
      for (const sentence of next.sentences) chosen[pool]?.add(sentence);
      units[pool]?.push(next);
      words += cost;
      progress = true;
    }
  }
  // Each part of the recap is said by one of two voices: the host opens, names each step and asks,
  // the expert answers with the quoted source sentences. The transcript reads the same parts in order.
  const body: Part[] = [{ speaker: "host", text: opening, sentences: [] }];
  const sentences: Sentence[] = [];
  // The connectives count the subtopics the script speaks of: "Daarnaast" never opens the first one said.
  const spokenOf = pools.flatMap((_, pool) => ((units[pool]?.length ?? 0) > 0 ? [pool] : []));
  pools.forEach((entry, pool) => {
    const picked = [...(units[pool] ?? [])].sort(
      (a, b) => (a.sentences[0]?.index ?? 0) - (b.sentences[0]?.index ?? 0),
    );
    if (picked.length === 0) return;
    const step = labels.recapStep(spokenOf.indexOf(pool), spokenOf.length, entry.subtopic.title);
    body.push(
      { speaker: "host", text: step, sentences: [] },
      { speaker: "host", text: labels.podcastAsk(pool), sentences: [], scriptOnly: true },
      ...picked.map((unit): Part => ({ speaker: "expert", text: unit.text, sentences: unit.sentences })),
    );
    sentences.push(...picked.flatMap((unit) => unit.sentences));
  });
  const ending: Part[] = [];
  // "Onthoud vooral dit" repeating a sentence the script has just said is filler: then the most
  // central sentence not yet said closes it, or nothing does.
  const unsaid = closingSentence && sentences.includes(closingSentence) ? undefined : closingSentence;
  if (closing) {
    if (unsaid) {
      ending.push({
        speaker: "expert",
        text: remember(unsaid),
        sentences: [unsaid],
      });
      sentences.push(unsaid);
    }
    ending.push({ speaker: "host", text: closingLines.onward, sentences: [] });
  }
  const extras: Part[] = [];
  const spoken = (more: readonly Part[] = []) =>
    wordCount(
      [...body, ...extras, ...ending, ...more]
        .filter((part) => !part.scriptOnly)
        .map((part) => part.text)
        .join(" "),
    );
  // No line naming the key terms once more ("De kernpunten van dit onderdeel zijn „Menselijke bias” en
  // „Algoritme”."): blind graders read it as a template with no content, in one recap as all it said.
  // A section too short for a minute gets the chapter's own why- and meaning-questions to think over:
  // retrieval practice, and still only what the text says. Generic prompts ("can you explain … in
  // your own words?", "say the main points aloud") were read as filler and are no longer added: a short
  // section keeps a short script.
  // A question the script has just answered is no question to think over.
  const said = body.map((part) => part.text).join(" ");
  for (const question of closingLines.reflection.filter((question) => !said.includes(question))) {
    if (spoken() >= RECAP_MIN_WORDS) break;
    const prompt: Part = { speaker: "host", text: labels.recapThink(question), sentences: [] };
    if (spoken([prompt]) > RECAP_MAX_WORDS) break;
    extras.push(prompt);
  }
  // A script that quotes nothing of the section is its frame alone ("In deze samenvatting lopen we …
  // langs. Hierna gaat het verder met …"): no recap at all, never padding.
  if (sentences.length === 0)
    return { transcript: "", turns: [], bullets: [], sentences: [], words: 0, short: true };
  const parts = [...body, ...extras, ...ending].filter((part) => part.text);
  const transcript = parts
    .filter((part) => !part.scriptOnly)
    .map((part) => part.text)
    .join(" ");
  const total = wordCount(transcript);
  const bullets = pools
    .map((pool) => `${pool.subtopic.title}: ${pool.subtopic.description}`)
    .filter((bullet) => !bullet.endsWith(": "));
  return {
    transcript,
    turns: turnsOf(parts),
    bullets,
    sentences,
    words: total,
    short: total < RECAP_MIN_WORDS,
  };
}

/**
 * What states nothing of the subject is no point to remember either, as on a slide: a question of the
 * source ("Meer weten over dit onderwerp?"), a note on the document ("De 3 stappen worden hieronder
 * verder toegelicht."), an exercise, a reference, a list set inline. Nor is the author speaking of
 * themselves: said by the recap's expert, "in 2020 I spun off … into a new package" is false.
 */
const isPoint = (sentence: Sentence) => isSlideBullet(sentence.text) && !inAuthorVoice(sentence);

/** "Confusion matrix: een tabel waarin …", without the meaning's asides or examples. */
function meaningPoint(term: string, meaning: string, labels: Labels, language: Language): string {
  return keyPoint(labels.meaningText(term, meaning.replace(/\.$/u, "")), language);
}

/** What the recap needs of a chapter item: a cause item's question and answer, and what it cites. */
export interface RecapItem {
  form: string;
  /** The term a definition or fill-in item is about. */
  about?: string;
  qa: { stem: string; answer: string } | null;
  sentences: Sentence[];
}

/** A piece of the script that quotes the source: one sentence, or a why-question with its answer. */
interface Unit {
  sentences: Sentence[];
  text: string;
}

// A question that quotes its statement reads badly aloud; only plain why-questions are spoken.
const QUOTES = /[„“”"]/u;

interface Part {
  speaker: Speaker;
  text: string;
  /** The source sentences the part quotes. */
  sentences: Sentence[];
  /** Said in the two-voice script only (the host's questions), not in the one-voice transcript. */
  scriptOnly?: boolean;
}

/** Consecutive parts of one voice make one turn, citing the lines of every sentence it quotes. */
function turnsOf(parts: readonly Part[]): RecapTurn[] {
  const turns: Array<{ speaker: Speaker; texts: string[]; sentences: Sentence[] }> = [];
  for (const part of parts) {
    const last = turns.at(-1);
    if (last?.speaker === part.speaker) {
      last.texts.push(part.text);
      last.sentences.push(...part.sentences);
    } else turns.push({ speaker: part.speaker, texts: [part.text], sentences: [...part.sentences] });
  }
  return turns.map((turn) => ({
    speaker: turn.speaker,
    text: turn.texts.join(" "),
    sentences: turn.sentences,
  }));
}
