import { describe, expect, it } from "vitest";
import { type ForeignKeyRow, foreignKeysThroughViews, type KeyDependencyRow } from "./schema-cache.ts";

/** chapters.topic_id references topics.id, as in the REST fixture. */
const FK: ForeignKeyRow = {
  name: "chapters_topic_id_fkey",
  schema: "s",
  table: "chapters",
  foreign_schema: "s",
  foreign_table: "topics",
  columns: ["topic_id"],
  foreign_columns: ["id"],
  one_to_one: false,
};

const dependency = (
  view: string,
  type: KeyDependencyRow["constraint_type"],
  columns: Array<[string, string[]]>,
  constraint = FK.name,
): KeyDependencyRow => ({
  table_schema: "s",
  table_name: type === "f_ref" ? "topics" : "chapters",
  view_schema: "s",
  view_name: view,
  constraint_name: constraint,
  constraint_type: type,
  column_dependencies: columns,
});

/** Each inferred key as "origin(columns) -> target(columns)". */
const describeKeys = (keys: ForeignKeyRow[]) =>
  keys.map((k) => `${k.table}(${k.columns}) -> ${k.foreign_table}(${k.foreign_columns})`);

describe("foreignKeysThroughViews", () => {
  it.each<{ name: string; dependencies: KeyDependencyRow[]; expected: string[] }>([
    { name: "no view carries the key", dependencies: [], expected: [] },
    {
      name: "a view carrying the referencing column goes to the table",
      dependencies: [dependency("chapter_view", "f", [["topic_id", ["topic"]]])],
      expected: ["chapter_view(topic) -> topics(id)"],
    },
    {
      name: "a view carrying the referenced column is gone to from the table",
      dependencies: [dependency("topic_view", "f_ref", [["id", ["key"]]])],
      expected: ["chapters(topic_id) -> topic_view(key)"],
    },
    {
      name: "views carrying both ends also join each other",
      dependencies: [
        dependency("chapter_view", "f", [["topic_id", ["topic"]]]),
        dependency("topic_view", "f_ref", [["id", ["key"]]]),
      ],
      expected: [
        "chapter_view(topic) -> topics(id)",
        "chapters(topic_id) -> topic_view(key)",
        "chapter_view(topic) -> topic_view(key)",
      ],
    },
    {
      name: "a view carrying a column twice gives one key per choice",
      dependencies: [dependency("chapter_view", "f", [["topic_id", ["topic", "topic_again"]]])],
      expected: ["chapter_view(topic) -> topics(id)", "chapter_view(topic_again) -> topics(id)"],
    },
    {
      name: "another constraint's columns carry nothing over",
      dependencies: [dependency("chapter_view", "f", [["topic_id", ["topic"]]], "other_fkey")],
      expected: [],
    },
    {
      name: "a primary key's columns carry no foreign key",
      dependencies: [dependency("chapter_view", "p", [["topic_id", ["topic"]]])],
      expected: [],
    },
  ])("$name", ({ dependencies, expected }) => {
    expect(describeKeys(foreignKeysThroughViews([FK], dependencies))).toEqual(expected);
  });

  it("keeps the foreign key's name and cardinality", () => {
    const [key] = foreignKeysThroughViews(
      [{ ...FK, one_to_one: true }],
      [dependency("chapter_view", "f", [["topic_id", ["topic"]]])],
    );
    expect(key).toMatchObject({ name: FK.name, one_to_one: true });
  });
});
