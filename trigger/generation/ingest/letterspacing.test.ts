import { describe, expect, it } from "vitest";
import { hasLetterspacing, withoutLetterspacing } from "./letterspacing.ts";

const dictionary = new Set("all caps full capital letters cap it al a tall".split(" "));
const documentWords = new Set(["allcaps", "xyz"]);
const wordTests = [
  (word: string) => dictionary.has(word),
  (word: string) => documentWords.has(word) || dictionary.has(word),
];

describe("withoutLetterspacing", () => {
  it.each([
    ["two words run together", "strings of A L L C A P S or small caps", "strings of ALL CAPS or small caps"],
    [
      "the fewest words win over shorter ones",
      "strings of F U L L C A P I T A L L E T T E R S, and",
      "strings of FULL CAPITAL LETTERS, and",
    ],
    ["the document's words come after the word list", "X Y Z and Q R S", "XYZ and Q R S"],
    ["letters no word test covers stay as read", "points P Q R lie on it", "points P Q R lie on it"],
    ["two single letters are no run", "the A B test", "the A B test"],
    ["capitals set close are one word already", "use ALL CAPS here", "use ALL CAPS here"],
    ["lower-case letters are no tracked capitals", "a b c d", "a b c d"],
  ])("%s", (_, line, read) => {
    expect(withoutLetterspacing(line, wordTests)).toBe(read);
  });

  it("knows a line that holds letterspaced capitals, every time it is asked", () => {
    expect(hasLetterspacing("of A L L C A P S")).toBe(true);
    expect(hasLetterspacing("of A L L C A P S")).toBe(true);
    expect(hasLetterspacing("of ALL CAPS")).toBe(false);
  });
});
