import { describe, expect, it } from "vitest";
import { isTopicStatusKey, STATUS_VALUES, topicStatusKey, topicStatusView } from "./topic-status";

describe("topic status (docs/product.md §4, docs/decisions.md §4)", () => {
  it.each([
    [null, "not_started"],
    [undefined, "not_started"],
    ["pending", "not_started"],
    ["generating_structure", "generating"],
    ["generating_structue", "generating"],
    ["awaiting_structure_review", "review"],
    ["completed", "ready"],
    ["failed", "failed"],
    ["something-new", "not_started"],
  ])("%s is %s", (status, key) => {
    expect(topicStatusKey(status)).toBe(key);
  });

  it("shows progress only while generating", () => {
    expect(topicStatusView("generating_structue")).toMatchObject({
      label: "Generating structure",
      showProgress: true,
    });
    expect(topicStatusView("completed")).toMatchObject({ label: "Ready", showProgress: false });
  });

  it("maps every filter to database values that map back to it", () => {
    for (const [key, values] of Object.entries(STATUS_VALUES)) {
      for (const value of values) expect(topicStatusKey(value)).toBe(key);
    }
  });

  it("recognises filter keys", () => {
    expect(isTopicStatusKey("review")).toBe(true);
    expect(isTopicStatusKey("pending")).toBe(false);
  });
});
