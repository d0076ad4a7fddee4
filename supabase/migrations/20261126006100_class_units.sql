-- The class view's rows (issue 23, docs/teachers.md): what a teacher's counts are per. A topic's class
-- view reads its latest published course (the one every learner of the topic studies; a draft is one
-- learner's own). Each chapter is a row, and so is each subtopic of it: the subtopics of the structure
-- section the chapter was made from, in the structure's order, then any subtopic a check question names
-- that the structure does not (a structure edited after generation), by id.
--
-- Private and unreachable by the API roles: the public RPCs that call it check who asks first.

/** The latest published course of a topic: the one its class studies. */
create or replace function private.class_course_id(p_topic_id uuid)
returns uuid
language sql
stable
security definer
set search_path = ''
as $$
  select c.id
  from public.courses c
  where c.topic_id = p_topic_id
    and c.published_at is not null
  order by c.published_at desc, c.created_at desc, c.id
  limit 1
$$;

comment on function private.class_course_id(uuid) is
  'The latest published course of a topic, which its class studies; null when none is published.';

/**
 * The class of a topic: the active members of its organisation. A teacher sees only their organisation,
 * and a reader of a public topic from elsewhere is nobody's to count or name.
 */
create or replace function private.class_learner_ids(p_topic_id uuid)
returns setof uuid
language sql
stable
security definer
set search_path = ''
as $$
  select m.user_id
  from public.core_memberships m
  join public.topics t on t.entity_id = m.entity_id and t.id = p_topic_id
  where m.status = 'active' and m.user_id is not null
$$;

comment on function private.class_learner_ids(uuid) is
  'The learners a topic''s class view and item analysis count: active members of its organisation.';

/** One check question of a course per row: the unit of the class view and of the item analysis. */
create or replace function private.course_check_questions(p_course_id uuid)
returns table (
  chapter_id uuid,
  activity_id uuid,
  kind text,
  question_id text,
  question_position integer,
  subtopic_id text,
  correct_option integer,
  stem text,
  options jsonb
)
language sql
stable
security definer
set search_path = ''
as $$
  select a.chapter_id, a.id, a.kind, q.question ->> 'id', q.ord::integer, q.question ->> 'subtopic_id',
         -- The writers' zod schema makes it a whole number; anything else is left unscorable (null).
         case when jsonb_typeof(q.question -> 'correct_option') = 'number'
              then (q.question ->> 'correct_option')::numeric::integer end,
         q.question ->> 'stem',
         case when jsonb_typeof(q.question -> 'options') = 'array' then q.question -> 'options'
              else '[]'::jsonb end
  from public.chapters ch
  join public.activities a on a.chapter_id = ch.id and a.kind in ('diagnostic', 'mastery')
  cross join lateral jsonb_array_elements(a.payload -> 'questions') with ordinality as q(question, ord)
  where ch.course_id = p_course_id
    and jsonb_typeof(q.question) = 'object'
    and q.question ? 'id'
$$;

comment on function private.course_check_questions(uuid) is
  'Every diagnostic and mastery question of a course: chapter, activity, kind, question id and position, '
  'subtopic, correct option, stem and options.';

/** The chapters and subtopics a topic's class view counts, in reading order. */
create or replace function private.class_units(p_topic_id uuid)
returns table (
  chapter_id uuid,
  chapter_position integer,
  chapter_title text,
  subtopic_id text,
  subtopic_title text,
  subtopic_position integer
)
language sql
stable
security definer
set search_path = ''
as $$
  with chapter as (
    select ch.id, ch.position, ch.title, ch.section_id
    from public.chapters ch
    where ch.course_id = private.class_course_id(p_topic_id)
  ),
  structure_subtopic as (
    select ch.id as chapter_id, st.subtopic ->> 'subtopic_id' as subtopic_id, st.subtopic ->> 'title' as title,
           st.ord::integer as position
    from chapter ch
    join public.topics t on t.id = p_topic_id and jsonb_typeof(t.structure -> 'sections') = 'array'
    cross join lateral jsonb_array_elements(t.structure -> 'sections') as sec(section)
    cross join lateral jsonb_array_elements(
      case when jsonb_typeof(sec.section -> 'subtopics') = 'array' then sec.section -> 'subtopics'
           else '[]'::jsonb end
    ) with ordinality as st(subtopic, ord)
    where sec.section ->> 'section_id' = ch.section_id
      and st.subtopic ->> 'subtopic_id' is not null
  ),
  question_subtopic as (
    select distinct q.chapter_id, q.subtopic_id
    from private.course_check_questions(private.class_course_id(p_topic_id)) q
    where q.subtopic_id is not null
      and not exists (
        select 1 from structure_subtopic s where s.chapter_id = q.chapter_id and s.subtopic_id = q.subtopic_id
      )
  )
  select ch.id, ch.position, ch.title, null::text, null::text, 0
  from chapter ch
  union all
  select s.chapter_id, ch.position, ch.title, s.subtopic_id, s.title, s.position
  from structure_subtopic s
  join chapter ch on ch.id = s.chapter_id
  union all
  select q.chapter_id, ch.position, ch.title, q.subtopic_id, q.subtopic_id,
         (10000 + row_number() over (partition by q.chapter_id order by q.subtopic_id))::integer
  from question_subtopic q
  join chapter ch on ch.id = q.chapter_id
$$;

comment on function private.class_units(uuid) is
  'The rows of a topic''s class view: each chapter of its latest published course (subtopic null) and '
  'each of its subtopics (structure order, then subtopics only questions name).';

revoke execute on function private.class_course_id(uuid), private.class_learner_ids(uuid),
  private.course_check_questions(uuid),
  private.class_units(uuid) from public, anon, authenticated, service_role;
