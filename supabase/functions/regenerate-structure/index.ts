import { z } from "zod";
import { GENERATE_TOPIC_STRUCTURE } from "../_shared/domain/tasks.ts";
import { issueGrant, triggerStructureGeneration } from "../_shared/generation.ts";
import { postHandler, readBody } from "../_shared/http.ts";
import { databaseError, requireCaller } from "../_shared/supabase.ts";

/**
 * Regenerate: clears the structure as the caller and starts the structure task for the next variant, so
 * the new structure differs from the old. Refused with 409 while a structure is still being generated,
 * and with 429 over the caller's generation limits; both decided by the database.
 */
const bodySchema = z.object({ topicId: z.uuid() });
const variantSchema = z.number().int().nonnegative();

Deno.serve(
  postHandler(async (request) => {
    const caller = await requireCaller(request);
    const { topicId } = await readBody(request, bodySchema);
    const grant = await issueGrant(caller, topicId, GENERATE_TOPIC_STRUCTURE);
    const { data, error } = await caller.client.rpc("regenerate_structure", { p_topic_id: topicId });
    if (error) throw databaseError(error);
    const variant = variantSchema.parse(data);
    return { runId: await triggerStructureGeneration(caller, topicId, grant), variant };
  }),
);
