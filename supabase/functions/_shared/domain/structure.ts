// Generated from src/domain/structure.ts by scripts/functions-domain.ts: edit that file, then run
// `npm run functions:domain` (the edge functions deploy only what lives under supabase/functions).
import { z } from "zod";
import { citationSchema } from "./citation.ts";

/** docs/product.md §3: a subtopic of a section, grounded by its citations (none for a topic without sources). */
export const subtopicSchema = z.object({
  subtopic_id: z.string().min(1),
  title: z.string().min(1),
  description: z.string(),
  key_points: z.array(z.string()),
  citations: z.array(citationSchema),
});
export type Subtopic = z.infer<typeof subtopicSchema>;

/** docs/product.md §3: a section of the learning structure; each becomes one chapter ("Onderdeel") of a course. */
export const sectionSchema = z.object({
  section_id: z.string().min(1),
  title: z.string().min(1),
  description: z.string(),
  subtopics: z.array(subtopicSchema),
});
export type Section = z.infer<typeof sectionSchema>;

/** docs/product.md §3: the learning structure stored in `topics.structure`. */
export const structureSchema = z.object({
  title: z.string().min(1),
  description: z.string(),
  sections: z.array(sectionSchema),
});
export type Structure = z.infer<typeof structureSchema>;

/** Every citation of a structure, in reading order. */
export function structureCitations(structure: Structure) {
  return structure.sections.flatMap((section) => section.subtopics.flatMap((subtopic) => subtopic.citations));
}
