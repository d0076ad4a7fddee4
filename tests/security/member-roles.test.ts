import { randomUUID } from "node:crypto";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTH_USER_FILLERS } from "../support/auth-users.ts";
import { database } from "../support/clients.ts";

/**
 * An organisation keeps at least one active admin even when its two admins demote each other at the
 * same moment (docs/security.md "Roles"): change_member_role locks the organisation's memberships, so the
 * second call waits for the first and then finds its caller no longer an admin. Two real connections,
 * each signed in as one admin the way PostgREST signs a request in.
 */
let db: pg.Client;

beforeAll(async () => {
  db = await database();
});
afterAll(() => db.end());

async function user(): Promise<string> {
  const id = randomUUID();
  await db.query(
    `insert into auth.users (id, aud, role, email, ${AUTH_USER_FILLERS.columns})
     values ($1, 'authenticated', 'authenticated', $2, ${AUTH_USER_FILLERS.values})`,
    [id, `roles.${id.slice(0, 8)}@security.studymap.test`],
  );
  return id;
}

async function organisationWithTwoAdmins() {
  const entity = await db.query<{ id: string }>(
    "insert into public.core_entities (name) values ('Two admins school') returning id",
  );
  const entityId = entity.rows[0]?.id as string;
  const admins = [];
  for (const userId of [await user(), await user()]) {
    const membership = await db.query<{ id: string }>(
      `insert into public.core_memberships (entity_id, user_id, member_role, status)
       values ($1, $2, 'admin', 'active') returning id`,
      [entityId, userId],
    );
    admins.push({ userId, membershipId: membership.rows[0]?.id as string });
  }
  return { entityId, admins };
}

/** A connection in an open transaction, as the user (PostgREST's role and JWT claims). */
async function signedInTransaction(userId: string): Promise<pg.Client> {
  const connection = await database();
  await connection.query("begin");
  await connection.query("select set_config('role', 'authenticated', true)");
  await connection.query("select set_config('request.jwt.claims', $1, true)", [
    JSON.stringify({ sub: userId, role: "authenticated" }),
  ]);
  return connection;
}

const demote = (connection: pg.Client, membershipId: string) =>
  connection.query("select public.change_member_role($1, 'member')", [membershipId]);

describe("two admins demoting each other at once", () => {
  it("leaves one admin: the second change waits for the first, then is refused", async () => {
    const { entityId, admins } = await organisationWithTwoAdmins();
    const [first, second] = admins as [(typeof admins)[number], (typeof admins)[number]];
    const a = await signedInTransaction(first.userId);
    const b = await signedInTransaction(second.userId);
    try {
      await demote(a, second.membershipId);
      const waiting = demote(b, first.membershipId).then(
        () => "changed",
        (error: { code?: string }) => error.code,
      );
      // Still waiting on the first transaction's locks.
      expect(
        await Promise.race([waiting, new Promise((done) => setTimeout(() => done("waiting"), 300))]),
      ).toBe("waiting");
      await a.query("commit");
      expect(await waiting).toBe("42501");
      await b.query("rollback");
    } finally {
      await Promise.all([a.end(), b.end()]);
    }
    const left = await db.query(
      "select user_id from public.core_memberships where entity_id = $1 and member_role = 'admin' and status = 'active'",
      [entityId],
    );
    expect(left.rows).toEqual([{ user_id: first.userId }]);
  });
});
