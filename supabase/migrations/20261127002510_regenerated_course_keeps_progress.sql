-- Regenerating a course keeps what did not change (issue 23 point 3). Saving a generated course replaced
-- the requester's draft of the topic wholesale: its chapters and activities were deleted, and with them
-- every learner's progress, card states and the phase links that named those ids. Now the new course
-- takes over the ids of what survives: a chapter made from the same section keeps its id, and an
-- activity of the same kind in that chapter with an identical payload keeps its id and its learners'
-- progress and card states. Everything else is new, and the progress of changed activities is dropped
-- (its answers refer to questions that are no longer there).
--
-- Activity ids cannot be made in the task (trigger/generation/ids.ts makes stable ids for chunks and for
-- the questions and cards inside a payload, not for rows), so identity is decided here: same section,
-- same kind, same payload. A deterministic generator gives the same payload for the same cited text.

-- Which old ids the new course takes over --------------------------------------------------------------------
-- Both helpers are security definer like every private helper (010-schema); only save_generated_course, itself
-- security definer, calls them: nobody else may execute them.

-- The key that matches a chapter across runs: its section, or its position when it has none.
create or replace function private.chapter_match_key(p_section_id text, p_position bigint)
returns text
language sql
immutable
security definer
set search_path = ''
as $$
  select coalesce('section:' || p_section_id, 'position:' || p_position)
$$;

comment on function private.chapter_match_key(text, bigint) is
  'The key that matches a chapter of a regenerated course to one of the course it replaces: its '
  'section_id, or its position when it has none.';

/*
 * The ids of p_course_id that a course saved from p_chapters takes over, as
 * {"chapters": {key: chapter_id}, "activities": {"key/kind": activity_id}}. A chapter is taken over when
 * its key occurs once on both sides; an activity of a taken-over chapter when the new chapter has an
 * activity of its kind with exactly the same payload.
 */
create or replace function private.reusable_course_ids(p_course_id uuid, p_chapters jsonb)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  with old_chapters as (
    select ch.id, private.chapter_match_key(ch.section_id, ch.position) as key
    from public.chapters ch
    where ch.course_id = p_course_id
  ),
  new_chapters as (
    select c.chapter, private.chapter_match_key(c.chapter ->> 'section_id', c.ord) as key
    from jsonb_array_elements(p_chapters) with ordinality as c(chapter, ord)
  ),
  matched_chapters as (
    select o.id, n.chapter, o.key
    from old_chapters o
    join new_chapters n on n.key = o.key
    where (select count(*) from old_chapters o2 where o2.key = o.key) = 1
      and (select count(*) from new_chapters n2 where n2.key = o.key) = 1
  ),
  matched_activities as (
    select mc.key || '/' || a.kind as key, a.id
    from matched_chapters mc
    join public.activities a on a.chapter_id = mc.id
    where exists (
      select 1
      from jsonb_array_elements(mc.chapter -> 'activities') as na(activity)
      where na.activity ->> 'kind' = a.kind
        and na.activity -> 'payload' = a.payload
    )
  )
  select jsonb_build_object(
    'chapters', coalesce((select jsonb_object_agg(mc.key, mc.id) from matched_chapters mc), '{}'::jsonb),
    'activities', coalesce((select jsonb_object_agg(ma.key, ma.id) from matched_activities ma), '{}'::jsonb)
  )
$$;

comment on function private.reusable_course_ids(uuid, jsonb) is
  'The chapter and activity ids of p_course_id that a course saved from p_chapters takes over: chapters '
  'by section (or position), activities of the same kind with an identical payload. '
  '{"chapters": {key: id}, "activities": {"key/kind": id}}.';

revoke execute on function private.chapter_match_key(text, bigint) from public;
revoke execute on function private.reusable_course_ids(uuid, jsonb) from public;

-- Writing a course's content -------------------------------------------------------------------------------

/*
 * Inserts p_chapters (save_generated_course's shape) into course p_course_id in one statement: each insert
 * hands its new ids to the next, chapters are numbered by their order. A row takes the id p_reused gives
 * its key, else the id it carries (publish_course_draft rebuilds a draft from its own rows), else a new one.
 */
