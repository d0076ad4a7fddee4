import { z } from "zod";
import { GENERATE_TOPIC_STRUCTURE } from "../_shared/domain/tasks.ts";
import { issueGrant, startStructureTransition, triggerStructureGeneration } from "../_shared/generation.ts";
import { postHandler, readBody } from "../_shared/http.ts";
import { requireCaller } from "../_shared/supabase.ts";

/**
 * The review screen's first visit: moves a pending topic to generating_structure as the caller and
 * starts the task. Only the call whose conditional transition wins starts a run, so a second visit (or
 * a second tab) never starts another one. A topic whose run was lost is failed by the sweep
 * (trigger/sweep-stalled-generation.ts) and restarted with Regenerate, never by a visit.
 */
const bodySchema = z.object({ topicId: z.uuid() });

Deno.serve(
  postHandler(async (request) => {
    const caller = await requireCaller(request);
    const { topicId } = await readBody(request, bodySchema);
    const grant = await issueGrant(caller, topicId, GENERATE_TOPIC_STRUCTURE);
    if (!(await startStructureTransition(caller, topicId))) return { started: false };
    return { started: true, runId: await triggerStructureGeneration(caller, topicId, grant) };
  }),
);
