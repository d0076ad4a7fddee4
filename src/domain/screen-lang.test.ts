import { describe, expect, it } from "vitest";
import { screenLang } from "./screen-lang";

describe("screenLang (SPEC.md: English interface, Dutch micro-learning)", () => {
  it("is Dutch on every micro-learning screen of a topic", () => {
    expect(screenLang("/studymap/topics/t1/microlearning")).toBe("nl");
    expect(screenLang("/studymap/topics/t1/microlearning/phase/c1-study")).toBe("nl");
    expect(screenLang("/studymap/topics/t1/microlearning/recap/c1/")).toBe("nl");
  });

  it("is English everywhere else, including a topic that happens to be called microlearning", () => {
    expect(screenLang("/studymap")).toBe("en");
    expect(screenLang("/studymap/topics/t1/overview/quizzes")).toBe("en");
    expect(screenLang("/studymap/topics/microlearning")).toBe("en");
    expect(screenLang("/login")).toBe("en");
  });
});
