import { describe, expect, it } from "vitest";
import { fixesOf } from "./sources-api";

const check = {
  id: "mastery",
  kind: "mastery",
  title: "Meesterschap",
  chapter_id: "ch",
  payload: {
    questions: [
      { id: "q1", stem: "When was the press built?" },
      { id: "q2", stem: "Who printed the Bible?" },
    ],
  },
};
const deck = { id: "practice", kind: "practice", title: "Oefenen", chapter_id: "ch", payload: { cards: [] } };
const overview = { id: "overview", kind: "overview", title: "Overzicht", chapter_id: "ch", payload: {} };

type Mark = { activity_id: string; item_ids: string[]; citations_changed: boolean };
const mark = (activity_id: string, item_ids: string[], citations_changed = false): Mark => ({
  activity_id,
  item_ids,
  citations_changed,
});

const cases: Array<{ name: string; marks: Mark[]; fixes: string[] }> = [
  { name: "nothing stale asks for nothing", marks: [], fixes: [] },
  {
    name: "a stale question is regenerated alone, by its stem",
    marks: [mark("mastery", ["q2"])],
    fixes: ["item Who printed the Bible?"],
  },
  {
    name: "stale cards and an overview's text ask for their chapter once",
    marks: [mark("practice", ["card-1"]), mark("overview", [], true)],
    fixes: ["chapter Oefenen, Overzicht"],
  },
  {
    name: "questions and the chapter together",
    marks: [mark("mastery", ["q1", "q2"]), mark("overview", [], true)],
    fixes: ["item When was the press built?", "item Who printed the Bible?", "chapter Overzicht"],
  },
];

describe("fixesOf", () => {
  it.each(cases)("$name", ({ marks, fixes }) => {
    const byActivity = new Map(marks.map((entry) => [entry.activity_id, entry]));
    expect(
      fixesOf("ch", [check, deck, overview], byActivity).map((fix) => `${fix.part} ${fix.label}`),
    ).toEqual(fixes);
  });
});
