import { describe, expect, it } from "vitest";
import type { Section, Subtopic } from "../../../../src/domain/structure.ts";
import { pastedSentences } from "../../fixtures/pasted.ts";
import { TermWeights } from "../../text/rank.ts";
import { LABELS } from "./labels.ts";
import { recapScript } from "./recap.ts";

const subtopic: Subtopic = {
  subtopic_id: "s1",
  title: "Toetsen",
  description: "",
  key_points: [],
  citations: [],
};
const section: Section = { section_id: "c1", title: "Bias toetsen", description: "", subtopics: [subtopic] };

describe("recap key points", () => {
  it("says each sentence's main clause, without asides or examples, and a defined term with its meaning", async () => {
    const sentences = await pastedSentences(
      [
        "Het Rijks ICT Gilde (RIG) heeft een bias-toetsing uitgevoerd bij het ministerie, waarbij het naar visumaanvragen keek.",
        "Het algoritme van de dienst gebruikt gegevens over groepen, zoals postcode, inkomen en kenteken.",
        "Een confusion matrix is een tabel waarin de voorspellingen worden vergeleken met de werkelijke waarden (de ground truth).",
      ].join(" "),
    );
    const definition = {
      form: "definition",
      about: "confusion matrix",
      qa: {
        stem: "Wat betekent „confusion matrix”?",
        answer:
          "Een tabel waarin de voorspellingen worden vergeleken met de werkelijke waarden (de ground truth).",
      },
      sentences: sentences.slice(2),
    };
    const recap = recapScript(
      section,
      [{ subtopic, sentences, items: [definition] }],
      [],
      LABELS.nl,
      new TermWeights(sentences),
      { reflection: [], onward: "" },
    );
    expect(recap.transcript).toContain(
      "Het Rijks ICT Gilde heeft een bias-toetsing uitgevoerd bij het ministerie.",
    );
    expect(recap.transcript).toContain("Het algoritme van de dienst gebruikt gegevens over groepen.");
    expect(recap.transcript).toContain(
      "Confusion matrix: een tabel waarin de voorspellingen worden vergeleken met de werkelijke waarden.",
    );
    expect(recap.transcript).not.toMatch(/\(|zoals|waarbij/u);
  });

  it("speaks no lead that does not stand alone, such as a table's header row", async () => {
    const [leaning] = await pastedSentences("Het bevat de identiteit van de gebruiker en de afnemer.");
    if (!leaning) throw new Error("no sentence");
    // A header row the layout left as a paragraph: it has terms, but it is no sentence.
    const header = { ...leaning, text: "Item Toelichting", complete: false, terms: ["item", "toelichting"] };
    for (const sentences of [[header], [leaning]]) {
      const recap = recapScript(
        section,
        [{ subtopic, sentences, items: [] }],
        [],
        LABELS.nl,
        new TermWeights(sentences),
        { reflection: [], onward: "" },
      );
      expect(recap.turns).toEqual([]);
    }
  });

  it("says no note on the document, however central its words", async () => {
    const sentences = await pastedSentences(
      [
        "Een biasanalyse kent drie stappen: het onderscheid vinden, het rechtvaardigen en het ethisch wegen.",
        "De drie stappen van de biasanalyse worden hieronder verder toegelicht.",
        "De eerste stap van de biasanalyse zoekt het onderscheid tussen groepen.",
      ].join(" "),
    );
    const recap = recapScript(section, [{ subtopic, sentences }], [], LABELS.nl, new TermWeights(sentences), {
      reflection: [],
      onward: "",
    });
    expect(recap.transcript).toContain(
      "De eerste stap van de biasanalyse zoekt het onderscheid tussen groepen.",
    );
    expect(recap.transcript).not.toContain("hieronder");
  });

  // graded: the podcast's expert said "in 2020 I spun off … into a new package", claiming to be the author
  it("says no sentence in the author's own voice", async () => {
    const sentences = await pastedSentences(
      [
        "In 2020 I spun off the visualization part of tidybayes into a new package, ggdist.",
        "The ggdist package draws distributions and intervals in the grammar of graphics.",
      ].join(" "),
    );
    const recap = recapScript(section, [{ subtopic, sentences }], [], LABELS.en, new TermWeights(sentences), {
      reflection: [],
      onward: "",
    });
    expect(recap.transcript).toContain("The ggdist package draws distributions");
    expect(recap.transcript).not.toMatch(/\bI spun\b/u);
  });

  it("opens with the first subtopic it speaks of, even when an earlier one has no point to say", async () => {
    const sentences = await pastedSentences(
      [
        "Meer weten over dit onderwerp?",
        "Een biasanalyse zoekt naar onderscheid tussen groepen mensen in de uitkomsten van een algoritme.",
      ].join(" "),
    );
    const [question, statement] = sentences;
    const second: Subtopic = { ...subtopic, subtopic_id: "s2", title: "Onderscheid" };
    const recap = recapScript(
      section,
      [
        { subtopic, sentences: question ? [question] : [] },
        { subtopic: second, sentences: statement ? [statement] : [] },
      ],
      [],
      LABELS.nl,
      new TermWeights(sentences),
      { reflection: [], onward: "" },
    );
    expect(recap.transcript).toContain("Eerst gaat het over „Onderscheid”.");
    expect(recap.transcript).not.toContain("Tot slot");
  });
});

describe("a recap with nothing of the section to say", () => {
  it("is no recap at all, not its frame alone or a list of titles", async () => {
    const sentences = await pastedSentences(
      [
        "Meer weten over bias in algoritmes?",
        "Ik heb dit onderwerp zelf jarenlang onderzocht.",
        "Hoe herken je bias in een algoritme?",
      ].join(" "),
    );
    const recap = recapScript(
      section,
      [{ subtopic, sentences, items: [] }],
      [],
      LABELS.nl,
      new TermWeights(sentences),
      { reflection: [], onward: "Hierna gaat het verder met „Profilering”." },
    );
    expect(recap.transcript).toBe("");
    expect(recap.turns).toEqual([]);
  });
});
