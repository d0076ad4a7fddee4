import { z } from "zod";
import { PHASE_KINDS, type PhaseKind } from "./phase.ts";
import type { Section, Structure, Subtopic } from "./structure.ts";

/** docs/product.md §4: an activity without a progress record is not_started. */
export const progressStatusSchema = z.enum(["not_started", "in_progress", "completed"]);
export type ProgressStatus = z.infer<typeof progressStatusSchema>;

const phaseKindSchema = z.enum(PHASE_KINDS);

export type ModuleType = "study" | "flashcards" | "podcast" | "slides" | "chat" | "quiz";

/** docs/product.md §3: the outline module type of each activity kind. */
export const MODULE_TYPE_BY_KIND: Record<PhaseKind, ModuleType> = {
  overview: "slides",
  diagnostic: "quiz",
  study: "study",
  practice: "flashcards",
  mastery: "quiz",
  recap: "podcast",
};

/** docs/product.md §4: module types of an outline derived from the structure, in the order they cycle. */
export const DERIVED_MODULE_TYPES: readonly ModuleType[] = [
  "study",
  "flashcards",
  "podcast",
  "slides",
  "chat",
  "quiz",
];

/** docs/product.md §9: the static display values, shown only while no course exists (docs/decisions.md §13). */
export const FALLBACK_COUNTS = { quizzes: 8, lessons: 15 } as const;

/** The answer of the `get_microlearning_outline(p_topic_id)` RPC: one round trip for the whole outline. */
export const outlineRpcSchema = z.object({
  course: z
    .object({
      id: z.string(),
      title: z.string(),
      published_at: z.string().nullable(),
      created_at: z.string(),
      created_by: z.string().nullable(),
    })
    .nullable(),
  chapters: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      summary: z.string().nullable(),
      position: z.number().int(),
      section_id: z.string().nullish(),
      activities: z.array(
        z.object({
          id: z.string(),
          kind: phaseKindSchema,
          title: z.string().nullable(),
          position: z.number().int(),
          status: progressStatusSchema,
        }),
      ),
    }),
  ),
});
export type OutlineRpc = z.infer<typeof outlineRpcSchema>;
export type OutlineCourse = NonNullable<OutlineRpc["course"]>;

export interface OutlineModule {
  id: string;
  title: string;
  type: ModuleType;
  status: ProgressStatus;
}

export interface OutlinePhase {
  kind: PhaseKind;
  activityId: string | null;
  title: string | null;
  status: ProgressStatus;
  /** Completed because the diagnostic made it unnecessary (it still counts as done). */
  skipped?: boolean;
}

export interface OutlineSubtopic {
  id: string;
  title: string;
  description: string;
}

export interface OutlineChapter {
  id: string;
  title: string;
  summary: string | null;
  position: number;
  minutes: number | null;
  subtopics: OutlineSubtopic[];
  /** The six phases in their fixed order. */
  phases: OutlinePhase[];
  modules: OutlineModule[];
}

export interface Outline {
  course: OutlineCourse | null;
  chapters: OutlineChapter[];
  selectedChapterId: string | null;
}

/** docs/product.md §9: per subtopic max(10, 5 per key point, or 5 when none); a chapter with no subtopics takes 15. */
export function chapterMinutes(subtopics: readonly Pick<Subtopic, "key_points">[]): number {
  if (subtopics.length === 0) return 15;
  return subtopics.reduce((total, subtopic) => {
    const keyPoints = subtopic.key_points.length;
    return total + Math.max(10, keyPoints > 0 ? keyPoints * 5 : 5);
  }, 0);
}

function toSubtopics(section: Section | undefined): OutlineSubtopic[] {
  return (section?.subtopics ?? []).map((subtopic) => ({
    id: subtopic.subtopic_id,
    title: subtopic.title,
    description: subtopic.description,
  }));
}

/** The section a course chapter was generated from: by section_id, else by position (1-based). */
function sectionOfChapter(
  chapter: OutlineRpc["chapters"][number],
  sections: readonly Section[],
): Section | undefined {
  if (chapter.section_id) {
    const byId = sections.find((section) => section.section_id === chapter.section_id);
    if (byId) return byId;
  }
  return sections[chapter.position - 1];
}

