import { describe, expect, it } from "vitest";
import {
  chapterMinutes,
  DERIVED_MODULE_TYPES,
  MODULE_TYPE_BY_KIND,
  type OutlineRpc,
  outlineCounts,
  outlineFromCourse,
  outlineFromStructure,
  outlineRpcSchema,
  overallProgress,
  resumePoint,
  withSkippedPhases,
} from "./outline.ts";
import { PHASE_KINDS, type PhaseKind } from "./phase.ts";
import type { Structure, Subtopic } from "./structure.ts";

function subtopic(id: string, title: string, description: string, keyPoints: number): Subtopic {
  return {
    subtopic_id: id,
    title,
    description,
    key_points: Array.from({ length: keyPoints }, (_, i) => `point ${i}`),
    citations: [],
  };
}

const structure: Structure = {
  title: "Rivers",
  description: "",
  sections: [
    {
      section_id: "s1",
      title: "Sources",
      description: "Where rivers begin",
      subtopics: [
        subtopic("s1-a", "Springs", "Ground water", 3),
        subtopic("s1-b", "Glaciers", "Melt water", 0),
      ],
    },
    { section_id: "s2", title: "Deltas", description: "", subtopics: [] },
  ],
};

function course(
  statuses: Record<string, Partial<Record<PhaseKind, OutlineRpc["chapters"][0]["activities"][0]["status"]>>>,
) {
  return outlineRpcSchema.parse({
    course: {
      id: "c1",
      title: "Rivers course",
      published_at: null,
      created_at: "2025-03-01T10:00:00Z",
      created_by: "u1",
    },
    chapters: Object.entries(statuses).map(([id, byKind], index) => ({
      id,
      title: `Chapter ${id}`,
      summary: null,
      position: index + 1,
      activities: PHASE_KINDS.map((kind, position) => ({
        id: `${id}-${kind}`,
        kind,
        title: kind === "study" ? `Study ${id}` : null,
        position,
        status: byKind[kind] ?? "not_started",
      })),
    })),
  });
}

describe("module types", () => {
  it("map activity kinds as docs/product.md §3 says", () => {
    expect(MODULE_TYPE_BY_KIND).toEqual({
      overview: "slides",
      diagnostic: "quiz",
      study: "study",
      practice: "flashcards",
      mastery: "quiz",
      recap: "podcast",
    });
  });

  it("cycle for a derived outline in docs/product.md §4's order", () => {
    expect(DERIVED_MODULE_TYPES).toEqual(["study", "flashcards", "podcast", "slides", "chat", "quiz"]);
  });
});

describe("chapterMinutes", () => {
  it("is 15 without subtopics", () => {
    expect(chapterMinutes([])).toBe(15);
  });

  it("adds max(10, 5 per key point, or 5 when none) per subtopic", () => {
    const withKeyPoints = (count: number) => subtopic("x", "x", "", count);
    expect(chapterMinutes([withKeyPoints(0)])).toBe(10);
    expect(chapterMinutes([withKeyPoints(1)])).toBe(10);
    expect(chapterMinutes([withKeyPoints(2)])).toBe(10);
    expect(chapterMinutes([withKeyPoints(3)])).toBe(15);
    expect(chapterMinutes([withKeyPoints(4), withKeyPoints(0)])).toBe(30);
  });
});

describe("outlineFromStructure", () => {
  const outline = outlineFromStructure(structure);

  it("makes one chapter per section and selects the first", () => {
    expect(outline.course).toBeNull();
    expect(outline.chapters.map((chapter) => [chapter.id, chapter.title, chapter.position])).toEqual([
      ["s1", "Sources", 1],
      ["s2", "Deltas", 2],
    ]);
    expect(outline.selectedChapterId).toBe("s1");
    expect(outline.chapters[0]?.minutes).toBe(25);
    expect(outline.chapters[1]?.minutes).toBe(15);
    expect(outline.chapters[0]?.subtopics).toEqual([
      { id: "s1-a", title: "Springs", description: "Ground water" },
      { id: "s1-b", title: "Glaciers", description: "Melt water" },
    ]);
  });

  it("cycles module types with progress not_started", () => {
    const many = outlineFromStructure({
      sections: [
        {
          section_id: "s",
          title: "S",
          description: "",
          subtopics: Array.from({ length: 7 }, (_, i) => subtopic(`t${i}`, `t${i}`, "", 0)),
        },
      ],
    });
    expect(many.chapters[0]?.modules.map((module) => module.type)).toEqual([
      "study",
      "flashcards",
      "podcast",
      "slides",
      "chat",
      "quiz",
      "study",
    ]);
    expect(new Set(many.chapters[0]?.modules.map((module) => module.status))).toEqual(
      new Set(["not_started"]),
    );
  });

  it("holds the placeholder progress for the first chapter only", () => {
    const statuses = outline.chapters.map((chapter) => chapter.phases.map((phase) => phase.status));
    expect(statuses[0]).toEqual([
      "in_progress",
      "completed",
      "not_started",
      "not_started",
      "not_started",
      "not_started",
    ]);
    expect(statuses[1]).toEqual(Array(6).fill("not_started"));
  });

  it("is empty without a structure", () => {
    expect(outlineFromStructure(null)).toEqual({ course: null, chapters: [], selectedChapterId: null });
  });
});

