import { SignJWT } from "jose";
import pg from "pg";
import type { StackInfo } from "./stack.ts";

/**
 * The seed's published course has recap episodes but no audio: SQL cannot speak. On a freshly seeded
 * database `npm start` asks the render-episode-audio function, as each course's creator, to record
 * them, the same call as the episode editor's "Render audio"; the local worker then speaks them with
 * the configured speech provider or the offline engine (docs/podcast.md). A refusal is logged, never
 * fatal: the browser's voices read such an episode.
 */
export async function recordSeededEpisodes(stack: StackInfo, log: (line: string) => void): Promise<number> {
  let started = 0;
  for (const { id, created_by } of await silentEpisodes(stack.databaseUrl)) {
    const response = await fetch(`${stack.supabaseUrl}/functions/v1/render-episode-audio`, {
      method: "POST",
      headers: {
        apikey: stack.anonKey,
        authorization: `Bearer ${await accessToken(stack, created_by)}`,
        "content-type": "application/json",
      },
      body: JSON.stringify({ episodeId: id }),
    });
    if (response.ok) started++;
    else log(`seed audio: episode ${id} was not rendered (${response.status}): ${await response.text()}`);
  }
  return started;
}

/** The recap episodes of the seed's courses that have no audio yet, in course and chapter order. */
async function silentEpisodes(databaseUrl: string): Promise<Array<{ id: string; created_by: string }>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string; created_by: string }>(
      `select a.id, c.created_by from public.activities a
         join public.chapters ch on ch.id = a.chapter_id
         join public.courses c on c.id = ch.course_id
       where a.kind = 'recap' and c.created_by is not null
         and not exists (select 1 from public.episode_audio e where e.activity_id = a.id)
       order by c.created_at, ch.position`,
    );
    return rows;
  } finally {
    await client.end();
  }
}

/**
 * A short-lived access token of the user, signed with the stack's JWT secret in the shape the local
 * auth service issues (without a session, which it accepts as GoTrue does), so no sign-in code is sent.
 */
function accessToken(stack: StackInfo, userId: string): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ sub: userId, role: "authenticated", aud: "authenticated", iat: now, exp: now + 300 })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuer(`${stack.supabaseUrl}/auth/v1`)
    .sign(new TextEncoder().encode(stack.jwtSecret));
}
