import { describe, expect, it } from "vitest";
import { Params } from "./sql.ts";

describe("a statement's values", () => {
  it("are numbered parameters to bind by default", () => {
    const params = new Params();
    expect([params.add("it's"), params.add("x")]).toEqual(["$1", "$2"]);
    expect(params.values).toEqual(["it's", "x"]);
  });

  it("are escaped untyped literals in the text when asked, with nothing to bind", () => {
    const params = new Params(true);
    expect([params.add("it's"), params.add("a\\b")]).toEqual(["'it''s'", " E'a\\\\b'"]);
    expect(params.values).toEqual([]);
    expect(params.unquotable).toBe(false);
  });

  it("notice a NUL byte, which no literal can hold", () => {
    const params = new Params(true);
    params.add("a\0b");
    expect(params.unquotable).toBe(true);
  });
});