create or replace function private.insert_course_chapters(p_course_id uuid, p_chapters jsonb, p_reused jsonb)
returns void
language sql
security definer
set search_path = ''
as $$
  with chapter_input as (
    select c.chapter, c.ord::integer as position,
           private.chapter_match_key(c.chapter ->> 'section_id', c.ord) as key
    from jsonb_array_elements(p_chapters) with ordinality as c(chapter, ord)
  ),
  saved_chapters as (
    insert into public.chapters (id, course_id, title, summary, position, section_id)
    select coalesce((p_reused -> 'chapters' ->> ci.key)::uuid, (ci.chapter ->> 'id')::uuid, gen_random_uuid()),
           p_course_id, ci.chapter ->> 'title', ci.chapter ->> 'summary', ci.position,
           ci.chapter ->> 'section_id'
    from chapter_input ci
    returning id, position
  ),
  activity_input as (
    select sc.id as chapter_id, ci.position as chapter_position, ci.key as chapter_key, a.activity,
           a.ord as activity_ord
    from saved_chapters sc
    join chapter_input ci on ci.position = sc.position
    cross join lateral jsonb_array_elements(ci.chapter -> 'activities') with ordinality as a(activity, ord)
  ),
  saved_activities as (
    insert into public.activities (id, chapter_id, kind, title, position, payload)
    select coalesce(
             (p_reused -> 'activities' ->> (ai.chapter_key || '/' || (ai.activity ->> 'kind')))::uuid,
             (ai.activity ->> 'id')::uuid,
             gen_random_uuid()
           ),
           ai.chapter_id, ai.activity ->> 'kind', ai.activity ->> 'title',
           (ai.activity ->> 'position')::integer, ai.activity -> 'payload'
    from activity_input ai
    returning id, chapter_id, kind
  )
  insert into public.activity_citations
    (activity_id, chunk_id, source_url, file_path, page_number, line_start, line_end, snippet)
  select sa.id, r.chunk_id, r.source_url, r.file_path, r.page_number, r.line_start, r.line_end, r.snippet
  from saved_activities sa
  join activity_input ai on ai.chapter_id = sa.chapter_id and ai.activity ->> 'kind' = sa.kind
  cross join lateral rows from (
    jsonb_to_recordset(ai.activity -> 'citations') as (
      chunk_id uuid, source_url text, file_path text, page_number integer, line_start integer,
      line_end integer, snippet text
    )
  ) with ordinality as r(chunk_id, source_url, file_path, page_number, line_start, line_end, snippet, ord)
  -- Citation ids follow the given order: the phase screen lists them by id.
  order by ai.chapter_position, (ai.activity ->> 'position')::integer, ai.activity_ord, r.ord
$$;

comment on function private.insert_course_chapters(uuid, jsonb, jsonb) is
  'Inserts p_chapters (save_generated_course''s shape) into course p_course_id: chapters, activities and '
  'citations, each row with the id p_reused gives its key, else its own "id", else a new one.';

revoke execute on function private.insert_course_chapters(uuid, jsonb, jsonb) from public;

-- save_generated_course ------------------------------------------------------------------------------------

create or replace function public.save_generated_course(
  p_topic_id uuid,
  p_created_by uuid,
  p_title text,
  p_publish boolean,
  p_chapters jsonb
)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_problem text := private.generated_chapters_problem(p_chapters);
  v_course_id uuid;
  v_previous_id uuid;
  v_reused jsonb := '{"chapters": {}, "activities": {}}';
  v_kept_progress jsonb;
  v_kept_cards jsonb;
