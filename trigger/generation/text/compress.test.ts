import { describe, expect, it } from "vitest";
import { keyPoint } from "./compress.ts";
import type { Language } from "./language.ts";

// Sentence → key point: the main clause without asides, trailing detail or examples; else unchanged.
const rows: [Language, string, string][] = [
  [
    "nl",
    "Een confusion matrix is een tabel waarin de voorspellingen van het algoritme worden vergeleken met de werkelijke waarden (de ground truth).",
    "Een confusion matrix is een tabel waarin de voorspellingen van het algoritme worden vergeleken met de werkelijke waarden.",
  ],
  [
    "nl",
    "Het Rijks ICT Gilde (RIG) heeft een bias-toetsing uitgevoerd, waarbij het naar visumaanvragen keek.",
    "Het Rijks ICT Gilde heeft een bias-toetsing uitgevoerd.",
  ],
  [
    "nl",
    "Het algoritme gebruikt gegevens over groepen, zoals postcode, inkomen en kenteken.",
    "Het algoritme gebruikt gegevens over groepen.",
  ],
  [
    "nl",
    "Het algoritme van de dienst gebruikt gegevens zoals postcode en inkomen.",
    "Het algoritme van de dienst gebruikt gegevens.",
  ],
  [
    "nl",
    "De meeste gegevens uit het register, zoals we eerder zagen, zijn onbetrouwbaar.",
    "De meeste gegevens uit het register, zoals we eerder zagen, zijn onbetrouwbaar.",
  ],
  [
    "nl",
    "Daarnaast is het belangrijk de uitkomsten te controleren.",
    "Daarnaast is het belangrijk de uitkomsten te controleren.",
  ],
  [
    "en",
    "However, the nucleus controls most of the cell's activities, which keeps the cell alive.",
    "The nucleus controls most of the cell's activities.",
  ],
  [
    "en",
    "Igneous rocks such as basalt and granite form when magma cools.",
    "Igneous rocks such as basalt and granite form when magma cools.",
  ],
  [
    "en",
    "The model was trained on poems by several authors, e.g. Vergil and Ovid.",
    "The model was trained on poems by several authors.",
  ],
  ["en", "It rains, which is wet.", "It rains, which is wet."],
  [
    "en",
    "This article suggests that CNNs are better choices than LSTMs—they train more quickly.",
    "This article suggests that CNNs are better choices than LSTMs.",
  ],
  [
    "en",
    "Convolutional Neural Networks – the tool of choice for images – should be ideal here.",
    "Convolutional Neural Networks should be ideal here.",
  ],
];

describe("keyPoint", () => {
  it.each(rows)("%s: %j → %j", (language, sentence, expected) => {
    expect(keyPoint(sentence, language)).toBe(expected);
  });
});
