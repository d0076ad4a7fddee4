import { z } from "zod";

/** The kinds of `topic_sources` a learner can add; `pasted` has text and `url` an address instead of a file. */
export const SOURCE_KINDS = ["pdf", "docx", "pptx", "image", "url", "markdown", "text", "pasted"] as const;
export const sourceKindSchema = z.enum(SOURCE_KINDS);
export type SourceKind = z.infer<typeof sourceKindSchema>;
export type SourceFileKind = Exclude<SourceKind, "pasted" | "url">;
