import { describe, expect, it } from "vitest";
import {
  authCallbackSearchSchema,
  dashboardSearchSchema,
  episodeEditSearchSchema,
  loginSearchSchema,
  newTopicSearchSchema,
  pageSearchSchema,
  safeRedirectPath,
  subscribeSearchSchema,
  topicSearchSchema,
} from "./search-params";

describe("page search param (docs/product.md §5)", () => {
  it("defaults to 1", () => {
    expect(pageSearchSchema.parse({})).toEqual({ page: 1 });
  });

  it("keeps a page number and reads one given as text", () => {
    expect(pageSearchSchema.parse({ page: 3 })).toEqual({ page: 3 });
    expect(pageSearchSchema.parse({ page: "4" })).toEqual({ page: 4 });
  });

  it.each([["abc"], [0], [-2], [2.5], [null], [{}]])("falls back to 1 for %j", (page) => {
    expect(pageSearchSchema.parse({ page })).toEqual({ page: 1 });
  });
});

describe("optional string search params (docs/product.md §5)", () => {
  const cases = [
    ["moduleId", newTopicSearchSchema],
    ["event", topicSearchSchema],
    ["redirectTo", loginSearchSchema],
    ["entityId", subscribeSearchSchema],
    ["entityKind", subscribeSearchSchema],
    ["phase", episodeEditSearchSchema],
  ] as const;

  it.each(cases)("keeps %s when it is a string", (name, schema) => {
    expect(schema.parse({ [name]: "value" })).toMatchObject({ [name]: "value" });
  });

  it.each(cases)("drops %s when it is not a string", (name, schema) => {
    for (const value of [42, true, null, ["a"], { a: 1 }]) {
      expect(schema.parse({ [name]: value })[name as never]).toBeUndefined();
    }
  });

  it.each(cases)("leaves %s out when absent", (name, schema) => {
    expect(schema.parse({})[name as never]).toBeUndefined();
  });

  it("validates the dashboard's page, search and filters together", () => {
    expect(dashboardSearchSchema.parse({ page: "x", q: "cells", status: 3 })).toEqual({
      page: 1,
      q: "cells",
      status: undefined,
      subject: undefined,
    });
  });
});

describe("safeRedirectPath", () => {
  it("accepts a path on this site with its search and hash", () => {
    expect(safeRedirectPath("/studymap?page=2#top")).toBe("/studymap?page=2#top");
  });

  it.each([["https://evil.example"], ["//evil.example"], ["/\\evil.example"], ["studymap"], [undefined]])(
    "refuses %j",
    (value) => {
      expect(safeRedirectPath(value)).toBeUndefined();
    },
  );
});

describe("sign-in return search params", () => {
  it("keeps the sign-in service's own params beside a checked redirectTo", () => {
    expect(authCallbackSearchSchema.parse({ code: "abc", redirectTo: "/studymap", error: "x" })).toEqual({
      code: "abc",
      redirectTo: "/studymap",
      error: "x",
    });
    expect(authCallbackSearchSchema.parse({ code: "abc", redirectTo: 7 })).toEqual({ code: "abc" });
  });

  it("drops params the login page does not know", () => {
    expect(loginSearchSchema.parse({ redirectTo: "/a", code: "abc" })).toEqual({ redirectTo: "/a" });
  });
});
