import type { Section, Subtopic } from "../../../../src/domain/structure.ts";
import type { Sentence } from "../../corpus.ts";
import { wordCount } from "../../text/language.ts";
import { isQuotable, leansOnContext, rankSentences, type TermWeights } from "../../text/rank.ts";
import type { CausalPair } from "./clauses.ts";
import type { Labels } from "./labels.ts";
import { leadOf } from "./structure.ts";

/** 60 to 90 seconds spoken, at about 150 words a minute. */
export const RECAP_MIN_WORDS = 150;
export const RECAP_MAX_WORDS = 230;

export interface RecapScript {
  transcript: string;
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
  pools: ReadonlyArray<{ subtopic: Subtopic; sentences: Sentence[] }>,
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
  const steps = pools.map((pool, index) => labels.recapStep(index, pools.length, pool.subtopic.title));
  // The closing line quotes the section's most central sentence; its length is reserved up front.
  const central = rankSentences(pools.flatMap((pool) => pool.sentences).filter(isQuotable), weights);
  const closingSentence = central.find(
    (sentence) => wordCount(sentence.text) <= 25 && !leansOnContext(sentence.text),
  );
  const closing = [closingSentence ? labels.recapRemember(closingSentence.text) : "", closingLines.onward]
    .filter(Boolean)
    .join(" ");
  const render = (sentence: Sentence) => {
    const pair = pairs.find(
      (candidate) =>
        candidate.form === "mid" &&
        candidate.sentences[0] === sentence &&
        candidate.cause !== null &&
        /^(doordat|omdat|because)$/.test(candidate.connective),
    );
    return pair?.cause
      ? `${pair.effect}. ${labels.becauseFollows(pair.connective, pair.cause)}`
      : sentence.text;
  };
  let words = wordCount(opening) + steps.reduce((sum, step) => sum + wordCount(step), 0) + wordCount(closing);
  const chosen = pools.map(() => new Set<Sentence>());
  const queues = pools.map((pool) => {
    const lead = leadOf(pool.sentences);
    const rest = rankSentences(
      pool.sentences.filter((sentence) => sentence !== lead && sentence.complete),
      weights,
    );
    return lead ? [lead, ...rest] : rest;
  });
  const fits = (sentence: Sentence, pool: number) => {
    const previous = pools[pool]?.sentences.find((candidate) => candidate.index === sentence.index - 1);
    // A sentence that opens with "Dit" or "They" needs the one it points back to.
    return !leansOnContext(sentence.text) || (previous !== undefined && chosen[pool]?.has(previous) === true);
  };
  for (let progress = true; progress; ) {
    progress = false;
    for (const [pool, queue] of queues.entries()) {
      const index = queue.findIndex((sentence) => fits(sentence, pool));
      const next = queue[index];
      if (!next) continue;
      queue.splice(index, 1);
      const cost = wordCount(render(next));
      if (words + cost > RECAP_MAX_WORDS) continue;
      chosen[pool]?.add(next);
      words += cost;
      progress = true;
    }
  }
  const parts = [opening];
  const sentences: Sentence[] = [];
  pools.forEach((_, pool) => {
    const picked = [...(chosen[pool] ?? [])].sort((a, b) => a.index - b.index);
    if (picked.length === 0) return;
    parts.push(steps[pool] ?? "", ...picked.map(render));
    sentences.push(...picked);
  });
  if (closing) {
    parts.push(closing);
    if (closingSentence && !sentences.includes(closingSentence)) sentences.push(closingSentence);
  }
  // Naming the key terms once more before the closing line: what a listener should keep, and in a
  // short section what brings the script nearer a minute.
  const terms = pools.map((pool) => pool.subtopic.title);
  const keyTerms = terms.length > 1 ? labels.recapTerms(terms) : "";
  if (keyTerms && wordCount([...parts, keyTerms].join(" ")) <= RECAP_MAX_WORDS) {
    parts.splice(closing ? parts.length - 1 : parts.length, 0, keyTerms);
  }
  // A section too short for a minute gets a question to think about per subtopic: what a teacher would
  // ask aloud at the end, never an invented fact. When even that is not enough the script stays short.
  for (const pool of pools) {
    if (wordCount(parts.join(" ")) >= RECAP_MIN_WORDS) break;
    const prompt = labels.recapPrompt(pool.subtopic.title);
    if (wordCount([...parts, prompt].join(" ")) > RECAP_MAX_WORDS) break;
    parts.splice(closing ? parts.length - 1 : parts.length, 0, prompt);
  }
  // Then the chapter's own why- and meaning-questions, to think over aloud: retrieval practice, and
  // still only what the text says.
  for (const question of closingLines.reflection) {
    if (wordCount(parts.join(" ")) >= RECAP_MIN_WORDS) break;
    const think = labels.recapThink(question);
    if (wordCount([...parts, think].join(" ")) > RECAP_MAX_WORDS) break;
    parts.splice(closing ? parts.length - 1 : parts.length, 0, think);
  }
  const transcript = parts.filter(Boolean).join(" ");
  const total = wordCount(transcript);
  const bullets = pools
    .map((pool) => `${pool.subtopic.title}: ${pool.subtopic.description}`)
    .filter((bullet) => !bullet.endsWith(": "));
  return { transcript, bullets, sentences, words: total, short: total < RECAP_MIN_WORDS };
}