/** The outline of a generated course, enriched with its structure's subtopics and minutes. */
export function outlineFromCourse(rpc: OutlineRpc, structure: Pick<Structure, "sections"> | null): Outline {
  const sections = structure?.sections ?? [];
  const chapters = [...rpc.chapters]
    .sort((a, b) => a.position - b.position)
    .map((chapter): OutlineChapter => {
      const section = sectionOfChapter(chapter, sections);
      const activities = [...chapter.activities].sort((a, b) => a.position - b.position);
      return {
        id: chapter.id,
        title: chapter.title,
        summary: chapter.summary,
        position: chapter.position,
        minutes: section ? chapterMinutes(section.subtopics) : null,
        subtopics: toSubtopics(section),
        phases: PHASE_KINDS.map((kind) => {
          const activity = activities.find((candidate) => candidate.kind === kind);
          return {
            kind,
            activityId: activity?.id ?? null,
            title: activity?.title || null,
            status: activity?.status ?? "not_started",
          };
        }),
        modules: activities.map((activity) => ({
          id: activity.id,
          title: activity.title ?? "",
          type: MODULE_TYPE_BY_KIND[activity.kind],
          status: activity.status,
        })),
      };
    });
  return { course: rpc.course, chapters, selectedChapterId: chapters[0]?.id ?? null };
}

/** docs/product.md §4: the placeholder progress shown for the first chapter of a derived outline. */
const FIRST_CHAPTER_PLACEHOLDER: Partial<Record<PhaseKind, ProgressStatus>> = {
  overview: "in_progress",
  diagnostic: "completed",
};

/**
 * docs/product.md §4: when no course outline can be loaded, the outline is derived from the structure's sections;
 * modules cycle through the derived types with progress not_started, and the first chapter is selected.
 */
export function outlineFromStructure(structure: Pick<Structure, "sections"> | null): Outline {
  const chapters = (structure?.sections ?? []).map((section, index): OutlineChapter => {
    const id = section.section_id;
    const placeholder = index === 0 ? FIRST_CHAPTER_PLACEHOLDER : {};
    return {
      id,
      title: section.title,
      summary: section.description || null,
      position: index + 1,
      minutes: chapterMinutes(section.subtopics),
      subtopics: toSubtopics(section),
      phases: PHASE_KINDS.map((kind) => ({
        kind,
        activityId: null,
        title: null,
        status: placeholder[kind] ?? "not_started",
      })),
      modules: section.subtopics.map((subtopic, moduleIndex) => ({
        id: subtopic.subtopic_id,
        title: subtopic.title,
        type: DERIVED_MODULE_TYPES[moduleIndex % DERIVED_MODULE_TYPES.length] as ModuleType,
        status: "not_started",
      })),
    };
  });
  return { course: null, chapters, selectedChapterId: chapters[0]?.id ?? null };
}

/** Marks the completed phases the learner skipped; their status, and so the progress, stays as it is. */
export function withSkippedPhases(outline: Outline, skippedActivityIds: ReadonlySet<string>): Outline {
  if (skippedActivityIds.size === 0) return outline;
  return {
    ...outline,
    chapters: outline.chapters.map((chapter) => ({
      ...chapter,
      phases: chapter.phases.map((phase) =>
        phase.activityId && phase.status === "completed" && skippedActivityIds.has(phase.activityId)
          ? { ...phase, skipped: true }
          : phase,
      ),
    })),
  };
}

/** docs/product.md §4: overall progress is the rounded percentage of modules that are completed. */
export function overallProgress(outline: Outline): number {
  const modules = outline.chapters.flatMap((chapter) => chapter.modules);
  if (modules.length === 0) return 0;
  const completed = modules.filter((module) => module.status === "completed").length;
  return Math.round((completed / modules.length) * 100);
}

/** docs/decisions.md §13: quizzes are diagnostic and mastery activities, lessons all activities; 8 / 15 without a course. */
export function outlineCounts(outline: Outline): { quizzes: number; lessons: number } {
  if (!outline.course) return { ...FALLBACK_COUNTS };
  const activities = outline.chapters.flatMap((chapter) => chapter.modules);
  return {
    quizzes: activities.filter((activity) => activity.type === "quiz").length,
    lessons: activities.length,
  };
}

/** docs/decisions.md §11: the first activity that is not completed, in chapter and phase order; null without a course. */
export function resumePoint(outline: Outline): { chapterId: string; kind: PhaseKind } | null {
  if (!outline.course) return null;
  for (const chapter of outline.chapters) {
    const open = chapter.phases.find((phase) => phase.activityId && phase.status !== "completed");
    if (open) return { chapterId: chapter.id, kind: open.kind };
  }
  return null;
}
