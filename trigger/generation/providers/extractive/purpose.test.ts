import { describe, expect, it } from "vitest";
import { pastedSentences } from "../../fixtures/pasted.ts";
import type { Language } from "../../text/language.ts";
import { namesTaughtConcept, opensWithPurpose } from "../../text/phrase-checks.ts";
import { causalPairs } from "./clauses.ts";

// A purpose ("so that", "zodat", "om … te") is an aim, not a cause: no why-question is built on it.
describe("purpose is not a cause", () => {
  const clauses: [Language, string, boolean][] = [
    ["en", "so that the water drains away", true],
    ["en", "so as to keep the soil dry", true],
    ["en", "in order to reach the coast", true],
    ["en", "so the density estimates may be over-sensitive", false],
    ["en", "because the air cools", false],
    ["nl", "zodat het water kan wegstromen", true],
    ["nl", "om het water sneller af te voeren", true],
    ["nl", "opdat niemand het merkt", true],
    ["nl", "omdat het veen inklonk", false],
    ["nl", "waardoor het land daalde", false],
  ];
  it.each(clauses)("%s: %j is a purpose: %s", (language, clause, expected) => {
    expect(opensWithPurpose(clause, language)).toBe(expected);
  });

  const sentences: [Language, string, string[]][] = [
    ["en", "Farmers dug deep ditches around the fields, so that the water could drain away.", []],
    [
      "en",
      "The absolute numbers of such syllables are much lower than the others, so the density estimates may be over-sensitive.",
      ["the density estimates may be over-sensitive"],
    ],
    // Only the contrasting clause leads to the effect: not asked, as its cause would take in the rest.
    [
      "en",
      "There is some indication that such syllables are weakly clustered, which is interesting, but the absolute numbers of such syllables are much lower than the others, so the density estimates may be over-sensitive.",
      [],
    ],
    ["nl", "De boeren groeven sloten rond de velden, zodat het water kon wegstromen.", []],
    ["nl", "De boeren groeven sloten om het water sneller af te voeren.", []],
    [
      "nl",
      "De boeren groeven sloten, waardoor het water sneller wegstroomde.",
      ["het water sneller wegstroomde"],
    ],
    // A contrasting clause after "Daardoor" is not the effect of the sentence before.
    [
      "nl",
      "Online systemen vragen dat je je registreert. Daardoor kan je je werk opslaan, maar dit helpt ook overbelasting te voorkomen.",
      [],
    ],
    [
      "nl",
      "Online systemen vragen dat je je registreert. Daardoor kan je je werk later opslaan.",
      ["Daardoor kan je je werk later opslaan"],
    ],
  ];
  it.each(sentences)("%s: %j yields the effects %j", async (language, text, effects) => {
    const pairs = causalPairs(await pastedSentences(text), language);
    expect(pairs.map((pair) => pair.effect)).toEqual(effects);
  });
});

// An objective names a concept the section teaches, never a common word that merely recurs.
describe("objectives name taught concepts", () => {
  const titles = ["Encoding and Embedding", "Pooling layers", "Stap 1: Analyseer of er sprake is van bias"];
  const rows: [string, boolean][] = [
    ["neural networks", true],
    ["authorial style", true],
    ["geconstateerde verschil", true],
    ["pooling", true],
    ["embeddings", true],
    ["bias", true],
    ["humans", false],
    ["research", false],
    ["bedrijven", false],
    ["the", false],
  ];
  it.each(rows)("%j is a taught concept: %s", (term, expected) => {
    expect(namesTaughtConcept(term, titles)).toBe(expected);
  });
});
