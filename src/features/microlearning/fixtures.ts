import type { PracticeCard, Question, StudyBlock } from "@/domain/activity-payload.ts";
import type { OutlineRpc, ProgressStatus } from "@/domain/outline.ts";
import { PHASE_KINDS, type PhaseKind } from "@/domain/phase.ts";
import type { Structure } from "@/domain/structure.ts";
import type { Topic } from "@/lib/topics/api";

/** Test data for the micro-learning screens: a topic on rivers with a two-chapter course. */

export const CHAPTER_1 = "5f0c3a52-1111-4aaa-8bbb-000000000001";
export const CHAPTER_2 = "5f0c3a52-2222-4aaa-8bbb-000000000002";

export const structure: Structure = {
  title: "Rivers",
  description: "",
  sections: [
    {
      section_id: "s1",
      title: "Sources",
      description: "Where rivers begin",
      subtopics: [
        {
          subtopic_id: "springs",
          title: "Springs",
          description: "Ground water",
          key_points: ["a", "b", "c"],
          citations: [],
        },
        {
          subtopic_id: "glaciers",
          title: "Glaciers",
          description: "Melt water",
          key_points: [],
          citations: [],
        },
      ],
    },
    { section_id: "s2", title: "Deltas", description: "Where rivers end", subtopics: [] },
  ],
};

export function topicRow(overrides: Partial<Topic> = {}): Topic {
  return {
    id: "topic-1",
    entity_id: "entity-1",
    module_id: null,
    title: "Rivers of Europe",
    description: null,
    level: "HAVO 3",
    thumbnail_image_url: null,
    processing_status: "completed",
    processing_progress: 100,
    visibility: "entity",
    created_at: "2025-03-07T12:00:00Z",
    updated_at: "2025-04-02T12:00:00Z",
    subject: { id: "5eb1ec70-0000-4000-8000-000000000001", title: "Geography" },
    created_by: null,
    structure,
    processing_error: null,
    suggested_metadata: null,
    ...overrides,
  };
}

export const activityId = (chapterId: string, kind: PhaseKind) => `${chapterId}-${kind}`;

export function outlineRpc(statuses: Partial<Record<string, ProgressStatus>> = {}): OutlineRpc {
  return {
    course: {
      id: "course-1",
      title: "Rivers of Europe",
      published_at: null,
      created_at: "2025-04-01T10:00:00Z",
      created_by: "00000000-0000-4000-8000-000000000001",
    },
    chapters: [CHAPTER_1, CHAPTER_2].map((chapterId, index) => ({
      id: chapterId,
      title: index === 0 ? "Sources" : "Deltas",
      summary: null,
      position: index + 1,
      section_id: index === 0 ? "s1" : "s2",
      activities: PHASE_KINDS.map((kind, position) => ({
        id: activityId(chapterId, kind),
        kind,
        title: kind === "study" ? `Studie ${index + 1}: de kern` : null,
        position,
        status: statuses[activityId(chapterId, kind)] ?? "not_started",
      })),
    })),
  };
}

export function question(id: string, subtopic: string, correct: number, explanation = ""): Question {
  return {
    id,
    stem: `Vraag over ${subtopic}?`,
    options: [`${subtopic} A`, `${subtopic} B`, `${subtopic} C`],
    correct_option: correct,
    explanation,
    difficulty: "medium",
    subtopic_id: subtopic,
    citations: [],
  };
}

export function studyBlock(type: StudyBlock["type"], content: string, subtopic: string | null): StudyBlock {
  return {
    type,
    content,
    question: type === "qa" ? { stem: `${content}?`, answer: `${content}!` } : null,
    subtopic_id: subtopic,
    citations: [],
  };
}

export function practiceCard(id: string, subtopic: string, hint: string | null = null): PracticeCard {
  return { id, q: `Wat is ${id}?`, a: `${id} is water.`, hint, subtopic_id: subtopic, citations: [] };
}
