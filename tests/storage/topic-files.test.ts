import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { removeOrphanedFiles } from "../../trigger/orphaned-files.ts";
import { database, signIn, stack, uniqueEmail } from "../support/clients.ts";

/**
 * The product's buckets: a deleted topic's source files are removed by the cleanup task (they used
 * to outlive the topic, undeletable even by its creator), and the public assets bucket takes no SVG.
 */
let db: pg.Client;
let creator: { client: SupabaseClient; id: string };
let entityId: string;

beforeAll(async () => {
  db = await database();
  const signedIn = await signIn(uniqueEmail("topic-files"));
  creator = { client: signedIn.client, id: signedIn.session.user.id };
  const entity = await db.query<{ id: string }>(
    "insert into public.core_entities (name) values ('Topic files school') returning id",
  );
  entityId = entity.rows[0]?.id as string;
  await db.query(
    "insert into public.core_memberships (entity_id, user_id, member_role, status) values ($1, $2, 'creator', 'active')",
    [entityId, creator.id],
  );
});
afterAll(() => db.end());

async function objectCount(name: string): Promise<number> {
  const { rows } = await db.query<{ count: number }>(
    "select count(*)::int as count from storage.objects where bucket_id = 'sources' and name = $1",
    [name],
  );
  return rows[0]?.count ?? 0;
}

describe("files of a deleted topic", () => {
  it("are removed from Storage by the cleanup task", async () => {
    const topic = await creator.client
      .from("topics")
      .insert({ entity_id: entityId, title: "Short-lived", created_by: creator.id })
      .select("id")
      .single();
    expect(topic.error).toBeNull();
    const name = `${entityId}/${topic.data?.id}/notes.txt`;
    const upload = await creator.client.storage
      .from("sources")
      .upload(name, new Blob(["Rivers carry sand."], { type: "text/plain" }));
    expect(upload.error).toBeNull();

    const deleted = await creator.client
      .from("topics")
      .delete()
      .eq("id", topic.data?.id as string);
    expect(deleted.error).toBeNull();
    expect(await objectCount(name)).toBe(1);

    const service = createClient(stack().supabaseUrl, stack().serviceRoleKey, {
      auth: { persistSession: false },
    });
    const { removed } = await removeOrphanedFiles(service);
    expect(removed).toBeGreaterThanOrEqual(1);
    expect(await objectCount(name)).toBe(0);
    const queued = await db.query("select 1 from private.orphaned_files where object_name = $1", [name]);
    expect(queued.rowCount).toBe(0);
  });
});

describe("the public assets bucket", () => {
  it("refuses SVG, which could carry script served from the product's storage", async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
    const result = await creator.client.storage
      .from("assets")
      .upload(`${entityId}/thumb.svg`, new Blob([svg], { type: "image/svg+xml" }));
    expect(result.error).toMatchObject({ statusCode: "415" });
    const png = await creator.client.storage
      .from("assets")
      .upload(`${entityId}/thumb.png`, new Blob([new Uint8Array([137, 80, 78, 71])], { type: "image/png" }));
    expect(png.error).toBeNull();
  });
});
