import { randomUUID } from "node:crypto";
import type { SupabaseClient } from "@supabase/supabase-js";
import { beforeAll, describe, expect, it } from "vitest";
import { signIn, stack, uniqueEmail } from "../auth/support.ts";

/**
 * Through the gateway's REST, as a content manager's browser would call it: a topic's generation
 * columns change only through the structure transitions, so parallel starts make one run
 * (20261126005200_topic_generation_columns_by_rpc.sql; issue 25 found two runs for one topic).
 */
const PARALLEL = 8;
let admin: SupabaseClient;
let accessToken = "";
let entityId = "";

beforeAll(async () => {
  const signedIn = await signIn(uniqueEmail("topic-admin"));
  admin = signedIn.client;
  accessToken = signedIn.session.access_token;
  const { data, error } = await admin.rpc("create_entity", { p_name: "Transitions school" });
  if (error) throw error;
  entityId = data as string;
});

async function newPendingTopic(): Promise<string> {
  const id = randomUUID();
  const { error } = await admin
    .from("topics")
    .insert({ id, entity_id: entityId, title: "Race", processing_status: "pending" });
  if (error) throw error;
  return id;
}

const rest = (method: string, path: string, body: unknown) =>
  fetch(`${stack().supabaseUrl}/rest/v1/${path}`, {
    method,
    headers: {
      apikey: stack().anonKey,
      authorization: `Bearer ${accessToken}`,
      "content-type": "application/json",
    },
    body: JSON.stringify(body),
  });

async function statusOf(topicId: string): Promise<string | null> {
  const { data } = await admin.from("topics").select("processing_status").eq("id", topicId).single();
  return data?.processing_status ?? null;
}

describe("a topic's generation columns", () => {
  it(`let ${PARALLEL} parallel starts make exactly one transition`, async () => {
    const topicId = await newPendingTopic();
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, () =>
        rest("POST", "rpc/start_structure_generation", { p_topic_id: topicId }).then(async (response) => ({
          status: response.status,
          body: await response.json(),
        })),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(PARALLEL).fill(200));
    expect(answers.filter((answer) => answer.body === true)).toHaveLength(1);
    expect(await statusOf(topicId)).toBe("generating_structure");
  });

  it("refuse a content manager's direct writes, so a running topic cannot be started again", async () => {
    const topicId = await newPendingTopic();
    await rest("POST", "rpc/start_structure_generation", { p_topic_id: topicId });
    const writes = await Promise.all([
      rest("PATCH", `topics?id=eq.${topicId}`, { processing_status: "pending" }),
      rest("PATCH", `topics?id=eq.${topicId}`, { structure: { sections: "not a list" } }),
      rest("PATCH", `topics?id=eq.${topicId}`, { structure: { title: "Mine", sections: [] } }),
    ]);
    for (const write of writes) {
      expect(write.status).toBe(403);
      expect(await write.json()).toMatchObject({ code: "42501" });
    }
    const restart = await rest("POST", "rpc/start_structure_generation", { p_topic_id: topicId });
    expect(await restart.json()).toBe(false);
    expect(await statusOf(topicId)).toBe("generating_structure");
  });

  it("still let a content manager edit the topic's details", async () => {
    const topicId = await newPendingTopic();
    const renamed = await rest("PATCH", `topics?id=eq.${topicId}`, { title: "Renamed" });
    expect(renamed.status).toBe(204);
  });
});