begin
  if v_problem is not null then
    raise exception 'Invalid course content: %', v_problem
      using errcode = '22023',
            hint = 'p_chapters is [{title, summary, section_id, activities: [{kind, title, position, '
                   'payload, citations: [...]}]}].';
  end if;
  if p_created_by is null or p_publish is null then
    raise exception 'Invalid course: p_created_by and p_publish are required'
      using errcode = '22023';
  end if;

  -- Two saves for the same learner and topic take turns, so the later one sees (and replaces) the
  -- earlier one's course instead of both keeping theirs.
  perform pg_advisory_xact_lock(hashtextextended(p_topic_id::text || '/' || p_created_by::text, 0));

  -- The draft this one replaces (the newest, should older ones be left) hands over what did not change.
  select c.id into v_previous_id
  from public.courses c
  where c.topic_id = p_topic_id and c.created_by = p_created_by and c.published_at is null
  order by c.created_at desc, c.id
  limit 1;
  if v_previous_id is not null then
    v_reused := private.reusable_course_ids(v_previous_id, p_chapters);
  end if;

  -- The learners' state on the surviving activities, put back after the old rows are gone. Locked, so a
  -- learner's write in the meantime waits and then lands on the same activity id in the new course.
  select jsonb_agg(to_jsonb(p)) into v_kept_progress
  from (
    select * from public.activity_progress ap
    where ap.activity_id in (select value::uuid from jsonb_each_text(v_reused -> 'activities'))
    for update
  ) p;
  select jsonb_agg(to_jsonb(s)) into v_kept_cards
  from (
    select * from public.practice_card_states cs
    where cs.activity_id in (select value::uuid from jsonb_each_text(v_reused -> 'activities'))
    for update
  ) s;

  -- The old drafts go first, so their surviving ids are free for the new rows; all in one transaction,
  -- readers still see the previous course or the new one.
  delete from public.courses c
  where c.topic_id = p_topic_id
    and c.created_by = p_created_by
    and c.published_at is null;

  insert into public.courses (topic_id, created_by, title, published_at)
  values (p_topic_id, p_created_by, p_title, case when p_publish then now() end)
  returning id into v_course_id;

  perform private.insert_course_chapters(v_course_id, p_chapters, v_reused);

  -- Put back as they were, timestamps included (the updated_at triggers fire on update only).
  insert into public.activity_progress
  select * from jsonb_populate_recordset(null::public.activity_progress, v_kept_progress);
  insert into public.practice_card_states
  select * from jsonb_populate_recordset(null::public.practice_card_states, v_kept_cards);

  return v_course_id;
end;
$$;

comment on function public.save_generated_course(uuid, uuid, text, boolean, jsonb) is
  'Saves a generated course in one transaction: the course of p_topic_id for p_created_by (published now '
  'when p_publish), its chapters numbered in the order of p_chapters ([{title, summary, section_id, '
  'activities: [{kind, title, position, payload, citations: [{chunk_id, source_url, file_path, '
  'page_number, line_start, line_end, snippet}]}]}]), their activities and citations; it replaces '
  'p_created_by''s unpublished courses of the topic, taking over the ids of chapters of the same section '
  'and of activities whose kind and payload did not change, with their learners'' progress and card '
  'states (private.reusable_course_ids). Returns the new course id. A p_chapters of the wrong shape '
  'raises 22023 and writes nothing. Service role only.';

-- course_regeneration_learners ------------------------------------------------------------------------------

create or replace function public.course_regeneration_learners(p_topic_id uuid)
returns integer
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  -- Not assert_can_manage_topic: inside this security definer function it would see the owner, who
  -- bypasses RLS; the caller's own memberships decide.
  if not coalesce(private.can_manage_topic(p_topic_id), false) then
    raise exception 'Only the creators, managers and admins of this topic''s organisation may regenerate its course.'
      using errcode = '42501';
  end if;
  return (
    select count(distinct p.user_id)::integer
    from public.courses c
    join public.chapters ch on ch.course_id = c.id
    join public.activities a on a.chapter_id = ch.id
    join public.activity_progress p on p.activity_id = a.id
    where c.topic_id = p_topic_id
      and c.created_by = (select auth.uid())
      and c.published_at is null
      and p.status <> 'not_started'
  );
end;
$$;

comment on function public.course_regeneration_learners(uuid) is
  'How many learners have progress on the course a "Genereer leerpad" by the caller would replace (the '
  'caller''s unpublished courses of the topic), so the app asks before regenerating. Only a number, and '
  'only for those who may manage the topic (42501 otherwise).';

revoke execute on function public.course_regeneration_learners(uuid) from public, anon, authenticated, service_role;
grant execute on function public.course_regeneration_learners(uuid) to authenticated;
