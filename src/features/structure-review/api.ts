import { z } from "zod";
import { sourceKindSchema } from "@/domain/source-files.ts";
import { type Structure, structureSchema } from "@/domain/structure.ts";
import type { StudymapClient } from "@/lib/database";
import { invokeEdgeFunction } from "@/lib/edge-function.ts";
import type { ReviewSource } from "./source-recognition.ts";

export interface ReviewTopic {
  id: string;
  title: string;
  processingStatus: string | null;
  processingProgress: number | null;
  processingError: string | null;
  structure: Structure | null;
  /** Which generated version the structure is (0 first); null when the topic does not say. */
  structureVariant: number | null;
  /** What wrote the structure: a model's name or "Offline generator"; null when not recorded. */
  structureGenerator: string | null;
  entityId: string;
}

/** The topic, all columns, by id (single row), as the product rules ask (docs/product.md). */
export async function fetchReviewTopic(client: StudymapClient, topicId: string): Promise<ReviewTopic> {
  const { data: row, error } = await client.from("topics").select("*").eq("id", topicId).single();
  if (error) throw new Error(error.message);
  const structure = row.structure == null ? null : structureSchema.safeParse(row.structure);
  if (structure && !structure.success) console.error("Unreadable topic structure:", structure.error);
  return {
    id: row.id,
    title: row.title,
    processingStatus: row.processing_status,
    processingProgress: row.processing_progress,
    processingError: row.processing_error,
    structure: structure?.success ? structure.data : null,
    structureVariant: row.structure_variant,
    structureGenerator: row.structure_generator,
    entityId: row.entity_id,
  };
}

/**
 * The topic's sources in the order they were added, with the pages whose text was recognised from
 * images. RLS lets everyone who can read the topic read its sources (supabase/migrations, topic_sources).
 */
export async function fetchTopicSources(client: StudymapClient, topicId: string): Promise<ReviewSource[]> {
  const { data, error } = await client
    .from("topic_sources")
    .select("id, kind, file_name, file_path, source_url, status, error, ocr_pages, ocr_low_confidence_pages")
    .eq("topic_id", topicId)
    .order("created_at")
    .order("id");
  if (error) throw new Error(error.message);
  return data.flatMap((row) => {
    const kind = sourceKindSchema.safeParse(row.kind);
    if (!kind.success) return [];
    return [
      {
        id: row.id,
        kind: kind.data,
        name: row.file_name,
        filePath: row.file_path,
        sourceUrl: row.source_url,
        status: row.status,
        error: row.error,
        ocrPages: row.ocr_pages ?? [],
        ocrLowConfidencePages: row.ocr_low_confidence_pages ?? [],
      },
    ];
  });
}

/**
 * Whether the signed-in learner may regenerate or accept the topic's structure. The database decides
 * (the can_manage_topic RPC the edge functions ask too), so the screen never offers what they refuse.
 */
export async function fetchCanManageTopic(client: StudymapClient, topicId: string): Promise<boolean> {
  const { data, error } = await client.rpc("can_manage_topic", { p_topic_id: topicId });
  if (error) throw new Error(error.message);
  return data === true;
}

const startAnswerSchema = z.object({ started: z.boolean(), runId: z.string().optional() });

/** The conditional start of docs/product.md §4, done server-side: it starts only from an empty or pending status. */
export function startStructureGeneration(client: StudymapClient, topicId: string) {
  return invokeEdgeFunction(client, "start-structure-generation", { topicId }, startAnswerSchema);
}

export async function acceptStructure(client: StudymapClient, topicId: string, structure: Structure) {
  await invokeEdgeFunction(client, "accept-structure", { topicId, structure }, z.unknown());
}

export async function regenerateStructure(client: StudymapClient, topicId: string) {
  await invokeEdgeFunction(client, "regenerate-structure", { topicId }, z.unknown());
}

/** docs/product.md §9: signed URLs live 60 s. */
export const SIGNED_URL_SECONDS = 60;

/** A short-lived link to a learner's own file in the private `sources` bucket. */
export async function signSourceFile(client: StudymapClient, filePath: string): Promise<string> {
  const { data, error } = await client.storage.from("sources").createSignedUrl(filePath, SIGNED_URL_SECONDS);
  if (error) throw error;
  return data.signedUrl;
}