describe("outlineFromCourse", () => {
  it("keeps the six phases in order with activity titles and statuses", () => {
    const outline = outlineFromCourse(course({ x: { overview: "completed" } }), structure);
    const chapter = outline.chapters[0];
    expect(chapter?.phases.map((phase) => phase.kind)).toEqual([...PHASE_KINDS]);
    expect(chapter?.phases[0]).toEqual({
      kind: "overview",
      activityId: "x-overview",
      title: null,
      status: "completed",
    });
    expect(chapter?.phases[2]?.title).toBe("Study x");
    expect(chapter?.modules.map((module) => module.type)).toEqual([
      "slides",
      "quiz",
      "study",
      "flashcards",
      "quiz",
      "podcast",
    ]);
  });

  it("takes subtopics and minutes from the chapter's section (by section_id, else position)", () => {
    const rpc = course({ x: {}, y: {} });
    const bySectionId = outlineFromCourse(
      {
        ...rpc,
        chapters: rpc.chapters.map((chapter, i) => ({ ...chapter, section_id: i === 0 ? "s2" : "s1" })),
      },
      structure,
    );
    expect(bySectionId.chapters.map((chapter) => chapter.minutes)).toEqual([15, 25]);
    const byPosition = outlineFromCourse(rpc, structure);
    expect(byPosition.chapters.map((chapter) => chapter.subtopics.length)).toEqual([2, 0]);
    expect(outlineFromCourse(rpc, null).chapters[0]?.minutes).toBeNull();
  });

  it("orders chapters by position", () => {
    const rpc = course({ x: {}, y: {} });
    const reversed = { ...rpc, chapters: [...rpc.chapters].reverse() };
    expect(outlineFromCourse(reversed, null).chapters.map((chapter) => chapter.id)).toEqual(["x", "y"]);
  });
});

describe("progress, counts and resume point", () => {
  it("is the rounded percentage of completed modules", () => {
    expect(
      overallProgress(
        outlineFromCourse(course({ x: { overview: "completed", study: "in_progress" } }), null),
      ),
    ).toBe(17);
    expect(
      overallProgress(
        outlineFromCourse(course({ x: { overview: "completed", diagnostic: "completed" } }), null),
      ),
    ).toBe(33);
    expect(overallProgress(outlineFromStructure(null))).toBe(0);
    expect(overallProgress(outlineFromStructure(structure))).toBe(0);
  });

  it("counts quizzes and lessons of a course, and falls back to 8 and 15 without one", () => {
    expect(outlineCounts(outlineFromCourse(course({ x: {}, y: {} }), null))).toEqual({
      quizzes: 4,
      lessons: 12,
    });
    expect(outlineCounts(outlineFromStructure(structure))).toEqual({ quizzes: 8, lessons: 15 });
  });

  it("resumes at the first activity not completed, in chapter and phase order", () => {
    const done = { overview: "completed", diagnostic: "completed", study: "completed" } as const;
    expect(resumePoint(outlineFromCourse(course({ x: done, y: {} }), null))).toEqual({
      chapterId: "x",
      kind: "practice",
    });
    const allDone = Object.fromEntries(PHASE_KINDS.map((kind) => [kind, "completed"]));
    expect(
      resumePoint(outlineFromCourse(course({ x: allDone, y: { overview: "in_progress" } }), null)),
    ).toEqual({
      chapterId: "y",
      kind: "overview",
    });
    expect(resumePoint(outlineFromCourse(course({ x: allDone }), null))).toBeNull();
  });

  it("has no resume point without a course", () => {
    expect(resumePoint(outlineFromStructure(structure))).toBeNull();
  });
});

describe("withSkippedPhases", () => {
  it("marks completed skipped phases and leaves the progress as it is", () => {
    const rpc: OutlineRpc = {
      course: {
        id: "c",
        title: "C",
        published_at: null,
        created_at: "2025-01-01T00:00:00Z",
        created_by: null,
      },
      chapters: [
        {
          id: "ch",
          title: "Ch",
          summary: null,
          position: 1,
          activities: PHASE_KINDS.map((kind, position) => ({
            id: kind,
            kind,
            title: null,
            position,
            status: kind === "recap" ? "not_started" : "completed",
          })),
        },
      ],
    };
    const outline = outlineFromCourse(rpc, null);
    const marked = withSkippedPhases(outline, new Set(["study", "practice", "recap"]));
    expect(marked.chapters[0]?.phases.filter((phase) => phase.skipped).map((phase) => phase.kind)).toEqual([
      "study",
      "practice",
    ]);
    expect(overallProgress(marked)).toBe(overallProgress(outline));
    expect(withSkippedPhases(outline, new Set())).toBe(outline);
  });
});
