import { randomUUID } from "node:crypto";
import { createClient, FunctionsHttpError, type SupabaseClient } from "@supabase/supabase-js";
import { SignJWT } from "jose";
import pg from "pg";
import { inject } from "vitest";
import type { Structure } from "../../src/domain/structure.ts";
import { AUTH_USER_FILLERS } from "../support/auth-users.ts";

/** The secrets the stack hands the functions (its public StackInfo). */
export const grantSecret = inject("stack").generationGrantSecret;
export const triggerSecretKey = inject("stack").triggerSecretKey;

export interface TestUser {
  id: string;
  email: string;
  /** supabase-js signed in as this user. */
  supabase: SupabaseClient;
  /** The user's access token, for calls made without supabase-js. */
  token: string;
}

/** An entity with a content manager, a plain member and a topic, plus a user from elsewhere. */
export interface World {
  entityId: string;
  topicId: string;
  manager: TestUser;
  member: TestUser;
  outsider: TestUser;
  anonymous: SupabaseClient;
}

/**
 * Fixtures are written as the database owner, as Supabase's seed and test helpers do; users are created
 * the way Auth creates them (a user row and a session) and carry an access token with Auth's claims.
 */
export class Fixtures {
  readonly stack = inject("stack");
  readonly db = new pg.Pool({ connectionString: this.stack.databaseUrl, max: 2 });

  async world(
    topic: { processing_status?: string | null; structure?: Structure | null } = {},
  ): Promise<World> {
    const [manager, member, outsider] = await Promise.all([
      this.user("manager"),
      this.user("member"),
      this.user("outsider"),
    ]);
    const entity = await this.db.query<{ id: string }>(
      "insert into public.core_entities (name) values ($1) returning id",
      [`Functions test ${randomUUID()}`],
    );
    const entityId = entity.rows[0]?.id as string;
    await this.db.query(
      `insert into public.core_memberships (entity_id, user_id, member_role, status)
       values ($1, $2, 'creator', 'active'), ($1, $3, 'member', 'active')`,
      [entityId, manager.id, member.id],
    );
    const topicId = await this.topic(entityId, manager.id, topic);
    const anonymous = createClient(this.stack.supabaseUrl, this.stack.anonKey, {
      auth: { persistSession: false },
    });
    return { entityId, topicId, manager, member, outsider, anonymous };
  }

  async topic(
    entityId: string,
    createdBy: string,
    {
      processing_status = null,
      structure = null,
    }: { processing_status?: string | null; structure?: Structure | null },
  ): Promise<string> {
    const result = await this.db.query<{ id: string }>(
      `insert into public.topics (entity_id, created_by, title, description, processing_status, structure,
                                  processing_progress)
       values ($1, $2, 'Rivers of Europe', 'Where rivers start and end', $3, $4,
               case when $3::text is null then 0 else 50 end)
       returning id`,
      [entityId, createdBy, processing_status, structure === null ? null : JSON.stringify(structure)],
    );
    return result.rows[0]?.id as string;
  }

  async topicRow(topicId: string) {
    const result = await this.db.query(
      "select processing_status, processing_progress, structure from public.topics where id = $1",
      [topicId],
    );
    return result.rows[0] as {
      processing_status: string | null;
      processing_progress: number;
      structure: unknown;
    };
  }

  /** The structure starts recorded for a topic, oldest first. */
  async structureRequests(topicId: string) {
    const result = await this.db.query<{ user_id: string; run_id: string | null }>(
      `select user_id, run_id from public.generation_requests
       where topic_id = $1 and task = 'generate-topic-structure' order by created_at`,
      [topicId],
    );
    return result.rows;
  }

  async user(label: string): Promise<TestUser> {
    const id = randomUUID();
    const sessionId = randomUUID();
    const email = `${label}.${id.slice(0, 8)}@functions.studymap.test`;
    await this.db.query(
      `insert into auth.users (id, aud, role, email, email_confirmed_at, raw_app_meta_data, ${AUTH_USER_FILLERS.columns})
       values ($1, 'authenticated', 'authenticated', $2, now(), '{"provider":"email","providers":["email"]}',
               ${AUTH_USER_FILLERS.values})`,
      [id, email],
    );
    await this.db.query("insert into auth.sessions (id, user_id) values ($1, $2)", [sessionId, id]);
    const token = await this.accessToken(id, email, sessionId);
    const supabase = createClient(this.stack.supabaseUrl, this.stack.anonKey, {
      accessToken: async () => token,
    });
    return { id, email, supabase, token };
  }

  /** The claims Supabase Auth puts in an access token (reference/local-stack-contract.md §B). */
  private accessToken(userId: string, email: string, sessionId: string): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({
      aud: "authenticated",
      role: "authenticated",
      email,
      phone: "",
      app_metadata: { provider: "email", providers: ["email"] },
      user_metadata: {},
      aal: "aal1",
      amr: [{ method: "otp", timestamp: now }],
      session_id: sessionId,
      is_anonymous: false,
    })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setIssuer(`${this.stack.supabaseUrl}/auth/v1`)
      .setSubject(userId)
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .sign(new TextEncoder().encode(this.stack.jwtSecret));
  }

  end(): Promise<void> {
    return this.db.end();
  }
}

/** A failed `functions.invoke` as its status and body (parsed when JSON). */
export async function failure(result: { error: unknown }): Promise<{ status: number; body: unknown }> {
  if (!(result.error instanceof FunctionsHttpError))
    throw new Error(`expected an HTTP error, got ${result.error}`);
  const response = result.error.context as Response;
  const isJson = response.headers.get("content-type")?.includes("json");
  return { status: response.status, body: isJson ? await response.json() : await response.text() };
}

/** A structure as the generation engine writes it (src/domain/structure.ts). */
export function sampleStructure(title = "Rivers of Europe"): Structure {
  return {
    title,
    description: "From source to sea",
    sections: [
      {
        section_id: "s1",
        title: "The Rhine",
        description: "A river through six countries",
        subtopics: [
          {
            subtopic_id: "s1-1",
            title: "Source",
            description: "Where it starts",
            key_points: ["It starts in the Alps"],
            citations: [],
          },
        ],
      },
    ],
  };
}
