import { describe, expect, it } from "vitest";
import type { Structure } from "@/domain/structure.ts";
import { needsGenerationSignal, POLL_INTERVAL_MS, reviewState, shouldPoll } from "./review-state.ts";

const structure: Structure = { title: "T", description: "", sections: [] };
const topic = (processingStatus: string | null, withStructure = false) => ({
  processingStatus,
  structure: withStructure ? structure : null,
});

describe("structure review opening rules", () => {
  it("polls every 4 seconds", () => {
    expect(POLL_INTERVAL_MS).toBe(4000);
  });

  it("shows a structure awaiting review or completed", () => {
    expect(reviewState(topic("awaiting_structure_review", true))).toBe("ready");
    expect(reviewState(topic("completed", true))).toBe("ready");
    expect(shouldPoll(topic("awaiting_structure_review", true))).toBe(false);
    expect(needsGenerationSignal(topic("completed", true))).toBe(false);
  });

  it("shows progress, signals and polls while generating without a structure", () => {
    for (const status of ["generating_structure", "generating_structue"]) {
      expect(reviewState(topic(status))).toBe("generating");
      expect(needsGenerationSignal(topic(status))).toBe(true);
      expect(shouldPoll(topic(status))).toBe(true);
    }
  });

  it("starts, then polls, when empty or pending without a structure", () => {
    for (const status of [null, "", "pending"]) {
      expect(reviewState(topic(status))).toBe("not-started");
      expect(needsGenerationSignal(topic(status))).toBe(true);
      expect(shouldPoll(topic(status))).toBe(true);
    }
  });

  it("stops on failure", () => {
    expect(reviewState(topic("failed"))).toBe("failed");
    expect(shouldPoll(topic("failed"))).toBe(false);
    expect(needsGenerationSignal(topic("failed"))).toBe(false);
  });

  it("shows a completed topic without a structure as ready, with nothing to accept", () => {
    expect(reviewState(topic("completed"))).toBe("ready");
    expect(shouldPoll(topic("completed"))).toBe(false);
  });
});
