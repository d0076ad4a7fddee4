import { z } from "zod";
import { GENERATE_TOPIC_STRUCTURE } from "../../../trigger/schema.ts";
import { issueGrant, triggerStructureGeneration } from "../_shared/generation.ts";
import { postHandler, readBody } from "../_shared/http.ts";
import { databaseError, requireCaller } from "../_shared/supabase.ts";

/** Regenerate (SPEC §4): clears the structure as the caller, then starts the structure task anew. */
const bodySchema = z.object({ topicId: z.uuid() });

Deno.serve(
  postHandler(async (request) => {
    const caller = await requireCaller(request);
    const { topicId } = await readBody(request, bodySchema);
    const grant = await issueGrant(caller, topicId, GENERATE_TOPIC_STRUCTURE);
    const { error } = await caller.client.rpc("regenerate_structure", { p_topic_id: topicId });
    if (error) throw databaseError(error);
    return { runId: await triggerStructureGeneration(topicId, grant) };
  }),
);
