import type { Activity, Question } from "../../../src/domain/activity-payload.ts";
import type { Citation } from "../../../src/domain/citation.ts";
import type { Section, Structure } from "../../../src/domain/structure.ts";
import type { Corpus } from "../corpus.ts";
import type { SectionMaterial } from "../material.ts";

export interface TopicBrief {
  title: string;
  description: string | null;
  /**
   * Which version of the structure to write: 0 the first time, one more on every regenerate. A provider
   * writes a different valid structure for each variant (another selection and order, or a sampled
   * model answer), so regenerating never hands back the same structure.
   */
  variant?: number;
}

/** A generated activity with the citations its content rests on (saved as `activity_citations`). */
export type ActivityDraft = Activity & { citations: Citation[] };

/** One chapter of a course: a section of the structure with its six activities in the fixed order. */
export interface ChapterDraft {
  section_id: string;
  title: string;
  summary: string;
  activities: ActivityDraft[];
}

export interface ChapterRequest {
  topic: TopicBrief;
  structure: Structure;
  section: Section;
  /** The sentences of the learner's sources that belong to this section, per subtopic. */
  material: SectionMaterial;
  corpus: Corpus;
  /**
   * Questions a teacher asked to have replaced (docs/teachers.md, "Regenerating one item or one
   * chapter"): a model is told not to ask them again. The offline writer, which is deterministic, reads
   * further in the chapter instead.
   */
  replacing?: ReadonlyArray<Pick<Question, "stem" | "options">>;
}

/** A way to write structures and chapters; both providers produce the same domain schemas. */
export interface GenerationProvider {
  readonly name: "extractive" | "llm";
  structure(topic: TopicBrief, corpus: Corpus): Promise<Structure>;
  chapter(request: ChapterRequest): Promise<ChapterDraft>;
}
