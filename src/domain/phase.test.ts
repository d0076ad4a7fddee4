import { describe, expect, it } from "vitest";
import { isPhaseKind, PHASE_KINDS, PHASES, parsePhaseId, toPhaseId } from "./phase.ts";

const CHAPTER = "8f14e45f-ceea-467a-9af0-2c3b1f6a9d10";

describe("phases", () => {
  it("are the six kinds in their fixed order", () => {
    expect(PHASE_KINDS).toEqual(["overview", "diagnostic", "study", "practice", "mastery", "recap"]);
  });

  it("carry the Dutch labels and descriptions of docs/product.md §2", () => {
    expect(PHASES).toEqual({
      overview: { label: "Overzicht", description: "intro and learning goals" },
      diagnostic: { label: "Diagnostiek", description: "short check that determines what you skip" },
      study: { label: "Studie", description: "only for your gaps, TL;DR and example" },
      practice: { label: "Oefenen", description: "targeted items per gap" },
      mastery: { label: "Mastery", description: "short adaptive final check" },
      recap: { label: "Recap", description: "60-90 s audio and mindmap" },
    });
  });

  it("recognises only the six kinds", () => {
    expect(isPhaseKind("study")).toBe(true);
    expect(isPhaseKind("quiz")).toBe(false);
  });
});

describe("phaseId", () => {
  it("joins the chapter id and the kind with a hyphen", () => {
    expect(toPhaseId(CHAPTER, "mastery")).toBe(`${CHAPTER}-mastery`);
  });

  it("takes the kind from the last hyphen part, keeping the UUID's own hyphens", () => {
    for (const kind of PHASE_KINDS) {
      expect(parsePhaseId(toPhaseId(CHAPTER, kind))).toEqual({ chapterId: CHAPTER, kind });
    }
  });

  it("reads a phaseId with no hyphen as overview", () => {
    expect(parsePhaseId("chapter1")).toEqual({ chapterId: "chapter1", kind: "overview" });
  });

  it("reads a bare chapter UUID as its overview", () => {
    expect(parsePhaseId(CHAPTER)).toEqual({ chapterId: CHAPTER, kind: "overview" });
  });

  it("keeps an unknown last part as an unknown kind", () => {
    expect(parsePhaseId(`${CHAPTER}-quiz`)).toEqual({ chapterId: CHAPTER, kind: "quiz" });
  });
});
