import { describe, expect, it } from "vitest";
import {
  detectLanguage,
  detectSourceLanguage,
  dominantLanguage,
  inOtherLanguage,
  isOfflineLanguage,
  languageName,
  readsAsDutchOrEnglish,
} from "./language.ts";

// Short teaching sentences in each language, and texts that must stay Dutch or English: names and
// abbreviations, code, a sentence of a few words. Dutch and English rows also hold for detectLanguage.
const SAMPLES: ReadonlyArray<[string, string]> = [
  ["De zon verwarmt het water in de zee en het verdampt.", "nl"],
  ["Het hart pompt bloed door het lichaam.", "nl"],
  ["Vulkanen ontstaan waar platen botsen.", "nl"],
  ["Wat is fotosynthese?", "nl"],
  ["Een bloeddruk die te hoog is merk je vaak niet, omdat je er geen last van hebt.", "nl"],
  ["The sun warms the water in the sea and it evaporates.", "en"],
  ["The heart pumps blood through the body.", "en"],
  ["Volcanoes form where plates collide.", "en"],
  ["What is photosynthesis?", "en"],
  ["Lava is molten rock that reaches the surface of the earth.", "en"],
  ["cars (e.g., Google Android Auto).", "en"],
  ["big = max('Hello world')", "en"],
  ["", "en"],
  ["Die Sonne erwärmt das Wasser im Meer und es verdunstet.", "de"],
  ["Das Herz pumpt Blut durch den Körper.", "de"],
  ["Ein hoher Blutdruck wird oft nicht bemerkt.", "de"],
  ["Le soleil réchauffe l'eau de la mer et elle s'évapore.", "fr"],
  ["Le cœur pompe le sang dans tout le corps.", "fr"],
  ["Les volcans se forment là où les plaques se rencontrent.", "fr"],
  ["El sol calienta el agua del mar y se evapora.", "es"],
  ["El corazón bombea sangre por todo el cuerpo.", "es"],
  ["Los volcanes se forman donde chocan las placas.", "es"],
  ["Il sole riscalda l'acqua del mare e questa evapora.", "it"],
  ["Słońce ogrzewa wodę w morzu, a ta paruje.", "pl"],
  // Fewer than five words: too little to name another language, so the Dutch-or-English guess stands.
  ["Was ist Photosynthese?", "en"],
];

describe("detectSourceLanguage", () => {
  it.each(SAMPLES)("%j is %s", async (text, expected) => {
    expect(await detectSourceLanguage(text)).toBe(expected);
  });

  it("agrees with detectLanguage on every Dutch and English row", () => {
    for (const [text, expected] of SAMPLES.filter(([, language]) => isOfflineLanguage(language)))
      expect(detectLanguage(text)).toBe(expected);
  });

  it("reads a long source all through, not only its opening", async () => {
    const english = "This report was written for the regional water board and summarises its findings. ";
    const german =
      "Das Grundwasser wird in dieser Region seit vielen Jahren regelmäßig gemessen und geprüft. ";
    expect(await detectSourceLanguage(english.repeat(15) + german.repeat(200))).toBe("de");
    expect(await detectSourceLanguage(german.repeat(15) + english.repeat(200))).toBe("en");
  });

  it("keeps a Dutch text with a few German quotations Dutch", async () => {
    const dutch =
      "Het grondwater wordt in deze regio al jaren regelmatig gemeten en gecontroleerd door het waterschap. ";
    const quote = "Das Grundwasser wird regelmäßig gemessen. ";
    expect(await detectSourceLanguage((dutch.repeat(12) + quote).repeat(5))).toBe("nl");
  });
});

describe("languageName", () => {
  it.each([
    ["de", "German"],
    ["fr", "French"],
    ["es", "Spanish"],
    ["nl", "Dutch"],
    ["en", "English"],
  ])("%s is %s", (code, name) => {
    expect(languageName(code)).toBe(name);
  });
});

describe("dominantLanguage", () => {
  it.each([
    [[], "en"],
    [
      [
        { language: "nl", weight: 2 },
        { language: "en", weight: 1 },
      ],
      "nl",
    ],
    [
      [
        { language: "nl", weight: 1 },
        { language: "en", weight: 1 },
      ],
      "en",
    ],
    [
      [
        { language: "de", weight: 3 },
        { language: "nl", weight: 1 },
        { language: "de", weight: 1 },
      ],
      "de",
    ],
  ])("%j → %s", (parts, expected) => {
    expect(dominantLanguage(parts)).toBe(expected);
  });
});

describe("readsAsDutchOrEnglish", () => {
  const latin = {
    lines: [
      "Nam id fermentum dui. Suspendisse sagittis tortor a nulla mollis, in pulvinar",
      "ex pretium. Sed interdum orci quis metus euismod, et sagittis enim maximus.",
    ],
  };
  const english = {
    lines: [
      "The water of the sea warms in the sun and rises as vapour into the air.",
      "Photosynthesis converts sunlight into chemical energy stored in sugar.",
    ],
  };
  it.each([
    ["Lorem ipsum dolor sit amet, consectetur adipiscing elit.", undefined, false],
    ["Suspendisse sagittis tortor a nulla mollis, in pulvinar ex pretium.", latin, false],
    ["Photosynthesis converts sunlight into chemical energy stored in sugar.", english, true],
    ["Een dijk beschermt het land tegen het water van de zee.", undefined, true],
    ["Nam id fermentum dui.", latin, true],
  ] as const)("%s → %s", (text, passage, expected) => {
    expect(readsAsDutchOrEnglish(text, passage)).toBe(expected);
  });
});

// read in a Dutch report: "… sensors attached to the ___" with the options google, apple, oplossing
describe("inOtherLanguage: a sentence quoted in the other language", () => {
  it.each([
    ["The /dev/random generator obtains entropy from the devices attached to the system.", "nl", true],
    ["Exposure keys never leave the device and are not backed up to iCloud.", "nl", true],
    ["Apple geeft aan dat: Exposure keys never leave the device.", "nl", false],
    ["Een dijk beschermt het land tegen het water van de zee.", "nl", false],
    ["TLS tijdens transport, eenzijdig geauthentiseerd.", "nl", false],
    ["Een dijk beschermt het land tegen het water van de zee.", "en", true],
    ["The water of the sea warms in the sun and rises as vapour.", "en", false],
    ["Photosynthesis converts sunlight into energy.", "en", false],
  ] as const)("%s (a %s source) → %s", (text, language, expected) => {
    expect(inOtherLanguage(text, language)).toBe(expected);
  });
});
