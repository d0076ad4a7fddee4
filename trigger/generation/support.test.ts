import { describe, expect, it } from "vitest";
import { addsACause, isSupported, withoutAddedCauses } from "./support.ts";

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
  ];
  it.each(rows)("%s", (_, statement, lines, expected) => {
    expect(isSupported(statement, lines)).toBe(expected);
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
  ] as const)("%s → %s", (text, lines, expected) => {
    expect(addsACause(text, lines)).toBe(expected);
  });
});

describe("withoutAddedCauses", () => {
  it("drops only the sentences that state a cause the lines do not", () => {
    const lines = [
      "Direct onderscheid is in veel gevallen niet toegestaan.",
      "Het kan leiden tot discriminerende effecten.",
    ];
    const transcript =
      "We kijken naar onderscheid. Het is vaak niet toegestaan en leidt daardoor tot discriminatie. Let daar goed op.";
    expect(withoutAddedCauses(transcript, lines)).toEqual({
      text: "We kijken naar onderscheid. Let daar goed op.",
      dropped: 1,
    });
    expect(withoutAddedCauses(transcript, [...lines, "Daardoor ontstaat discriminatie."]).dropped).toBe(0);
  });
});
