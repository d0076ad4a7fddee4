import { describe, expect, it } from "vitest";
import {
  addedCause,
  addsACause,
  isParaphraseSupported,
  isSupported,
  unbackedClaim,
  withoutAddedCauses,
} from "./support.ts";

// Whether cited lines back a statement: each row is the statement, the cited lines and the verdict.
describe("isSupported", () => {
  const rows: [string, string, string[], boolean][] = [
    ["word for word", "Chlorophyll is a green pigment.", ["Chlorophyll is a green pigment in leaves."], true],
    [
      "an English paraphrase in other inflections",
      "The networks classify authors.",
      ["Each network classified the authors."],
      true,
    ],
    [
      "a Dutch paraphrase with plural and verb forms",
      "Dat een algoritme mensen of groepen in gelijke situatie ongelijk behandelt.",
      [
        "Algoritmes kunnen leiden tot ongewenst onderscheid als je mensen of groepen ongelijk behandelt in gelijke situaties.",
      ],
      true,
    ],
    [
      "a Dutch infinitive against its stem",
      "Je moet onderscheid behandelen.",
      ["Behandel elk onderscheid met zorg: je moet."],
      true,
    ],
    [
      "a claim the lines do not make",
      "Chlorophyll was first found on Mars.",
      ["Chlorophyll is a green pigment."],
      false,
    ],
    ["a different number", "The corpus has 73,000 lines.", ["The corpus has 37,000 lines."], false],
    [
      "a Dutch claim about something else",
      "Het algoritme gebruikt geloof als variabele bij de selectie van vacatures.",
      ["Algoritmes kunnen leiden tot ongewenst onderscheid als je mensen ongelijk behandelt."],
      false,
    ],
    ["an empty statement", "", ["Anything at all."], false],
    // A model's right options in its own words, which a blind grader found true (three in four dropped them).
    [
      "an answer paraphrased from its line",
      "A vaccine aimed at the virus's S protein",
      ["• It allowed the development of a vaccine to target the S protein."],
      true,
    ],
    [
      "a consequence paraphrased from its line",
      "The sample holds little virus",
      ["The more PCR cycles are needed to saturate the signal, the lower the amount of virus in the sample."],
      true,
    ],
    [
      "an answer that shares one word in four with its line",
      "A vaccine made from bat proteins",
      ["• It allowed the development of diagnostic tests such as lateral flow tests."],
      false,
    ],
    // Dutch writes a compound joined, apart or hyphenated; a paraphrase may choose another way.
    [
      "a compound written apart in the source",
      "Anonimiteit staat haaks op bronintegriteit.",
      ["Het dilemma: anonimiteit lijkt haaks te staan op bron integriteit."],
      true,
    ],
    [
      "a hyphenated term written apart in the source",
      "Het GAEN-raamwerk beoogt anonimiteit.",
      ["Het GAEN raamwerk beoogt anonimiteit van deelnemers te waarborgen."],
      true,
    ],
    [
      "a compound of words the source never puts side by side",
      "De bronsleutel waarborgt de integriteit.",
      ["De bron van de data is bekend; de sleutel waarborgt anonimiteit."],
      false,
    ],
  ];
  it.each(rows)("%s", (_, statement, lines, expected) => {
    expect(isSupported(statement, lines)).toBe(expected);
  });
});

describe("isParaphraseSupported: a spoken explanation in its own words, every sentence backed", () => {
  const TEK = [
    "TEK | Temporary Exposure Key | Dagelijkse random warde van 128 bit als basis voor afleiding van dagelijkse RPI-Key en AEM-Key",
  ];
  it.each([
    // A stand-in model's faithful turn, dropped by the answers' three-in-four rule ("willekeurige" for
    // "random", the source's typo "warde").
    [
      "De TEK is een dagelijkse willekeurige waarde van 128 bit. Daaruit worden de RPI-Key en de AEM-Key afgeleid.",
      TEK,
      true,
    ],
    // One invented sentence is not carried by the backed one beside it.
    [
      "De TEK is een dagelijkse willekeurige waarde van 128 bit. Google bewaart alle sleutels tien jaar in Californië.",
      TEK,
      false,
    ],
    // A number the lines do not state.
    ["De TEK is een dagelijkse willekeurige waarde van 256 bit.", TEK, false],
    [
      "Dijken beschermen het land tegen hoog water.",
      ["Een dijk houdt het water van de rivier tegen en beschermt zo het land."],
      true,
    ],
    // A short reply is read with the sentence it leads into; an invented one is not carried.
    [
      "Nee. Het cryptoraamwerk is onderdeel van een breder pakket maatregelen.",
      [
        "Het cryptoraamwerk is onderdeel van een breder pakket aan maatregelen en dekt niet alle risico’s af.",
      ],
      true,
    ],
    [
      "Het cryptoraamwerk is onderdeel van een breder pakket maatregelen. Ook in Duitsland.",
      [
        "Het cryptoraamwerk is onderdeel van een breder pakket aan maatregelen en dekt niet alle risico’s af.",
      ],
      false,
    ],
    [
      "Dijken zijn in de middeleeuwen door monniken gebouwd.",
      ["Een dijk houdt het water van de rivier tegen en beschermt zo het land."],
      false,
    ],
  ])("%j → %s", (text, lines, expected) => {
    expect(isParaphraseSupported(text, lines)).toBe(expected);
  });
});

