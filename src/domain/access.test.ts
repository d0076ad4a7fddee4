import { describe, expect, it } from "vitest";
import {
  activeMembershipOf,
  activeRoles,
  canManageContent,
  hasAccess,
  hasActiveMembership,
  type Membership,
  resolveActiveMembershipId,
} from "./access";

function membership(overrides: Partial<Membership>): Membership {
  return {
    membershipId: "m1",
    entityId: "e1",
    entityName: "Acme",
    entityKind: "organisation",
    memberRole: "member",
    status: "active",
    entityMetadata: null,
    ...overrides,
  };
}

describe("access check (docs/product.md §6)", () => {
  it("lets an active admin access anything, even with no required role", () => {
    expect(hasAccess(["admin"], "creator")).toBe(true);
    expect(hasAccess(["member", "admin"], undefined)).toBe(true);
  });

  it("otherwise requires the role among the active roles", () => {
    expect(hasAccess(["creator"], "creator")).toBe(true);
    expect(hasAccess(["member"], "creator")).toBe(false);
  });

  it("denies when no role is required and the user is no admin", () => {
    expect(hasAccess(["creator", "manager"], undefined)).toBe(false);
    expect(hasAccess(["creator"], null)).toBe(false);
    expect(hasAccess(["creator"], "")).toBe(false);
  });

  it("only counts active memberships", () => {
    const memberships = [
      membership({ memberRole: "admin", status: "invited" }),
      membership({ membershipId: "m2", memberRole: "member" }),
      membership({ membershipId: "m3", memberRole: "creator", status: "inactive" }),
    ];
    expect(activeRoles(memberships)).toEqual(["member"]);
    expect(hasAccess(activeRoles(memberships), "creator")).toBe(false);
  });

  it("scopes roles to one entity when asked", () => {
    const memberships = [
      membership({ entityId: "e1", memberRole: "member" }),
      membership({ membershipId: "m2", entityId: "e2", memberRole: "creator" }),
    ];
    expect(activeRoles(memberships, "e1")).toEqual(["member"]);
    expect(activeRoles(memberships, "e2")).toEqual(["creator"]);
  });
});

describe("content management (docs/product.md §6)", () => {
  it.each(["creator", "admin", "manager"])("is allowed for %s", (role) => {
    expect(canManageContent([role])).toBe(true);
  });

  it("is refused for members, unknown roles and nobody", () => {
    expect(canManageContent(["member"])).toBe(false);
    expect(canManageContent(["viewer", "guest"])).toBe(false);
    expect(canManageContent([])).toBe(false);
  });

  it("is allowed when any one of several roles manages", () => {
    expect(canManageContent(["member", "manager"])).toBe(true);
  });
});

describe("active membership (docs/product.md §4)", () => {
  const invited = membership({ membershipId: "invited", status: "invited" });
  const first = membership({ membershipId: "first" });
  const second = membership({ membershipId: "second", entityId: "e2" });

  it("defaults to the first active membership", () => {
    expect(resolveActiveMembershipId([invited, first, second])).toBe("first");
  });

  it("falls back to the first membership when none is active, else none", () => {
    expect(resolveActiveMembershipId([invited])).toBe("invited");
    expect(resolveActiveMembershipId([])).toBeNull();
  });

  it("keeps the user's remembered choice while it is active", () => {
    expect(resolveActiveMembershipId([first, second], "second")).toBe("second");
  });

  it("ignores a remembered choice that is gone or no longer active", () => {
    expect(resolveActiveMembershipId([first, second], "deleted")).toBe("first");
    expect(resolveActiveMembershipId([invited, first], "invited")).toBe("first");
  });

  it("needs at least one active membership for the main area", () => {
    expect(hasActiveMembership([invited])).toBe(false);
    expect(hasActiveMembership([invited, first])).toBe(true);
  });

  it("finds the active membership of a user", () => {
    const user = { id: "u", email: "u@x.test", memberships: [first, second], activeMembershipId: "second" };
    expect(activeMembershipOf(user)).toBe(second);
    expect(activeMembershipOf(null)).toBeNull();
  });
});
