/**
 * A class for `bench:class` (issue 23, point 7): one topic of the demo school with a published course of
 * 20 chapters, each a diagnostic and a mastery check of 5 questions (200 items), and 500 learners who
 * answered them. One SQL statement per kind of row, run as the database owner on top of
 * supabase/seed.sql; every row has a fixed id, so a second run finds the class already there.
 *
 * Answers follow a one-parameter item-response model, so the item analysis has something to find: each
 * learner has an ability, each question a difficulty, and P(right) = 1 / (1 + e^(difficulty − ability)).
 * Draws are hashes of the learner and question, never Math.random, so every run seeds the same class.
 * Learners get as far as their own pace: learner n has answered the checks of the first
 * CHAPTERS − (n mod 8) chapters, so the class view has learners at every stage. Question 1 of chapter
 * 1's mastery check is deliberately bad (its marked option is one that able learners do not pick).
 */
import type pg from "pg";

export const CLASS_LEARNERS = 500;
export const CLASS_CHAPTERS = 20;
export const QUESTIONS_PER_CHECK = 5;
export const CLASS_ITEMS = CLASS_CHAPTERS * 2 * QUESTIONS_PER_CHECK;
export const CLASS_LEARNER_ID = (n: number) => classId("0003", n);

const ENTITY_ID = "5eed0002-0000-4000-8000-000000000001";
const ADMIN_ID = "5eed0001-0000-4000-8000-000000000001";

/** Fixed ids for the bench's rows: `c1a5<kind>-0000-4000-8000-<n>`. */
export const classId = (kind: string, n: number) =>
  `c1a5${kind}-0000-4000-8000-${String(n).padStart(12, "0")}`;
export const CLASS_TOPIC_ID = classId("0001", 1);
export const CLASS_COURSE_ID = classId("0002", 1);
const SOURCE_ID = classId("0007", 1);
export const CLASS_CHUNKS = 2000;

/** The topic's structure: a section per chapter with two subtopics, as the class view counts them. */
function structure() {
  return {
    title: "Bench class",
    description: "A course of twenty chapters for measuring the class view.",
    sections: Array.from({ length: CLASS_CHAPTERS }, (_, index) => ({
      section_id: `s${index + 1}`,
      title: `Hoofdstuk ${index + 1}`,
      description: `Wat hoofdstuk ${index + 1} behandelt.`,
      subtopics: [1, 2].map((part) => ({
        subtopic_id: `s${index + 1}-${part}`,
        title: `Deelonderwerp ${index + 1}.${part}`,
        description: `Deel ${part} van hoofdstuk ${index + 1}.`,
        key_points: [],
        citations: [],
      })),
    })),
  };
}

/** Seeds the class (or finds it seeded) and returns how many learners and answered checks it holds. */
export async function seedClass(client: pg.Client): Promise<{ learners: number; answeredChecks: number }> {
  await client.query("begin");
  try {
    await seedTopicAndCourse(client);
    await seedLearners(client);
    await seedAnswers(client);
    await client.query("commit");
  } catch (error) {
    await client.query("rollback");
    throw error;
  }
  const { rows } = await client.query<{ learners: number; checks: number }>(
    `select (select count(*)::integer from public.core_memberships
              where entity_id = $1 and user_id::text like 'c1a50003-%') as learners,
            (select count(*)::integer from public.activity_progress p
              join public.activities a on a.id = p.activity_id
              join public.chapters ch on ch.id = a.chapter_id
              where ch.course_id = $2) as checks`,
    [ENTITY_ID, CLASS_COURSE_ID],
  );
  return { learners: rows[0]?.learners ?? 0, answeredChecks: rows[0]?.checks ?? 0 };
}

