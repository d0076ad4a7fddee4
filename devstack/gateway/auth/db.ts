import type pg from "pg";

/** Thrown from a transaction's work to keep its writes (e.g. a failed-attempt count) and still fail. */
export class CommitThenFail extends Error {
  constructor(readonly failure: Error) {
    super(failure.message);
  }
}

/**
 * Runs `work` in one transaction as `supabase_auth_admin`, the role Supabase Auth connects as, so
 * the auth service can reach nothing beyond what hosted Auth can (e.g. triggers on auth.users run
 * exactly as they would there).
 */
export async function authTransaction<T>(
  pool: pg.Pool,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query("begin");
    await client.query("set local role supabase_auth_admin");
    try {
      const result = await work(client);
      await client.query("commit");
      return result;
    } catch (error) {
      if (error instanceof CommitThenFail) {
        await client.query("commit");
        throw error.failure;
      }
      throw error;
    }
  } catch (error) {
    await client.query("rollback").catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}
