import { z } from "zod";
import { generationTaskSchema } from "../_shared/domain/tasks.ts";
import { claimGeneration, createTriggerToken, issueGrant } from "../_shared/generation.ts";
import { postHandler, readBody } from "../_shared/http.ts";
import { requireCaller } from "../_shared/supabase.ts";

/**
 * A one-time public trigger token for one generation task, with the grant the task demands: the token
 * lets the browser start the task, the grant lets the task accept it for this topic and user. A token
 * is a generation started, so it is counted against the caller's limits first; a structure token is
 * only given to the caller whose start moved the topic to generating, so it can never start a second
 * structure run beside one already under way.
 */
const bodySchema = z.object({
  taskName: generationTaskSchema,
  topicId: z.uuid(),
});

Deno.serve(
  postHandler(async (request) => {
    const caller = await requireCaller(request);
    const { taskName, topicId } = await readBody(request, bodySchema);
    const grant = await issueGrant(caller, topicId, taskName);
    await claimGeneration(caller, topicId, taskName);
    return { token: await createTriggerToken(taskName), grant };
  }),
);
