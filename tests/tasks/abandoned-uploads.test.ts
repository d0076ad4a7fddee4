import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { removeOrphanedFiles } from "../../trigger/orphaned-files.ts";
import { removeAbandonedUploads } from "../../trigger/sweep.ts";
import { database, signIn, stack, uniqueEmail } from "../support/clients.ts";

/**
 * A tab closed mid-upload leaves a pending topic without sources (the form adds the sources last). The
 * sweep removes it once its draft has long expired, and the file cleanup removes what was uploaded; a
 * recent one is left for the form to finish.
 */
let db: pg.Client;
let creator: { client: SupabaseClient; id: string };
let entityId: string;
const service = () =>
  createClient(stack().supabaseUrl, stack().serviceRoleKey, { auth: { persistSession: false } });

beforeAll(async () => {
  db = await database();
  const signedIn = await signIn(uniqueEmail("abandoned-upload"));
  creator = { client: signedIn.client, id: signedIn.session.user.id };
  const entity = await db.query<{ id: string }>(
    "insert into public.core_entities (name) values ('Abandoned uploads school') returning id",
  );
  entityId = entity.rows[0]?.id as string;
  await db.query(
    "insert into public.core_memberships (entity_id, user_id, member_role, status) values ($1, $2, 'creator', 'active')",
    [entityId, creator.id],
  );
});
afterAll(() => db.end());

/** What the new-topic form has written when the tab closes: the pending topic and one uploaded file. */
async function uploadInterrupted(title: string): Promise<{ topicId: string; file: string }> {
  const topic = await creator.client
    .from("topics")
    .insert({ entity_id: entityId, title, created_by: creator.id, processing_status: "pending" })
    .select("id")
    .single();
  expect(topic.error).toBeNull();
  const topicId = topic.data?.id as string;
  const file = `${entityId}/${topicId}/notes.txt`;
  const upload = await creator.client.storage
    .from("sources")
    .upload(file, new Blob(["Rivers carry sand."], { type: "text/plain" }));
  expect(upload.error).toBeNull();
  return { topicId, file };
}

/** Moves the topic's last change into the past (past the trigger that keeps updated_at current). */
async function backdate(topicId: string, interval: string) {
  await db.query("begin");
  await db.query("set local session_replication_role = replica");
  await db.query("update public.topics set updated_at = now() - $2::interval where id = $1", [
    topicId,
    interval,
  ]);
  await db.query("commit");
}

async function exists(sql: string, value: string): Promise<boolean> {
  return ((await db.query(sql, [value])).rowCount ?? 0) > 0;
}

describe("the sweep of abandoned uploads", () => {
  it("removes a pending topic without sources two days on, with its uploaded file", async () => {
    const abandoned = await uploadInterrupted("Closed mid-upload");
    const recent = await uploadInterrupted("Still uploading");
    await backdate(abandoned.topicId, "3 days");

    const removed = await removeAbandonedUploads(service());

    expect(removed).toContain(abandoned.topicId);
    expect(removed).not.toContain(recent.topicId);
    expect(await exists("select 1 from public.topics where id = $1", recent.topicId)).toBe(true);
    await removeOrphanedFiles(service());
    const object = "select 1 from storage.objects where bucket_id = 'sources' and name = $1";
    expect(await exists(object, abandoned.file)).toBe(false);
    expect(await exists(object, recent.file)).toBe(true);
  });
});
