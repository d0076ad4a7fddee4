import type { Corpus } from "../../corpus.ts";
import { type KeyPhrase, keyPhrases, TermWeights } from "../../text/rank.ts";
import type { GenerationProvider } from "../types.ts";
import { extractiveChapter } from "./chapter.ts";
import { extractiveStructure } from "./structure.ts";

const TOPIC_PHRASES = 200;

/** The offline, deterministic provider: everything it writes is taken from the sources' own sentences. */
export function extractiveProvider(): GenerationProvider {
  // Term weights and key phrases of a corpus serve every chapter of a course; compute them once.
  const shared = new WeakMap<Corpus, { weights: TermWeights; topicPhrases: KeyPhrase[] }>();
  const sharedOf = (corpus: Corpus) => {
    let known = shared.get(corpus);
    if (!known) {
      const weights = new TermWeights(corpus.sentences);
      known = { weights, topicPhrases: keyPhrases(corpus.sentences, weights).slice(0, TOPIC_PHRASES) };
      shared.set(corpus, known);
    }
    return known;
  };
  return {
    name: "extractive",
    structure: async (topic, corpus) => extractiveStructure(topic, corpus),
    chapter: async (request) => extractiveChapter(request, sharedOf(request.corpus)),
  };
}
