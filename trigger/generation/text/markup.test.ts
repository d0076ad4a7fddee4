import { describe, expect, it } from "vitest";
import { plainLines } from "./markup.ts";

describe("plainLines", () => {
  it.each([
    [
      "a link whose text runs over the line end",
      ["look at [some more advice from the LaTeX", "Project](https://www.latex-project.org/about/). There"],
      ["look at some more advice from the LaTeX", "Project. There"],
    ],
    [
      "a link whose address starts on the next line",
      ["a [comprehensive list on", "StackExchange](https://tex.stackexchange.com/q/339/)."],
      ["a comprehensive list on", "StackExchange."],
    ],
    [
      "emphasis over the line end",
      ["this is **very", "important** to know"],
      ["this is very", "important to know"],
    ],
    [
      "list and quote markers, code spans",
      ["- **Chlorophyll** is [green](https://x.test) and `shiny`"],
      ["Chlorophyll is green and shiny"],
    ],
    [
      "prose without markup reads as typed",
      ["Plants need light", "and water.  "],
      ["Plants need light", "and water."],
    ],
    ["a quoted line", ["> Plants need light."], ["Plants need light."]],
    ["an image's alt text", ["See ![a pine cone](cone.png) here"], ["See a pine cone here"]],
    ["escapes are resolved", ["2 \\* 3 is six"], ["2 * 3 is six"]],
    [
      "underscores inside words stay (CommonMark)",
      ["rename personal_name and", "use fig_3_a.png"],
      ["rename personal_name and", "use fig_3_a.png"],
    ],
    ["strikethrough (GitHub)", ["a ~~wrong~~ right word"], ["a wrong right word"]],
    ["footnote marks and numbered references go", ["insects¹ and wind [3–5]."], ["insects and wind."]],
    [
      "a number at a continuation line's start is no list",
      ["It happened in", "2024. Then"],
      ["It happened in", "2024. Then"],
    ],
    ["indentation does not make code", ["    indented text", "  goes on"], ["indented text", "goes on"]],
  ])("%s", (_rule, lines, expected) => {
    expect(plainLines(lines)).toEqual(expected);
  });
});
