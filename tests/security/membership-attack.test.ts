import type { SupabaseClient } from "@supabase/supabase-js";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { database, signIn, uniqueEmail } from "../support/clients.ts";

/**
 * The membership attack of the security review, replayed over HTTP with supabase-js against the local
 * stack: a fresh account creates an organisation, then tries to make a stranger a member to read the
 * stranger's profile; a deactivated member tries to keep reading her former entity's topic and files.
 * Each attempt must be refused with a 4xx status (a client error), never a 5xx.
 */

interface Account {
  id: string;
  email: string;
  client: SupabaseClient;
}

let db: pg.Client;
let attacker: Account;
let victim: Account;
let admin: Account;
let member: Account;
let schoolId: string;
let publicTopicId: string;
let privateTopicId: string;
let privateFile: string;
const createdEntities: string[] = [];

async function account(label: string): Promise<Account> {
  const email = uniqueEmail(label);
  const { client, session } = await signIn(email);
  return { id: session.user.id, email, client };
}

function expectClientError(result: { status: number; error: unknown }, status: number) {
  expect(result.error, "the request should be refused").not.toBeNull();
  expect(result.status).toBe(status);
}

beforeAll(async () => {
  db = await database();
  [attacker, victim, admin, member] = await Promise.all([
    account("attacker"),
    account("victim"),
    account("admin"),
    account("member"),
  ]);

  // The victim's school, written as the owner would seed it: the victim creates public topics there.
  const school = await db.query<{ id: string }>(
    "insert into public.core_entities (name, kind) values ('Victim School', 'school') returning id",
  );
  schoolId = school.rows[0]?.id as string;
  await db.query(
    `insert into public.core_memberships (entity_id, user_id, member_role, status)
     values ($1, $2, 'creator', 'active'), ($1, $3, 'admin', 'active'), ($1, $4, 'member', 'active')`,
    [schoolId, victim.id, admin.id, member.id],
  );
  const topics = await db.query<{ id: string; visibility: string }>(
    `insert into public.topics (entity_id, created_by, title, visibility)
     values ($1, $2, 'Volcanoes', 'public'), ($1, $2, 'Exam answers', 'entity')
     returning id, visibility`,
    [schoolId, victim.id],
  );
  publicTopicId = topics.rows.find((row) => row.visibility === "public")?.id as string;
  privateTopicId = topics.rows.find((row) => row.visibility === "entity")?.id as string;
  await db.query(
    `insert into public.topic_sources (topic_id, kind, file_name, pasted_text, created_by)
     values ($1, 'pasted', 'answers.txt', 'The answer is 42', $2)`,
    [privateTopicId, victim.id],
  );

  privateFile = `${schoolId}/${privateTopicId}/answers.txt`;
  const upload = await admin.client.storage
    .from("sources")
    .upload(privateFile, new Blob(["The answer is 42"], { type: "text/plain" }));
  expect(upload.error).toBeNull();
});

afterAll(async () => {
  const entities = [schoolId, ...createdEntities].filter(Boolean);
  await db?.query("delete from storage.objects where bucket_id = 'sources' and name like $1", [
    `${schoolId}/%`,
  ]);
  await db?.query("delete from public.core_entities where id = any($1::uuid[])", [entities]);
  const users = [attacker, victim, admin, member].filter(Boolean).map((user) => user.id);
  await db?.query("delete from auth.users where id = any($1::uuid[])", [users]);
  await db?.end();
});

