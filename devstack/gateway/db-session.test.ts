import pg from "pg";
import { describe, expect, it } from "vitest";
import { beginRequest } from "./db-session.ts";

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
  it("sends BEGIN and the settings in one round trip, with every value escaped as a literal", async () => {
    const { client, sent } = recordingClient();
    await beginRequest(client, identity as never, {
      method: "GET",
      path: "/rest/v1/topics",
      headers: new Headers({ "x-a": "o'clock" }),
      readOnly: true,
    });
    expect(sent).toHaveLength(1);
    const [query] = sent;
    expect(query?.values).toBeUndefined();
    expect(
      query?.text.startsWith("begin read only; select set_config('search_path', 'public, extensions', true)"),
    ).toBe(true);
    expect(query?.text).toMatch(
      /set_config\('request\.jwt\.claims', +E'\{"sub":"u1",.*"note":"it''s \\+ here"\}', true\)/,
    );
    expect(query?.text).toContain("where setrole = 'authenticated'::regrole");
    expect(query?.text).toContain(`'{"x-a":"o''clock"}'`);
    expect(query?.text).not.toMatch(/\$\d/);
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
    expect(sent[0]?.text).toMatch(/^begin read only; select set_config\(.*; SELECT 'a''b' AS body; commit$/s);
    expect(started).toEqual({ result: { rows: [{ index: 2 }] }, committed: true });
  });

  it("leaves the transaction open after the statement unless asked to commit", async () => {
    const { client, sent } = recordingClient();
    const started = await beginRequest(
      client,
      identity as never,
      { method: "POST", path: "/rest/v1/topics", headers: new Headers() },
      { statement: { text: "INSERT 1", values: [] }, commit: false },
    );
    expect(sent[0]?.text).toMatch(/^begin; .*; INSERT 1$/s);
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
    expect(sent.map((query) => query.text.split(";")[0])).toEqual(["begin read only", "SELECT $1", "commit"]);
    expect(sent[1]?.values).toEqual(["a\0b"]);
    expect(started).toEqual({ result: { rows: [] }, committed: true });
  });
});
