import { describe, expect, it } from "vitest";
import { isSupported } from "./support.ts";

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
