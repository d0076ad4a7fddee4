import { describe, expect, it } from "vitest";
import { scopeAbility } from "./auth.ts";

/** Trigger.dev's public-token scope grammar: `action:type[:id]`, `<action>:all`, bare `admin`. */
describe("scopeAbility", () => {
  it("allows exactly the named resource for an id scope", () => {
    const ability = scopeAbility(["read:runs:run_1"]);
    expect(ability.can("read", [{ type: "runs", id: "run_1" }])).toBe(true);
    expect(ability.can("read", [{ type: "runs", id: "run_2" }])).toBe(false);
    expect(ability.can("write", [{ type: "runs", id: "run_1" }])).toBe(false);
    expect(ability.can("read", [{ type: "runs" }])).toBe(false);
  });

  it("allows every resource of a type for a type scope, and any of several resources", () => {
    const ability = scopeAbility(["read:tasks"]);
    expect(
      ability.can("read", [
        { type: "runs", id: "run_1" },
        { type: "tasks", id: "a" },
      ]),
    ).toBe(true);
    expect(ability.can("read", [{ type: "runs", id: "run_1" }])).toBe(false);
  });

  it("allows everything for an action with :all, and everything at all with bare admin", () => {
    expect(scopeAbility(["read:all"]).can("read", [{ type: "batch", id: "b" }])).toBe(true);
    expect(scopeAbility(["read:all"]).can("write", [{ type: "runs", id: "r" }])).toBe(false);
    expect(scopeAbility(["admin"]).can("trigger", [{ type: "tasks", id: "t" }])).toBe(true);
    expect(scopeAbility(["admin:tasks"]).can("trigger", [{ type: "tasks", id: "t" }])).toBe(false);
  });

  it("keeps colons inside an id, as tags may have them", () => {
    expect(scopeAbility(["read:tags:env:staging"]).can("read", [{ type: "tags", id: "env:staging" }])).toBe(
      true,
    );
  });

  it("allows nothing without scopes", () => {
    expect(scopeAbility([]).can("read", [{ type: "runs", id: "r" }])).toBe(false);
  });
});
