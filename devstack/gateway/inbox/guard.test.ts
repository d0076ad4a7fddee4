import { describe, expect, it } from "vitest";
import { refuse } from "./guard.ts";

const gateway = "http://127.0.0.1:54321";
const site = "http://127.0.0.1:5173";

describe("which requests the local-only pages refuse", () => {
  it.each([
    // Origin, Sec-Fetch-Site, refused
    [undefined, undefined, false],
    [undefined, "none", false],
    [undefined, "same-origin", false],
    [gateway, "same-origin", false],
    [site, "same-site", false],
    [site, undefined, false],
    ["null", "cross-site", true],
    ["null", undefined, true],
    ["https://evil.example", "cross-site", true],
    ["https://evil.example", undefined, true],
    [undefined, "cross-site", true],
    [undefined, "same-site", true],
    ["http://127.0.0.1:8080", "same-site", true],
    // An allowed origin does not excuse a cross-site request (a forged header outside a browser aside).
    [site, "cross-site", true],
  ])("Origin %s, Sec-Fetch-Site %s: refused %s", (origin, fetchSite, refused) => {
    expect(refuse(origin, fetchSite, [gateway, site]) !== null).toBe(refused);
  });
});
