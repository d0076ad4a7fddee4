import pg from "pg";
import { describe, expect, it } from "vitest";
import { beginRequest, prepared } from "./db-session.ts";

function recordingClient() {
  const sent: { text: string; values?: unknown[] }[] = [];
  const real = new pg.Client();
  const client = {
    escapeLiteral: (value: string) => real.escapeLiteral(value),
    query: async (query: string | { text: string; values: unknown[] }, values?: unknown[]) => {
      const text = typeof query === "string" ? query : query.text;
      sent.push({ text, values: typeof query === "string" ? values : query.values });
      // pg answers a multi-statement simple query with one result per statement.
      return text.includes("; ") ? text.split("; ").map((_, index) => ({ rows: [{ index }] })) : { rows: [] };
    },
  } as unknown as pg.ClientBase;
  return { client, sent };
}

const identity = {
  role: "authenticated",
  claims: { sub: "u1", role: "authenticated", note: "it's \\ here" },
};

describe("a request's transaction set-up", () => {
  it("sends BEGIN and the settings in one round trip, the settings prepared once per connection, every value a literal", async () => {
    const { client, sent } = recordingClient();
    const request = {
      method: "GET",
      path: "/rest/v1/topics",
      headers: new Headers({ "x-a": "o'clock" }),
      readOnly: true,
    };
    await beginRequest(client, identity as never, request);
    await beginRequest(client, identity as never, request);
    expect(sent).toHaveLength(2);
    const [first, second] = sent;
    expect(first?.values).toBeUndefined();
    const name = /^prepare (pgrst_\w+) as select set_config\('search_path', \$1, true\)/.exec(
      first?.text ?? "",
    )?.[1];
    expect(name).toBeDefined();
    expect(first?.text).toContain("where setrole = $2::regrole");
    const execute = `begin read only; execute ${name}('public, extensions', 'authenticated', `;
    expect(first?.text).toContain(`; ${execute}`);
    expect(first?.text).toMatch(
      /E'\{"sub":"u1",.*"note":"it''s \\+ here"\}', 'GET', '\/rest\/v1\/topics', '\{"x-a":"o''clock"\}'\)$/,
    );
    expect(second?.text.startsWith(execute)).toBe(true);
    expect(second?.text).not.toContain("prepare");
  });

  it("binds the values in two round trips when one holds a NUL byte, which no literal can", async () => {
    const { client, sent } = recordingClient();
    await beginRequest(client, identity as never, {
      method: "GET",
      path: "/storage/v1/bucket/a\0b",
      headers: new Headers(),
    });
    expect(sent.map((query) => query.text.split("\n")[0])).toEqual([
      "begin",
      "select set_config('search_path', $1, true), set_config('role', $2, true),",
    ]);
    expect(sent[1]?.values?.[4]).toBe("/storage/v1/bucket/a\0b");
  });

  it("sends a read's statement and COMMIT in the same round trip, and hands back the statement's result", async () => {
    const { client, sent } = recordingClient();
    const started = await beginRequest(
      client,
      identity as never,
      { method: "GET", path: "/rest/v1/topics", headers: new Headers(), readOnly: true },
      { statement: { text: "SELECT 'a''b' AS body", values: [] }, commit: true },
    );
    expect(sent).toHaveLength(1);
    expect(sent[0]?.text).toMatch(
      /^prepare .*; begin read only; execute pgrst_\w+\(.*\); SELECT 'a''b' AS body; commit$/s,
    );
    // The PREPARE's result is not counted: the statement's is the third after it.
    expect(started).toEqual({ result: { rows: [{ index: 3 }] }, committed: true });
  });

  it("leaves the transaction open after the statement unless asked to commit", async () => {
    const { client, sent } = recordingClient();
    const started = await beginRequest(
      client,
      identity as never,
      { method: "POST", path: "/rest/v1/topics", headers: new Headers() },
      { statement: { text: "INSERT 1", values: [] }, commit: false },
    );
    expect(sent[0]?.text).toMatch(/^prepare .*; begin; execute .*; INSERT 1$/s);
    expect(started.committed).toBe(false);
  });

  it("sends a statement with bound values in its own round trip after the set-up", async () => {
    const { client, sent } = recordingClient();
    const started = await beginRequest(
      client,
      identity as never,
      { method: "GET", path: "/rest/v1/topics", headers: new Headers(), readOnly: true },
      { statement: { text: "SELECT $1", values: ["a\0b"] }, commit: true },
    );
    expect(sent.map((query) => query.text.split("; ").slice(1, 2)[0] ?? query.text)).toEqual([
      "begin read only",
      "SELECT $1",
      "commit",
    ]);
    expect(sent[1]?.values).toEqual(["a\0b"]);
    expect(started).toEqual({ result: { rows: [] }, committed: true });
  });

  it("prepares a statement on a connection's first use and then only executes it, its values as literals", async () => {
    const { client, sent } = recordingClient();
    const request = { method: "GET", path: "/rest/v1/topics", headers: new Headers(), readOnly: true };
    const statement = prepared("SELECT $1::int AS body", ["4"]);
    await beginRequest(client, identity as never, request, { statement, commit: true });
    await beginRequest(client, identity as never, request, {
      statement: { ...statement, values: ["it's"] },
      commit: true,
    });
    expect(sent[0]?.text).toContain(
      `; prepare ${statement.name} as SELECT $1::int AS body; begin read only; `,
    );
    expect(sent[0]?.text).toMatch(new RegExp(`; execute ${statement.name}\\('4'\\); commit$`));
    expect(sent[1]?.text).not.toContain("prepare");
    expect(sent[1]?.text).toMatch(new RegExp(`; execute ${statement.name}\\('it''s'\\); commit$`));
  });

  it("after a failed round trip, asks Postgres which of its statements were prepared before the failure", async () => {
    const sent: string[] = [];
    const client = {
      escapeLiteral: (value: string) => new pg.Client().escapeLiteral(value),
      query: async (text: string, values?: string[][]) => {
        sent.push(text);
        if (text.startsWith("select name from pg_prepared_statements"))
          return { rows: (values?.[0] ?? []).slice(0, 1).map((name) => ({ name })) };
        if (text.includes("execute")) throw new Error("permission denied");
        return { rows: [] };
      },
    } as unknown as pg.ClientBase;
    const request = { method: "GET", path: "/rest/v1/topics", headers: new Headers(), readOnly: true };
    const statement = prepared("SELECT 1 AS body", []);
    await expect(
      beginRequest(client, identity as never, request, { statement, commit: true }),
    ).rejects.toThrow("permission denied");
    expect(sent.slice(1)).toEqual([
      "rollback",
      "select name from pg_prepared_statements where name = any($1)",
    ]);
    // Only the settings were prepared: the next round trip prepares the statement again, not them.
    await beginRequest(client, identity as never, request, { statement, commit: true }).catch(() => {});
    expect(sent[3]?.match(/prepare/g)).toHaveLength(1);
    expect(sent[3]).toContain(`prepare ${statement.name} as SELECT 1 AS body`);
  });
});
