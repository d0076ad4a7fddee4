import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { promisify } from "node:util";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { hasSixPhasesInOrder, parseActivityPayload } from "../../src/domain/activity-payload.ts";
import type { Citation } from "../../src/domain/citation.ts";
import { outlineRpcSchema } from "../../src/domain/outline.ts";
import { structureCitations, structureSchema } from "../../src/domain/structure.ts";
import { AUTH_NON_NULL_USER_COLUMNS } from "../support/auth-users.ts";
import { beginAsUser, connect } from "./support.ts";

/**
 * supabase/seed.sql on a new database, applied by `npm run db:prepare` as `npm start` applies it: the
 * demo accounts can sign in, the dashboard has every processing state and pages of topics, and every
 * citation points at real lines.
 */
const ADA = "5eed0001-0000-4000-8000-000000000001";
const MIA = "5eed0001-0000-4000-8000-000000000003";
const BEN = "5eed0001-0000-4000-8000-000000000006";
const DEMO_SCHOOL = "5eed0002-0000-4000-8000-000000000001";
const GOUDEN_EEUW = "5eed0004-0000-4000-8000-000000000002";
const PHOTOSYNTHESIS = "5eed0004-0000-4000-8000-000000000006";

const { databaseUrl } = inject("stack");
const databaseName = `seed_${randomUUID().replaceAll("-", "")}`;
let admin: pg.Client;
let db: pg.Client;

beforeAll(async () => {
  admin = await connect(databaseUrl);
  await admin.query(`create database ${databaseName}`);
  const seededUrl = new URL(databaseUrl);
  seededUrl.pathname = `/${databaseName}`;
  const prepared = await promisify(execFile)("npm", [
    "run",
    "--silent",
    "db:prepare",
    "--",
    seededUrl.toString(),
    "--seed",
  ]);
  expect(prepared.stdout).toContain("seed applied: supabase/seed.sql");
  db = await connect(seededUrl.toString());
}, 120_000);

afterAll(async () => {
  await db?.end();
  await admin?.query(`drop database if exists ${databaseName} with (force)`);
  await admin?.end();
});

async function rows<T extends pg.QueryResultRow>(sql: string, values: unknown[] = []): Promise<T[]> {
  return (await db.query<T>(sql, values)).rows;
}

/** The lines line_start..line_end of the cited chunk, as stored. */
async function chunkLines(citation: Citation): Promise<string[]> {
  const [chunk] = await rows<{ content: string; line_start: number }>(
    "select content, line_start from public.source_chunks where id = $1",
    [citation.chunk_id],
  );
  if (!chunk) return [];
  const lines = chunk.content.split("\n");
  return lines.slice(citation.line_start - chunk.line_start, citation.line_end - chunk.line_start + 1);
}

