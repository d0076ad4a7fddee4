import { describe, expect, it } from "vitest";
import { conceptFirst, keyPoint } from "./compress.ts";
import type { Language } from "./language.ts";

// Sentence → key point: the main clause without asides, trailing detail or examples; else unchanged.
const rows: [Language, string, string][] = [
  // Neutral adverbs inside a clause go; at the start, after a comma and in "ook al" they stay.
  [
    "nl",
    "Let daarom steeds op bias in je algoritme of aanpak.",
    "Let steeds op bias in je algoritme of aanpak.",
  ],
  // "ook" and "also" carry meaning (not only this): they stay.
  [
    "nl",
    "Discriminatie ontstaat ook indirect, door bias in de data.",
    "Discriminatie ontstaat ook indirect, door bias in de data.",
  ],
  // A parenthetical inside a word goes without gluing the words around it.
  [
    "nl",
    "Noem de grondslag voor de verwerking van de (persoons)gegevens in het register.",
    "Noem de grondslag voor de verwerking van de gegevens in het register.",
  ],
  ["nl", "Daarom moet je bias in je algoritme voorkomen.", "Daarom moet je bias in je algoritme voorkomen."],
  [
    "nl",
    "Met algoritmes kun je makkelijk discrimineren, ook al is dat niet de bedoeling.",
    "Met algoritmes kun je makkelijk discrimineren, ook al is dat niet de bedoeling.",
  ],
  ["en", "The plates, however, move a few centimetres a year.", "The plates move a few centimetres a year."],
  ["en", "Volcanoes also form where plates pull apart.", "Volcanoes also form where plates pull apart."],
  [
    "nl",
    "Een confusion matrix is een tabel waarin de voorspellingen van het algoritme worden vergeleken met de werkelijke waarden (de ground truth).",
    "Een confusion matrix: een tabel waarin de voorspellingen van het algoritme worden vergeleken met de werkelijke waarden.",
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
    "Second, raw data should not change during the project.",
    "Raw data should not change during the project.",
  ],
  [
    "en",
    "First aid saves lives when help is still far away.",
    "First aid saves lives when help is still far away.",
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

// A statement of what its subject is leads with the concept ("X is Y" → "X: Y"); anything else stays.
describe("conceptFirst", () => {
  const cases: [Language, string, string][] = [
    [
      "nl",
      "Systemische bias is een vorm van institutionele vooringenomenheid",
      "Systemische bias: een vorm van institutionele vooringenomenheid",
    ],
    [
      "en",
      "The mantle is a layer of hot rock below the crust",
      "The mantle: a layer of hot rock below the crust",
    ],
    // Only a noun phrase after the verb: without it, a listener misses the verb.
    ["nl", "Discriminatie is verboden volgens de Grondwet", "Discriminatie is verboden volgens de Grondwet"],
    [
      "en",
      "The corpus is not well balanced in terms of size",
      "The corpus is not well balanced in terms of size",
    ],
    [
      "en",
      "Our intended audience is researchers who work alone",
      "Our intended audience is researchers who work alone",
    ],
    // Pronoun subjects, past tense, passives and perfects keep their verb.
    ["nl", "Dit is een belangrijke stap in het proces", "Dit is een belangrijke stap in het proces"],
    [
      "nl",
      "Het risico op bias is in de loop der tijd ontstaan",
      "Het risico op bias is in de loop der tijd ontstaan",
    ],
    ["en", "Napoleon was emperor of the French", "Napoleon was emperor of the French"],
    ["en", "The rock is formed deep below the surface", "The rock is formed deep below the surface"],
    // A subordinate clause before the verb is no subject.
    [
      "nl",
      "Ook indien geen sprake is van een hoog-risico AI-systeem, is een assessment sterk aanbevolen",
      "Ook indien geen sprake is van een hoog-risico AI-systeem, is een assessment sterk aanbevolen",
    ],
    // A second colon, a contrasting clause or an amount as subject stay as written.
    [
      "en",
      "Many of our recommendations are for the benefit of the collaborator every researcher cares about most: their future self",
      "Many of our recommendations are for the benefit of the collaborator every researcher cares about most: their future self",
    ],
    [
      "en",
      "Computers are now essential in all branches of science, but most researchers are never taught lab skills",
      "Computers are now essential in all branches of science, but most researchers are never taught lab skills",
    ],
    // A long subject or one with a clause is no concept to lead with.
    [
      "en",
      "The water that falls on the mountains in winter is stored as snow",
      "The water that falls on the mountains in winter is stored as snow",
    ],
    ["nl", "Als het regent is de weg nat en glad", "Als het regent is de weg nat en glad"],
  ];
  it.each(cases)("%s: %j → %j", (language, text, expected) => {
    expect(conceptFirst(text, language)).toBe(expected);
  });
});
