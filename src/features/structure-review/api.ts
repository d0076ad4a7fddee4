import type { SupabaseClient } from "@supabase/supabase-js";
import { z } from "zod";
import { type Structure, structureSchema } from "@/domain/structure.ts";
import { invokeEdgeFunction } from "@/lib/edge-function.ts";

/** The topic columns the review screen reads (SPEC §3) and DECISIONS §4's processing_error. */
const reviewTopicRowSchema = z.object({
  id: z.string(),
  title: z.string(),
  processing_status: z.string().nullable(),
  processing_progress: z.number().nullable(),
  processing_error: z.string().nullable().optional(),
  structure: z.unknown(),
  // 0 for the first structure, one more on each regenerate; absent where the column does not exist yet.
  structure_variant: z.number().int().nonnegative().nullable().optional(),
});

export interface ReviewTopic {
  id: string;
  title: string;
  processingStatus: string | null;
  processingProgress: number | null;
  processingError: string | null;
  structure: Structure | null;
  /** Which generated version the structure is (0 first); null when the topic does not say. */
  structureVariant: number | null;
}

/** SPEC §7: the topic, all columns, by id (single row). */
export async function fetchReviewTopic(client: SupabaseClient, topicId: string): Promise<ReviewTopic> {
  const { data, error } = await client.from("topics").select("*").eq("id", topicId).single();
  if (error) throw new Error(error.message);
  const row = reviewTopicRowSchema.parse(data);
  const structure = row.structure == null ? null : structureSchema.safeParse(row.structure);
  if (structure && !structure.success) console.error("Unreadable topic structure:", structure.error);
  return {
    id: row.id,
    title: row.title,
    processingStatus: row.processing_status,
    processingProgress: row.processing_progress,
    processingError: row.processing_error ?? null,
    structure: structure?.success ? structure.data : null,
    structureVariant: row.structure_variant ?? null,
  };
}

const startAnswerSchema = z.object({ started: z.boolean(), runId: z.string().optional() });

/** The conditional start of SPEC §4, done server-side: it starts only from an empty or pending status. */
export function startStructureGeneration(client: SupabaseClient, topicId: string) {
  return invokeEdgeFunction(client, "start-structure-generation", { topicId }, startAnswerSchema);
}

export async function acceptStructure(client: SupabaseClient, topicId: string, structure: Structure) {
  await invokeEdgeFunction(client, "accept-structure", { topicId, structure }, z.unknown());
}

export async function regenerateStructure(client: SupabaseClient, topicId: string) {
  await invokeEdgeFunction(client, "regenerate-structure", { topicId }, z.unknown());
}

/** SPEC §9: signed URLs live 60 s. */
export const SIGNED_URL_SECONDS = 60;

/** A short-lived link to a learner's own file in the private `sources` bucket. */
export async function signSourceFile(client: SupabaseClient, filePath: string): Promise<string> {
  const { data, error } = await client.storage.from("sources").createSignedUrl(filePath, SIGNED_URL_SECONDS);
  if (error) throw error;
  return data.signedUrl;
}