describe("demo accounts", () => {
  it("exist in auth.users with an e-mail identity, so OTP sign-in finds them", async () => {
    const users = await rows<{ email: string; provider: string; confirmed: boolean }>(
      `select u.email, i.provider, u.email_confirmed_at is not null as confirmed
       from auth.users u join auth.identities i on i.user_id = u.id
       where u.email in ('ada.admin@studymap.test', 'carl.creator@studymap.test', 'mia.member@studymap.test')
       order by u.email`,
    );
    expect(users).toEqual([
      { email: "ada.admin@studymap.test", provider: "email", confirmed: true },
      { email: "carl.creator@studymap.test", provider: "email", confirmed: true },
      { email: "mia.member@studymap.test", provider: "email", confirmed: true },
    ]);
  });

  it("are rows Supabase Auth can read: no NULL where Auth scans a string, bool, number or time", async () => {
    const users = await rows<Record<string, unknown>>(
      `select email, ${AUTH_NON_NULL_USER_COLUMNS.join(", ")} from auth.users order by email`,
    );
    expect(users).toHaveLength(6);
    for (const user of users) {
      const missing = AUTH_NON_NULL_USER_COLUMNS.filter((column) => user[column] === null);
      expect({ email: user.email, missing }).toEqual({ email: user.email, missing: [] });
      expect(user).toMatchObject({ aud: "authenticated", role: "authenticated", confirmation_token: "" });
    }
  });

  it("are active members of Studymap Demo School with their roles", async () => {
    const memberships = await rows<{ email: string; member_role: string; status: string }>(
      `select p.email, m.member_role, m.status
       from public.core_memberships m join public.profiles p on p.id = m.user_id
       join public.core_entities e on e.id = m.entity_id
       where e.name = 'Studymap Demo School' order by p.email`,
    );
    expect(memberships).toEqual([
      { email: "ada.admin@studymap.test", member_role: "admin", status: "active" },
      { email: "carl.creator@studymap.test", member_role: "creator", status: "active" },
      { email: "max.manager@studymap.test", member_role: "manager", status: "active" },
      { email: "mia.member@studymap.test", member_role: "member", status: "active" },
    ]);
  });

  it("see their own memberships through get_user_memberships", async () => {
    await beginAsUser(db, ADA);
    try {
      const memberships = await rows("select * from public.get_user_memberships($1)", [ADA]);
      expect(memberships).toEqual([
        {
          membership_id: expect.any(String),
          entity_id: DEMO_SCHOOL,
          entity_name: "Studymap Demo School",
          entity_kind: "school",
          member_role: "admin",
          status: "active",
        },
      ]);
    } finally {
      await db.query("rollback");
    }
  });
});

describe("demo topics", () => {
  it("fill more than one dashboard page and show every processing state", async () => {
    const [count] = await rows<{ topics: number }>(
      "select count(*)::integer as topics from public.topics where entity_id = $1",
      [DEMO_SCHOOL],
    );
    expect(count?.topics).toBeGreaterThanOrEqual(25);
    const states = await rows<{ processing_status: string | null }>(
      "select distinct processing_status from public.topics where entity_id = $1 order by 1",
      [DEMO_SCHOOL],
    );
    expect(states.map((state) => state.processing_status)).toEqual([
      "awaiting_structure_review",
      "completed",
      "failed",
      "generating_structure",
      "pending",
      null,
    ]);
    const [failed] = await rows<{ processing_error: string }>(
      "select processing_error from public.topics where processing_status = 'failed'",
    );
    expect(failed?.processing_error).toMatch(/kon niet worden gelezen/);
  });

  it("include Aardrijkskunde topics in a collection, and one public topic", async () => {
    const [collection] = await rows<{ topics: number }>(
      `select count(*)::integer as topics from public.topics t
       join public.modules m on m.id = t.module_id
       join public.subjects s on s.id = t.subject_id
       where m.title = 'Water en klimaat' and s.title = 'Aardrijkskunde'`,
    );
    expect(collection?.topics).toBeGreaterThan(0);
    const publicTopics = await rows<{ id: string }>(
      "select id from public.topics where visibility = 'public'",
    );
    expect(publicTopics).toEqual([{ id: PHOTOSYNTHESIS }]);
  });
});

describe("sources and citations", () => {
  it("cut every ingested source into chunks whose lines are the source's own lines", async () => {
    const chunks = await rows<{ pasted_text: string; line_start: number; line_end: number; content: string }>(
      `select s.pasted_text, c.line_start, c.line_end, c.content
       from public.source_chunks c join public.topic_sources s on s.id = c.source_id`,
    );
    expect(chunks.length).toBeGreaterThan(10);
    for (const chunk of chunks) {
      const lines = chunk.pasted_text.split("\n").slice(chunk.line_start, chunk.line_end + 1);
      expect(chunk.content).toBe(lines.join("\n"));
    }
  });

  it("write source texts in Dutch and in English", async () => {
    const texts = await rows<{ file_name: string }>(
      "select file_name from public.topic_sources where kind = 'pasted' order by file_name",
    );
    expect(texts.map((text) => text.file_name)).toEqual([
      "De Gouden Eeuw",
      "Photosynthesis",
      "The water cycle",
      "Waterbeheer in Nederland",
    ]);
  });

  it("give the reviewed and completed topics valid structures whose citations quote the exact lines", async () => {
    const topics = await rows<{ id: string; structure: unknown }>(
      "select id, structure from public.topics where structure is not null",
    );
    expect(topics).toHaveLength(2);
    for (const topic of topics) {
      const structure = structureSchema.parse(topic.structure);
      const citations = structureCitations(structure);
      expect(citations.length).toBeGreaterThan(0);
      for (const citation of citations) expect(citation.exactLines).toEqual(await chunkLines(citation));
    }
  });
});