async function seedTopicAndCourse(client: pg.Client): Promise<void> {
  await client.query(
    `insert into public.topics (id, entity_id, created_by, title, description, visibility, processing_status,
                                processing_progress, structure)
     values ($1, $2, $3, 'Bench class', 'Twintig hoofdstukken voor de klasweergave.', 'entity',
             'completed', 100, $4)
     on conflict (id) do nothing`,
    [CLASS_TOPIC_ID, ENTITY_ID, ADMIN_ID, JSON.stringify(structure())],
  );
  // A source of CLASS_CHUNKS chunks of ten lines each: what a learner's citation dialog, the read policies
  // and the coverage map go through.
  await client.query(
    `insert into public.topic_sources (id, topic_id, kind, file_name, pasted_text, status, created_by)
     values ($1, $2, 'pasted', 'bench.txt', 'Bench class source', 'ingested', $3)
     on conflict (id) do nothing`,
    [SOURCE_ID, CLASS_TOPIC_ID, ADMIN_ID],
  );
  await client.query(
    `insert into public.source_chunks (id, source_id, topic_id, file_name, line_start, line_end, content)
     select ('c1a50006-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid, $1, $2, 'bench.txt', 10 * n,
            10 * n + 9, rtrim(repeat('Een regel uit de bron van de klas, lang genoeg om te toetsen.' || E'\n', 10), E'\n')
     from generate_series(1, $3::integer) as n
     on conflict (id) do nothing`,
    [SOURCE_ID, CLASS_TOPIC_ID, CLASS_CHUNKS],
  );
  await client.query(
    `insert into public.courses (id, topic_id, title, published_at, created_by)
     values ($1, $2, 'Bench class', now(), $3) on conflict (id) do nothing`,
    [CLASS_COURSE_ID, CLASS_TOPIC_ID, ADMIN_ID],
  );
  await client.query(
    `insert into public.chapters (id, course_id, title, position, section_id)
     select ('c1a50004-0000-4000-8000-' || lpad(c::text, 12, '0'))::uuid, $1, 'Hoofdstuk ' || c, c, 's' || c
     from generate_series(1, $2::integer) as c
     on conflict (id) do nothing`,
    [CLASS_COURSE_ID, CLASS_CHAPTERS],
  );
  // Question q of a check: its marked option cycles through 0–3 and its subtopic alternates.
  await client.query(
    `insert into public.activities (id, chapter_id, kind, title, position, payload)
     select ('c1a50005-0000-4000-8000-' || lpad((c * 10 + k.n)::text, 12, '0'))::uuid,
            ('c1a50004-0000-4000-8000-' || lpad(c::text, 12, '0'))::uuid, k.kind, k.title, k.position,
            jsonb_build_object('questions', (
              select jsonb_agg(jsonb_build_object(
                'id', left(k.kind, 1) || c || '-' || q,
                'stem', 'Vraag ' || q || ' van ' || k.title || ' ' || c || '?',
                'options', jsonb_build_array('Optie A', 'Optie B', 'Optie C', 'Optie D'),
                'correct_option', (c + q) % 4,
                'subtopic_id', 's' || c || '-' || (1 + q % 2)
              ) order by q)
              from generate_series(1, $1::integer) as q
            ))
     from generate_series(1, $2::integer) as c
     cross join (values (1, 'diagnostic', 'Diagnose', 2), (2, 'mastery', 'Meesterschap', 5))
       as k(n, kind, title, position)
     on conflict (id) do nothing`,
    [QUESTIONS_PER_CHECK, CLASS_CHAPTERS],
  );
}

async function seedLearners(client: pg.Client): Promise<void> {
  // As Supabase Auth writes a user ('' rather than NULL where Auth reads strings); profiles follow by trigger.
  await client.query(
    `insert into auth.users (instance_id, id, aud, role, email, email_confirmed_at, raw_app_meta_data,
                             raw_user_meta_data, created_at, updated_at, is_super_admin, confirmation_token,
                             recovery_token, email_change_token_new, email_change)
     select '00000000-0000-0000-0000-000000000000',
            ('c1a50003-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid, 'authenticated', 'authenticated',
            'learner' || n || '@bench-class.studymap.test', now(), '{"provider": "email", "providers": ["email"]}',
            jsonb_build_object('full_name', 'Learner ' || n), now(), now(), false, '', '', '', ''
     from generate_series(1, $1::integer) as n
     on conflict (id) do nothing`,
    [CLASS_LEARNERS],
  );
  await client.query(
    `insert into public.core_memberships (entity_id, user_id, member_role, status)
     select $1, ('c1a50003-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid, 'member', 'active'
     from generate_series(1, $2::integer) as n
     on conflict do nothing`,
    [ENTITY_ID, CLASS_LEARNERS],
  );
}

async function seedAnswers(client: pg.Client): Promise<void> {
  await client.query(
    `with learner as (
       select n, ('c1a50003-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid as user_id,
              -- ability in [-2, 2]
              ((hashtext('ability' || n) & 1023) / 1023.0) * 4 - 2 as ability
       from generate_series(1, $1::integer) as n
     ),
     question as (
       select a.id as activity_id, a.kind, ch.position as chapter, q.value as question,
              ((hashtext('difficulty' || (q.value ->> 'id')) & 1023) / 1023.0) * 3 - 1.5 as difficulty
       from public.activities a
       join public.chapters ch on ch.id = a.chapter_id and ch.course_id = $2
       cross join lateral jsonb_array_elements(a.payload -> 'questions') as q(value)
     ),
     answer as (
       select l.user_id, q.activity_id, q.kind, q.question ->> 'id' as question_id,
              (q.question ->> 'correct_option')::integer as marked,
              -- the deliberately bad question: able learners pick the option after the marked one
              case when q.question ->> 'id' = 'm1-1' then l.ability < 0
                   else (hashtext('draw' || l.n || (q.question ->> 'id')) & 1023) / 1023.0
                        < 1 / (1 + exp(q.difficulty - l.ability))
              end as right_answer,
              hashtext('wrong' || l.n || (q.question ->> 'id')) & 3 as spread
       from learner l
       join question q on q.chapter <= $3::integer - l.n % 8
     )
     insert into public.activity_progress (activity_id, user_id, status, result, updated_at)
     select activity_id, user_id, 'completed',
            jsonb_build_object(
              'answers', jsonb_object_agg(question_id,
                case when right_answer then marked else (marked + 1 + spread % 3) % 4 end),
              'correct', count(*) filter (where right_answer),
              'total', count(*),
              'passed', kind = 'mastery' and count(*) filter (where right_answer) >= 4
            ),
            now() - make_interval(days => (hashtext('idle' || user_id::text) & 15))
     from answer
     group by activity_id, user_id, kind
     on conflict (activity_id, user_id) do nothing`,
    [CLASS_LEARNERS, CLASS_COURSE_ID, CLASS_CHAPTERS],
  );
}
