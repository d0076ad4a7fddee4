import type { SupabaseClient } from "@supabase/supabase-js";
import { z } from "zod";
import { GENERATE_TOPIC_STRUCTURE } from "../../../trigger/schema.ts";
import { hasLiveStructureRun, issueGrant, triggerStructureGeneration } from "../_shared/generation.ts";
import { postHandler, readBody } from "../_shared/http.ts";
import { databaseError, requireCaller } from "../_shared/supabase.ts";

/**
 * The review screen's first visit (SPEC §4): moves a pending topic to generating_structure as the
 * caller and starts the task. A topic left generating without a live run (its run was lost) is started
 * again, so it never stays "generating" forever (DECISIONS §4).
 */
const bodySchema = z.object({ topicId: z.uuid() });
const GENERATING: (string | null)[] = ["generating_structure", "generating_structue"];

Deno.serve(
  postHandler(async (request) => {
    const caller = await requireCaller(request);
    const { topicId } = await readBody(request, bodySchema);
    const grant = await issueGrant(caller, topicId, GENERATE_TOPIC_STRUCTURE);
    const transition = await caller.client.rpc("start_structure_generation", { p_topic_id: topicId });
    if (transition.error) throw databaseError(transition.error);
    if (transition.data !== true && !(await isStalled(caller.client, topicId))) return { started: false };
    return { started: true, runId: await triggerStructureGeneration(topicId, grant) };
  }),
);

async function isStalled(client: SupabaseClient, topicId: string): Promise<boolean> {
  const topic = await client
    .from("topics")
    .select("processing_status, structure")
    .eq("id", topicId)
    .maybeSingle();
  if (topic.error) throw databaseError(topic.error);
  const generating = GENERATING.includes(topic.data?.processing_status) && topic.data?.structure === null;
  return generating && !(await hasLiveStructureRun(topicId));
}
