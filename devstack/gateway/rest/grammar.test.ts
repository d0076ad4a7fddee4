import { describe, expect, it } from "vitest";
import type { RestError } from "./errors.ts";
import { parseFilterValue, parseLogic, parseOrder, parseSelect, parseTreePath } from "./grammar.ts";

/** The positions below are those PostgREST's own parser reports for the same inputs. */
function failure(parse: () => unknown): { message: string; details: unknown } {
  try {
    parse();
  } catch (error) {
    const { message, details, code } = error as RestError;
    expect(code).toBe("PGRST100");
    return { message, details };
  }
  throw new Error("expected a parse failure");
}

describe("select", () => {
  it("parses aliases, casts, JSON paths, embeds with hints and join types, and spreads", () => {
    expect(parseSelect("a:id::text,data->x->>0,sub:subjects!fk!inner(title),...parent(*)")).toEqual([
      { kind: "field", field: { name: "id", jsonPath: [] }, alias: "a", cast: "text" },
      {
        kind: "field",
        field: {
          name: "data",
          jsonPath: [
            { arrow: "->", key: "x", isIndex: false },
            { arrow: "->>", key: "0", isIndex: true },
          ],
        },
      },
      {
        kind: "embed",
        relation: "subjects",
        alias: "sub",
        hint: "fk",
        joinType: "inner",
        spread: false,
        children: [{ kind: "field", field: { name: "title", jsonPath: [] } }],
      },
      {
        kind: "embed",
        relation: "parent",
        spread: true,
        children: [{ kind: "field", field: { name: "*", jsonPath: [] } }],
      },
    ]);
  });

  it("reports where and why a select is malformed", () => {
    expect(failure(() => parseSelect("id,clients(name[])")).message).toBe(
      '"failed to parse select parameter (id,clients(name[]))" (line 1, column 16)',
    );
    expect(failure(() => parseSelect("data->>-78xy")).message).toMatch(/column 11\)$/);
    expect(failure(() => parseSelect("data->>--34")).message).toMatch(/column 9\)$/);
  });
});

describe("filters and logic", () => {
  it("parses every operator form", () => {
    expect(parseFilterValue('not.in.(1,"a,b","q\\"x")')).toEqual({
      negated: true,
      operation: { kind: "in", values: ["1", "a,b", 'q"x'] },
    });
    expect(parseFilterValue("like(any).{a*,b*}").operation).toEqual({
      kind: "quant",
      op: "like",
      quantifier: "any",
      value: "{a*,b*}",
    });
    expect(parseFilterValue("wfts(english).a b").operation).toEqual({
      kind: "fts",
      op: "wfts",
      language: "english",
      value: "a b",
    });
    expect(parseFilterValue("is.NULL").operation).toEqual({ kind: "is", value: "null" });
    expect(parseTreePath("chapters.data->>k")).toEqual({
      path: ["chapters"],
      field: { name: "data", jsonPath: [{ arrow: "->>", key: "k", isIndex: false }] },
    });
  });

  it("rejects unknown operators at the first column", () => {
    expect(failure(() => parseFilterValue("noop.1"))).toEqual({
      message: '"failed to parse filter (noop.1)" (line 1, column 1)',
      details: 'unexpected "n" expecting "not" or operator (eq, gt, ...)',
    });
  });

  it("parses nested and/or trees with quoted values and arrays", () => {
    const { path, tree } = parseLogic("chapters.not.or", '(a.eq."x,y",and(b.cs.{1,2},c.is.null))');
    expect(path).toEqual(["chapters"]);
    expect(tree).toMatchObject({
      kind: "group",
      negated: true,
      op: "or",
      children: [
        { kind: "filter", filter: { field: { name: "a" }, expr: { operation: { value: "x,y" } } } },
        {
          kind: "group",
          op: "and",
          children: [
            { filter: { expr: { operation: { op: "cs", value: "{1,2}" } } } },
            { filter: { expr: { operation: { kind: "is", value: "null" } } } },
          ],
        },
      ],
    });
    expect(failure(() => parseLogic("or", "(id.eq.1,not.xor(id.eq.2,id.eq.3))")).message).toMatch(
      /column 16\)$/,
    );
  });
});

describe("order", () => {
  it("parses directions, nulls and related columns", () => {
    expect(parseOrder("name.desc.nullsfirst,clients(json->k).asc")).toEqual([
      { field: { name: "name", jsonPath: [] }, direction: "desc", nulls: "first" },
      {
        relation: "clients",
        field: { name: "json", jsonPath: [{ arrow: "->", key: "k", isIndex: false }] },
        direction: "asc",
      },
    ]);
  });

  it.each([
    ["id.ac", 4],
    ["id.descc", 8],
    ["id.nullslasttt", 13],
    ["id.asc.nlsfst", 8],
    ["id.asc.nullslasttt", 17],
  ])("%s fails at column %i", (input, column) => {
    expect(failure(() => parseOrder(input)).message).toBe(
      `"failed to parse order (${input})" (line 1, column ${column})`,
    );
  });
});
