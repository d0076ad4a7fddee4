import pg from "pg";
import { describe, expect, it } from "vitest";
import { beginRequest } from "./db-session.ts";

function recordingClient() {
  const sent: { text: string; values?: unknown[] }[] = [];
  const real = new pg.Client();
  const client = {
    escapeLiteral: (value: string) => real.escapeLiteral(value),
    query: async (text: string, values?: unknown[]) => {
      sent.push({ text, values });
      return { rows: [] };
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
});
