import { randomUUID } from "node:crypto";
import pg from "pg";

/** A content manager and a topic of their own entity, with unique ids so tests can run side by side. */
export interface TopicFixture {
  entityId: string;
  creatorId: string;
  topicId: string;
  /** Removes everything the fixture created (the entity's rows go with it). */
  remove(): Promise<void>;
}

export async function connect(databaseUrl: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  return client;
}

/** Creates the fixture as the database owner, as a migration or the service role would. */
export async function createTopicFixture(owner: pg.Client): Promise<TopicFixture> {
  const entityId = randomUUID();
  const creatorId = randomUUID();
  const topicId = randomUUID();
  await owner.query("insert into auth.users (id, email) values ($1, $2)", [
    creatorId,
    `creator-${creatorId}@db-tests.studymap.test`,
  ]);
  await owner.query(
    "insert into public.core_entities (id, name, kind) values ($1, 'Race School', 'school')",
    [entityId],
  );
  await owner.query(
    "insert into public.core_memberships (entity_id, user_id, member_role, status) values ($1, $2, 'creator', 'active')",
    [entityId, creatorId],
  );
  await owner.query(
    "insert into public.topics (id, entity_id, created_by, title, processing_status) values ($1, $2, $3, 'Race', 'pending')",
    [topicId, entityId, creatorId],
  );
  return {
    entityId,
    creatorId,
    topicId,
    remove: async () => {
      await owner.query("delete from public.core_entities where id = $1", [entityId]);
      await owner.query("delete from auth.users where id = $1", [creatorId]);
    },
  };
}

/** Opens a transaction that runs as the signed-in user, exactly as PostgREST sets up a request. */
export async function beginAsUser(client: pg.Client, userId: string): Promise<void> {
  await client.query("begin");
  await client.query(
    "select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)",
    [JSON.stringify({ sub: userId, role: "authenticated", aud: "authenticated" })],
  );
}

/** Resolves once `pid` waits for a lock held by another transaction. */
export async function waitUntilBlocked(observer: pg.Client, pid: number): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const { rows } = await observer.query<{ waiting: boolean }>(
      "select wait_event_type = 'Lock' as waiting from pg_stat_activity where pid = $1",
      [pid],
    );
    if (rows[0]?.waiting) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`backend ${pid} never waited for the lock`);
}

export async function backendPid(client: pg.Client): Promise<number> {
  const { rows } = await client.query<{ pid: number }>("select pg_backend_pid() as pid");
  return rows[0]?.pid as number;
}
