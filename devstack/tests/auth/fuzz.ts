import { request } from "node:http";
import { SignJWT } from "jose";

/** Every string the fuzzer invents carries this, so any row it managed to write can be found. */
export const MARKER = `fz${Date.now().toString(36)}`;

/** A small seeded generator, so a failing case can be replayed from its seed. */
export function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
    chance: (probability: number) => next() < probability,
  };
}

export type Random = ReturnType<typeof random>;

/** Strings that break naive parsers: encodings, traversal, quotes, control and non-ASCII characters. */
export function nastyString(rng: Random): string {
  return rng.pick([
    `${MARKER}`,
    `${MARKER}%ZZ`,
    `../../${MARKER}`,
    `..%2F..%2F${MARKER}`,
    `${MARKER}'; drop table auth.users; --`,
    `${MARKER}\u0000nul`,
    `${MARKER}\u202Eevil`,
    `${MARKER}${"x".repeat(5000)}`,
    `${MARKER}@`,
    `@${MARKER}`,
    `${MARKER} spaced@example`,
    `${MARKER}<script>alert(1)</script>`,
    "",
    " ",
    "null",
    "{}",
    "😀".repeat(50),
  ]);
}

/** JSON-ish bodies: wrong types, wrong shapes, broken syntax. */
export function nastyBody(rng: Random, fields: string[]): string {
  const value = () =>
    rng.pick<unknown>([
      nastyString(rng),
      12345,
      -1,
      1e308,
      true,
      null,
      [],
      [nastyString(rng)],
      { nested: { deeper: nastyString(rng) } },
    ]);
  const object = Object.fromEntries(fields.filter(() => rng.chance(0.6)).map((field) => [field, value()]));
  return rng.pick([
    JSON.stringify(object),
    JSON.stringify([object]),
    JSON.stringify(nastyString(rng)),
    `{"${rng.pick(fields)}": `,
    "{'single': 'quotes'}",
    "",
    "null",
    "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]",
    `{"a":${"[".repeat(3000)}${"]".repeat(3000)}}`,
    JSON.stringify({ padding: "x".repeat(1_200_000) }),
  ]);
}

/** Bearer tokens that must all be refused: malformed, unsigned, forged, expired, wrong role. */
export async function nastyTokens(secret: string, subject: string): Promise<string[]> {
  const key = new TextEncoder().encode(secret);
  const sign = (claims: Record<string, unknown>, signingKey = key) =>
    new SignJWT(claims).setProtectedHeader({ alg: "HS256", typ: "JWT" }).sign(signingKey);
  const now = Math.floor(Date.now() / 1000);
  const unsignedHeader = Buffer.from(JSON.stringify({ alg: "none", typ: "JWT" })).toString("base64url");
  const unsignedBody = Buffer.from(JSON.stringify({ sub: subject, role: "service_role" })).toString(
    "base64url",
  );
  return [
    "",
    "not-a-jwt",
    "a.b.c",
    `${unsignedHeader}.${unsignedBody}.`,
    await sign({ sub: subject, role: "authenticated", exp: now - 60 }),
    await sign(
      { sub: subject, role: "service_role", exp: now + 600 },
      new TextEncoder().encode(`${secret}-forged`),
    ),
    await sign({ sub: subject, role: "postgres", exp: now + 600 }),
    await sign({ sub: MARKER, role: "authenticated", exp: now + 600 }),
  ];
}

export interface RawResponse {
  status: number;
  body: string;
}

/**
 * Sends exactly these bytes (raw path, any header) — fetch would normalise or refuse many of them —
 * on a connection of its own, so each case stands alone.
 */
export function sendRaw(
  baseUrl: string,
  method: string,
  rawPath: string,
  headers: Record<string, string>,
  body: string | Buffer | null,
): Promise<RawResponse> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        hostname,
        port,
        method,
        path: rawPath,
        agent: false,
        headers: { ...headers, ...(body === null ? {} : { "content-length": Buffer.byteLength(body) }) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }),
        );
        response.on("error", reject);
      },
    );
    outgoing.setTimeout(20_000, () => outgoing.destroy(new Error(`${method} ${rawPath} timed out`)));
    outgoing.on("error", reject);
    if (body !== null) outgoing.write(body);
    outgoing.end();
  });
}

/** Node refuses to send some header values (control characters); those cases are not requests at all. */
export function isUnsendable(error: unknown): boolean {
  return error instanceof TypeError || (error as { code?: string }).code === "ERR_INVALID_CHAR";
}