describe("planting a membership on a stranger", () => {
  let attackEntity: string;

  beforeAll(async () => {
    const created = await attacker.client.rpc("create_entity", { p_name: "Totally Legit Org" });
    expect(created.error).toBeNull();
    attackEntity = created.data as string;
    createdEntities.push(attackEntity);
  });

  it("finds the victim's id where the attack found it: created_by of a public topic", async () => {
    const { data } = await attacker.client.from("topics").select("created_by").eq("id", publicTopicId);
    expect(data).toEqual([{ created_by: victim.id }]);
  });

  it.each(["active", "invited", "inactive"])(
    "refuses an %s membership naming the victim with 403",
    async (status) => {
      const result = await attacker.client
        .from("core_memberships")
        .insert({ entity_id: attackEntity, user_id: victim.id, member_role: "admin", status });
      expectClientError(result, 403);
      expect(result.error?.code).toBe("42501");
    },
  );

  it("answers an unknown user id exactly as a real one, so ids cannot be probed", async () => {
    const plant = (userId: string) =>
      attacker.client
        .from("core_memberships")
        .insert({ entity_id: attackEntity, user_id: userId, status: "active" });
    const [unknown, known] = await Promise.all([plant(crypto.randomUUID()), plant(victim.id)]);
    expectClientError(unknown, 403);
    expect({ status: unknown.status, error: unknown.error }).toEqual({
      status: known.status,
      error: known.error,
    });
  });

  it("lets the attacker only invite, and refuses binding the invitation to the victim", async () => {
    const invited = await attacker.client.rpc("invite_member", {
      p_entity_id: attackEntity,
      p_email: victim.email,
    });
    expect(invited.error).toBeNull();
    const bound = await attacker.client
      .from("core_memberships")
      .update({ user_id: victim.id, status: "active" })
      .eq("id", invited.data as string);
    expectClientError(bound, 403);
  });

  it("leaves the victim with an invitation only, and her profile closed to the attacker", async () => {
    const memberships = await victim.client.rpc("get_user_memberships", { p_auth_user_id: victim.id });
    expect(memberships.error).toBeNull();
    const inAttackEntity = (memberships.data as { entity_id: string; status: string }[]).filter(
      (row) => row.entity_id === attackEntity,
    );
    expect(inAttackEntity.map((row) => row.status)).toEqual(["invited"]);

    const profile = await attacker.client.from("profiles").select("email, preferences").eq("id", victim.id);
    expect(profile).toMatchObject({ status: 200, data: [] });
  });
});

describe("user mistakes are client errors", () => {
  it("answers an unknown invitation with 404", async () => {
    const result = await attacker.client.rpc("accept_invitation", { p_membership_id: crypto.randomUUID() });
    expectClientError(result, 404);
  });

  it("refuses oversized preferences with 400", async () => {
    const result = await member.client
      .from("profiles")
      .update({ preferences: { blob: "x".repeat(20 * 1024) } })
      .eq("id", member.id);
    expectClientError(result, 400);
    expect(result.error?.code).toBe("23514");
  });

  it("limits create_entity to five a day with 429", async () => {
    const outcomes: number[] = [];
    for (let n = 0; n < 6; n++) {
      const result = await victim.client.rpc("create_entity", { p_name: `Spam ${n}` });
      if (typeof result.data === "string") createdEntities.push(result.data);
      outcomes.push(result.status);
    }
    expect(outcomes).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe("a deactivated member", () => {
  it("reads the topic, its source and its file while active", async () => {
    const subscribed = await member.client
      .from("topic_subscriptions")
      .insert({ topic_id: privateTopicId, entity_id: schoolId, entity_kind: "school" });
    expect(subscribed.error).toBeNull();
    expect((await member.client.from("topics").select("id").eq("id", privateTopicId)).data).toHaveLength(1);
    expect(
      (await member.client.from("topic_sources").select("pasted_text").eq("topic_id", privateTopicId)).data,
    ).toEqual([{ pasted_text: "The answer is 42" }]);
    const signed = await member.client.storage.from("sources").createSignedUrl(privateFile, 60);
    expect(signed.error).toBeNull();
  });

  it("loses all of it the moment an admin deactivates her, subscription or not", async () => {
    const membership = await admin.client
      .from("core_memberships")
      .update({ status: "inactive" })
      .eq("entity_id", schoolId)
      .eq("user_id", member.id)
      .select("status");
    expect(membership.data).toEqual([{ status: "inactive" }]);

    expect((await member.client.from("topics").select("id").eq("id", privateTopicId)).data).toEqual([]);
    expect(
      (await member.client.from("topic_sources").select("id").eq("topic_id", privateTopicId)).data,
    ).toEqual([]);
    const download = await member.client.storage.from("sources").download(privateFile);
    expect(download.error).not.toBeNull();
    const signed = await member.client.storage.from("sources").createSignedUrl(privateFile, 365 * 24 * 3600);
    expect(signed.data).toBeNull();
    expect(signed.error).not.toBeNull();
    expect((signed.error as { status?: number }).status ?? 400).toBeLessThan(500);
  });

  it("cannot be re-activated by the admin; only a new invitation she accepts brings her back", async () => {
    const reactivated = await admin.client
      .from("core_memberships")
      .update({ status: "active" })
      .eq("entity_id", schoolId)
      .eq("user_id", member.id);
    expectClientError(reactivated, 403);
  });

  it("still reads public topics like anyone signed in", async () => {
    expect((await member.client.from("topics").select("id").eq("id", publicTopicId)).data).toHaveLength(1);
  });
});
