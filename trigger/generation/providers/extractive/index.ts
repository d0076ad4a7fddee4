import type { Corpus } from "../../corpus.ts";
import type { Language } from "../../text/language.ts";
import { type KeyPhrase, keyPhrases, TermWeights } from "../../text/rank.ts";
import type { GenerationProvider } from "../types.ts";
import { extractiveChapter } from "./chapter.ts";
import { type CausalPair, causalPairs } from "./clauses.ts";
import { askableTerms, isNameFragment, placeNames, type StatementIndex, statementIndex } from "./items.ts";
import { extractiveStructure } from "./structure.ts";

interface Shared {
  weights: TermWeights;
  topicTerms: (language: Language) => KeyPhrase[];
  topicPlaces: (language: Language) => ReadonlySet<string>;
  topicCauses: (language: Language) => CausalPair[];
  topicStatements: (language: Language) => StatementIndex;
}

/** The offline, deterministic provider: everything it writes is taken from the sources' own sentences. */
export function extractiveProvider(): GenerationProvider {
  // Term weights and the topic's terms serve every chapter of a course; compute them once per corpus.
  const shared = new WeakMap<Corpus, Shared>();
  const sharedOf = (corpus: Corpus): Shared => {
    let known = shared.get(corpus);
    if (!known) {
      const weights = new TermWeights(corpus.sentences);
      const terms = new Map<Language, KeyPhrase[]>();
      const causes = new Map<Language, CausalPair[]>();
      const places = new Map<Language, ReadonlySet<string>>();
      const statements = new Map<Language, StatementIndex>();
      const inLanguage = (language: Language) =>
        corpus.sentences.filter((sentence) => sentence.source.language === language);
      const topicTerms = (language: Language) => {
        let list = terms.get(language);
        if (!list) {
          const sentences = inLanguage(language);
          list = askableTerms(keyPhrases(sentences, weights), weights, language).filter(
            (phrase) => !isNameFragment(phrase, sentences),
          );
          terms.set(language, list);
        }
        return list;
      };
      known = {
        weights,
        topicTerms,
        topicPlaces: (language) => {
          let set = places.get(language);
          if (!set) {
            set = placeNames(topicTerms(language), inLanguage(language));
            places.set(language, set);
          }
          return set;
        },
        topicStatements: (language) => {
          let index = statements.get(language);
          if (!index) {
            index = statementIndex(inLanguage(language).map((sentence) => sentence.text));
            statements.set(language, index);
          }
          return index;
        },
        topicCauses: (language) => {
          let list = causes.get(language);
          if (!list) {
            const sentences = inLanguage(language);
            list = causalPairs(sentences, language, (word) => weights.isNominal(word));
            causes.set(language, list);
          }
          return list;
        },
      };
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
