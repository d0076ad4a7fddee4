/**
 * A realistic organisation for `bench:web` (issue 24, point 7): the demo school grows to 200 topics in
 * 10 collections (modules), the demo admin has 50 favourites and is part-way through the published
 * course of "De Gouden Eeuw". One SQL statement per kind of row, run as the database owner on top of
 * supabase/seed.sql. Idempotent: every row has a fixed id (or key) and `on conflict do nothing`, and the
 * number of topics added is what the school lacks to reach 200 without them.
 *
 * supabase/seed.sql has no thumbnails, so neither do these topics: cards show their placeholder.
 */
import pg from "pg";

export const SEEDED_TOPIC_TOTAL = 200;
export const SEEDED_MODULE_TOTAL = 10;
export const SEEDED_FAVOURITES = 50;

/** Studymap Demo School, Ada Admin, Carl Creator and the published course in supabase/seed.sql. */
const ENTITY_ID = "5eed0002-0000-4000-8000-000000000001";
const ADMIN_ID = "5eed0001-0000-4000-8000-000000000001";
const CREATOR_ID = "5eed0001-0000-4000-8000-000000000002";
const COURSE_ID = "5eed0006-0000-4000-8000-000000000001";
/** The seed's own collection, "Water en klimaat"; the bench adds the other nine. */
const SEED_MODULE_ID = "5eed0003-0000-4000-8000-000000000001";

/** Fixed ids for the bench's rows: `bece<kind>-0000-4000-8000-<n>`. */
const benchId = (kind: string, n: number) => `bece${kind}-0000-4000-8000-${String(n).padStart(12, "0")}`;

const MODULES = [
  ["Talen", "Engels en Nederlands: grammatica, lezen en schrijven."],
  ["Mens en natuur", "Biologie van cel tot ecosysteem."],
  ["Rekenen en wiskunde", "Van breuken tot functies, met veel oefening."],
  ["Geschiedenis van Nederland", "Van de Romeinen tot vandaag, in tien tijdvakken."],
  ["Economie en geld", "Markten, banken, overheid en je eigen portemonnee."],
  ["Natuurkunde in huis", "Kracht, energie en elektriciteit in alledaagse dingen."],
  ["Examentraining", "Oefenstof voor het centraal examen."],
  ["Burgerschap", "Democratie, rechtsstaat en samenleven."],
  ["English for work", "Emails, meetings and presentations in English."],
] as const;

/** Title stems and subjects; each topic is a stem with a part (below), so titles differ but look real. */
const STEMS = [
  ["Breuken en procenten", "Wiskunde", "Rekenen met delen van een geheel"],
  ["Het menselijk lichaam", "Biologie", "Organen en hoe ze samenwerken"],
  ["Ecosystemen", "Biologie", "Voedselketens, kringlopen en evenwicht"],
  ["De Franse Revolutie", "Geschiedenis", "Vrijheid, gelijkheid en broederschap"],
  ["De Tweede Wereldoorlog", "Geschiedenis", "Bezetting, verzet en bevrijding van Nederland"],
  ["Energie en vermogen", "Natuurkunde", "Joules, watts en het energielabel"],
  ["Licht en geluid", "Natuurkunde", "Golven, weerkaatsing en breking"],
  ["Begrijpend lezen", "Nederlands", "Hoofdgedachte, signaalwoorden en tekstverbanden"],
  ["Spelling en stijl", "Nederlands", "Zinsbouw, leestekens en een heldere stijl"],
  ["Business English", "Engels", "Writing clear emails and reports"],
  ["English grammar", "Engels", "Tenses, conditionals and the passive voice"],
  ["Inkomen en consumptie", "Economie", "Loon, belasting en wat je ermee doet"],
  ["Internationale handel", "Economie", "Export, import en wisselkoersen"],
  ["Bevolking en ruimte", "Aardrijkskunde", "Migratie, vergrijzing en steden"],
  ["Weer en klimaat", "Aardrijkskunde", "Luchtdruk, wind en klimaatzones"],
  ["Functies en grafieken", "Wiskunde", "Van tabel naar formule naar grafiek"],
  ["Statistiek", "Wiskunde", "Gemiddelde, mediaan en spreiding"],
  ["Democratie in Nederland", "Geschiedenis", "Grondwet, parlement en verkiezingen"],
  ["Presenting in English", "Engels", "Structure, signposting and slides"],
  ["Chemie van alledag", "Natuurkunde", "Stoffen, mengsels en reacties in de keuken"],
] as const;

const PARTS = [
  "deel 1",
  "deel 2",
  "verdieping",
  "oefenen",
  "herhaling",
  "examenstof",
  "basis",
  "in de praktijk",
  "toets voorbereiden",
  "samenvatting",
] as const;

const LEVELS = ["Havo 1", "Havo 2", "Havo 3", "Havo 4", "Vwo 4", "CEFR B1", "CEFR B2", null] as const;

/** A topic's status by its number: mostly ready, and every state a dashboard meets. */
export function seededStatus(n: number): { status: string | null; progress: number } {
  switch (n % 10) {
    case 0:
      return { status: "pending", progress: 0 };
    case 1:
      return { status: "generating_structure", progress: (n * 7) % 90 };
    case 2:
      return { status: "awaiting_structure_review", progress: 100 };
    case 3:
      return { status: "failed", progress: 0 };
    case 4:
      return { status: null, progress: 0 };
    default:
      return { status: "completed", progress: 100 };
  }
}

