import { z } from "zod";
import { structureSchema } from "../_shared/domain/structure.ts";
import { postHandler, readBody } from "../_shared/http.ts";
import { databaseError, requireCaller } from "../_shared/supabase.ts";

/** Accept Structure (docs/product.md §4): saves the reviewed structure and completes the topic, as the caller. */
const bodySchema = z.object({
  topicId: z.uuid(),
  structure: structureSchema,
});

Deno.serve(
  postHandler(async (request) => {
    const { client } = await requireCaller(request);
    const { topicId, structure } = await readBody(request, bodySchema);
    const { error } = await client.rpc("accept_structure", { p_topic_id: topicId, p_structure: structure });
    if (error) throw databaseError(error);
    return { accepted: true };
  }),
);