describe("the published course of De Gouden Eeuw", () => {
  it("has chapters with the six phases in order and payloads of the product's schemas", async () => {
    const activities = await rows<{ chapter: number; kind: string; payload: unknown }>(
      `select ch.position as chapter, a.kind, a.payload
       from public.courses c
       join public.chapters ch on ch.course_id = c.id
       join public.activities a on a.chapter_id = ch.id
       where c.topic_id = $1 and c.published_at is not null
       order by ch.position, a.position`,
      [GOUDEN_EEUW],
    );
    const chapters = [...new Set(activities.map((activity) => activity.chapter))];
    expect(chapters).toEqual([1, 2, 3]);
    for (const chapter of chapters) {
      expect(hasSixPhasesInOrder(activities.filter((activity) => activity.chapter === chapter))).toBe(true);
    }
    for (const activity of activities) {
      const parsed = parseActivityPayload(activity.kind, activity.payload);
      expect(parsed.success, `${activity.kind}: ${parsed.error?.message}`).toBe(true);
    }
  });

  it("cites exact lines in every item and lists them as the activity's sources", async () => {
    const citations = await rows<{ citation: Citation }>(
      `select jsonb_path_query(a.payload, '$.*[*].citations[*]') as citation
       from public.activities a`,
    );
    // Per chapter: 2 diagnostic questions, 3 cited study blocks, 3 cards, 2 mastery questions; and the
    // two expert turns of the first recap's podcast script.
    expect(citations).toHaveLength(32);
    for (const { citation } of citations) expect(citation.exactLines).toEqual(await chunkLines(citation));
    const [withoutSources] = await rows<{ activities: number }>(
      `select count(*)::integer as activities from public.activities a
       where a.kind <> 'overview' and a.kind <> 'recap'
         and not exists (select 1 from public.activity_citations c where c.activity_id = a.id)`,
    );
    expect(withoutSources?.activities).toBe(0);
  });

  it("is outlined for Mia with her progress, and hidden from another entity's member", async () => {
    await beginAsUser(db, MIA);
    try {
      const outline = await outlineOf(GOUDEN_EEUW);
      expect(outline.course?.title).toBe("De Gouden Eeuw in zes stappen");
      expect(outline.chapters.map((chapter) => chapter.position)).toEqual([1, 2, 3]);
      expect(outline.chapters[0]?.activities.map((activity) => activity.status)).toEqual([
        "completed",
        "completed",
        "in_progress",
        "not_started",
        "not_started",
        "not_started",
      ]);
    } finally {
      await db.query("rollback");
    }
    await beginAsUser(db, BEN);
    try {
      const outline = await outlineOf(GOUDEN_EEUW);
      expect(outline).toEqual({ course: null, chapters: [] });
      const readable = await rows("select id from public.topics where id = $1", [PHOTOSYNTHESIS]);
      expect(readable).toHaveLength(1);
    } finally {
      await db.query("rollback");
    }
  });
});

/** The outline RPC's answer, checked against the shape the client parses it with. */
async function outlineOf(topicId: string) {
  const [row] = await rows<{ outline: unknown }>("select public.get_microlearning_outline($1) as outline", [
    topicId,
  ]);
  return outlineRpcSchema.parse(row?.outline);
}