describe("addsACause: a paraphrase may not turn facts side by side into cause and effect", () => {
  it.each([
    [
      "Beide vormen zijn niet toegestaan en kunnen daardoor tot discriminerende effecten leiden.",
      [
        "Direct en indirect onderscheid zijn in veel gevallen niet toegestaan.",
        "Ze kunnen leiden tot discriminerende effecten.",
      ],
      true,
    ],
    [
      "Tides come later each day because the Moon moves along its orbit.",
      ["Because the Moon also moves along its orbit, high tide comes almost an hour later each day."],
      false,
    ],
    [
      "Het algoritme maakt fouten, omdat de data scheef zijn.",
      ["De data zijn scheef. Daardoor maakt het algoritme fouten."],
      false,
    ],
    ["The plates move a few centimetres a year.", ["The plates move a few centimetres a year."], false],
    [
      "The crust cracks, therefore volcanoes form.",
      ["The crust cracks.", "Volcanoes form along the cracks."],
      true,
    ],
    // A stand-in was told its "As a result" stated a consequence no line states.
    [
      "As a result, the WHO declared a pandemic on 11 March 2020.",
      ["It spread to other countries. This led to the WHO declaring a pandemic on 11 March 2020."],
      false,
    ],
    [
      "Trimming is required because the primers would otherwise skew the variant calls.",
      ["Trimming the primers is required, since they would otherwise skew the variant calls."],
      false,
    ],
    [
      "De WDO is niet relevant, omdat de Bolt geen uitwisselingssysteem is.",
      [
        "De WDO is niet relevant, aangezien de Bolt niet voldoet aan de definitie van een uitwisselingssysteem.",
      ],
      false,
    ],
    [
      "De WDO is niet relevant, omdat de Bolt geen uitwisselingssysteem is.",
      ["De WDO is niet relevant.", "De Bolt voldoet niet aan de definitie van een uitwisselingssysteem."],
      true,
    ],
  ] as const)("%s → %s", (text, lines, expected) => {
    expect(addsACause(text, lines)).toBe(expected);
  });
});

describe("the sentence at fault, for a model asked to rewrite its turn", () => {
  const lines = ["Een dijk houdt het water van de rivier tegen.", "Achter de dijk ligt de polder."];
  it.each([
    ["Een dijk houdt het rivierwater tegen. Achter de dijk ligt de polder.", null, null],
    [
      "Een dijk houdt het rivierwater tegen. Dijken zijn door monniken gebouwd.",
      "Dijken zijn door monniken gebouwd.",
      null,
    ],
    [
      "Een dijk houdt het water tegen. Daardoor ligt de polder droog achter de dijk.",
      null,
      "Daardoor ligt de polder droog achter de dijk.",
    ],
  ])("%s", (text, claim, cause) => {
    expect(unbackedClaim(text, lines)).toBe(claim);
    expect(addedCause(text, lines)).toBe(cause);
  });
});

describe("withoutAddedCauses", () => {
  it("drops the sentences that state a cause the lines do not, and those that point back to them", () => {
    const lines = [
      "Direct onderscheid is in veel gevallen niet toegestaan.",
      "Het kan leiden tot discriminerende effecten.",
    ];
    const transcript =
      "We kijken naar onderscheid. Het is vaak niet toegestaan en leidt daardoor tot discriminatie. Let daar goed op. Onderscheid kan leiden tot discriminerende effecten.";
    expect(withoutAddedCauses(transcript, lines)).toEqual({
      text: "We kijken naar onderscheid. Onderscheid kan leiden tot discriminerende effecten.",
      dropped: 2,
    });
    expect(withoutAddedCauses(transcript, [...lines, "Daardoor ontstaat discriminatie."]).dropped).toBe(0);
  });
});