/** The list's item at `index`, counting round from the start again past its end. */
function cycle<T>(list: readonly T[], index: number): T {
  const item = list[index % list.length];
  if (item === undefined) throw new Error("cycle over an empty list");
  return item;
}

/** The n-th bench topic (1-based): title, description, level, subject, collection and age. */
export function seededTopic(n: number) {
  const [stem, subject, summary] = cycle(STEMS, n - 1);
  const part = cycle(PARTS, Math.floor((n - 1) / STEMS.length));
  const moduleIndex = (n - 1) % SEEDED_MODULE_TOTAL;
  return {
    id: benchId("0004", n),
    title: `${stem}: ${part}`,
    description: `${summary}. ${part.charAt(0).toUpperCase()}${part.slice(1)} voor ${subject.toLowerCase()}.`,
    level: cycle(LEVELS, n),
    subject,
    moduleId: moduleIndex === 0 ? SEED_MODULE_ID : benchId("0003", moduleIndex),
    ...seededStatus(n),
    ageHours: 26 + n * 3,
  };
}

export interface SeededCounts {
  topics: number;
  collections: number;
  favourites: number;
  progress: number;
}

/** Seeds (or finds already seeded) the organisation and returns what the admin's school now holds. */
export async function seedLargeOrganisation(databaseUrl: string): Promise<SeededCounts> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query("begin");
    await seedModules(client);
    await seedTopics(client);
    await seedFavourites(client);
    await seedCourseProgress(client);
    await client.query("commit");
    return await countSeeded(client);
  } catch (error) {
    await client.query("rollback");
    throw error;
  } finally {
    await client.end();
  }
}

async function countSeeded(client: pg.Client): Promise<SeededCounts> {
  const { rows } = await client.query<Record<keyof SeededCounts, number>>(
    `select
       (select count(*)::int from public.topics where entity_id = $1) as topics,
       (select count(*)::int from public.modules where entity_id = $1) as collections,
       (select count(*)::int from public.favorites where user_id = $2) as favourites,
       (select count(*)::int from public.activity_progress where user_id = $2) as progress`,
    [ENTITY_ID, ADMIN_ID],
  );
  const [counts] = rows;
  if (!counts) throw new Error("the seeded organisation could not be counted");
  return counts;
}

async function seedModules(client: pg.Client) {
  await client.query(
    `insert into public.modules (id, entity_id, title, description, created_by)
     select m.id::uuid, $1, m.title, m.description, $2
     from jsonb_to_recordset($3::jsonb) as m(id text, title text, description text)
     on conflict do nothing`,
    [
      ENTITY_ID,
      CREATOR_ID,
      JSON.stringify(
        MODULES.map(([title, description], i) => ({ id: benchId("0003", i + 1), title, description })),
      ),
    ],
  );
}

/** Adds what the school lacks to reach 200 topics, not counting the bench's own (so a rerun adds none). */
async function seedTopics(client: pg.Client) {
  const { rows } = await client.query<{ count: string }>(
    "select count(*) from public.topics where entity_id = $1 and id::text not like 'bece%'",
    [ENTITY_ID],
  );
  const missing = Math.max(0, SEEDED_TOPIC_TOTAL - Number(rows[0]?.count ?? 0));
  const topics = Array.from({ length: missing }, (_, i) => seededTopic(i + 1));
  await client.query(
    `insert into public.topics (
       id, entity_id, module_id, created_by, title, description, level, subject_id, visibility,
       processing_status, processing_progress, processing_error, structure, created_at, updated_at
     )
     select t.id::uuid, $1, t."moduleId"::uuid, $2, t.title, t.description, t.level,
       (select s.id from public.subjects s where s.title = t.subject), 'entity', t.status, t.progress,
       -- A failed topic says why; a reviewed one has a structure (the table's checks), kept empty here.
       case when t.status = 'failed' then 'De bron kon niet worden gelezen. Voeg de bron opnieuw toe.' end,
       case when t.status in ('awaiting_structure_review', 'completed')
         then jsonb_build_object('title', t.title, 'description', t.description, 'sections', '[]'::jsonb) end,
       now() - make_interval(hours => t."ageHours"), now() - make_interval(hours => t."ageHours")
     from jsonb_to_recordset($3::jsonb) as t(
       id text, "moduleId" text, title text, description text, level text, subject text, status text,
       progress integer, "ageHours" integer
     )
     on conflict do nothing`,
    [ENTITY_ID, CREATOR_ID, JSON.stringify(topics)],
  );
}

/** The admin's favourites: every third bench topic, so some are on the dashboard's first pages. */
async function seedFavourites(client: pg.Client) {
  await client.query(
    `insert into public.favorites (user_id, topic_id)
     select $1, t.id from public.topics t
     where t.entity_id = $2 and t.id::text like 'bece0004-%'
       and right(t.id::text, 12)::integer % 3 = 1
     order by t.id
     limit $3
     on conflict do nothing`,
    [ADMIN_ID, ENTITY_ID, SEEDED_FAVOURITES],
  );
}

/** The admin has finished the course's first chapter and started the second. */
async function seedCourseProgress(client: pg.Client) {
  await client.query(
    `insert into public.activity_progress (activity_id, user_id, status)
     select a.id, $1,
       case when ch.position = 1 or a.position = 1 then 'completed' else 'in_progress' end
     from public.activities a
     join public.chapters ch on ch.id = a.chapter_id
     where ch.course_id = $2 and (ch.position = 1 or (ch.position = 2 and a.position <= 2))
     on conflict do nothing`,
    [ADMIN_ID, COURSE_ID],
  );
}
