-- The class view reads each learner's answers once (bench:class, issue 23 point 7; docs/teachers.md).
--
-- With 500 learners and 200 questions, class_topic_progress and class_subtopic_learners took 0.6-0.7 s
-- on an idle machine, nearly all of it in private.class_learner_states:
--   * each subtopic verdict joined the learners' whole progress rows (result jsonb and all) to the
--     chapter's questions, then sorted those 82,000 wide rows on disk before looking at one answer;
--   * the diagnostic and mastery verdicts were one aggregate read twice, filtered each time;
--   * class_topic_progress joined every learner's state to the rows on `is not distinct from`, which no
--     hash join can take, so it sorted and filtered 74,000 pairs;
--   * the drill-down computed every chapter's states to show one chapter's.
-- Now each progress row of the class is read once, reduced to the few values the verdicts need (the
-- answers object and three booleans); each is compared with a subtopic's questions as two arrays, once
-- per learner, check and subtopic; the subtopic verdicts are one aggregate with a filter per kind;
-- the class view counts per row before it joins the rows, and the drill-down asks for its chapter only.
-- private.class_units compares the chapters with its course once, not per chapter row.
-- What the RPCs return is unchanged (pgTAP 200-class-view).

/** The chapters and subtopics a topic's class view counts, in reading order (as 20261126006100). */
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
  with course as materialized (
    select private.class_course_id(p_topic_id) as id
  ),
  chapter as materialized (
    select ch.id, ch.position, ch.title, ch.section_id
    from public.chapters ch
    where ch.course_id = (select c.id from course c)
  ),
  structure_subtopic as materialized (
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
    from course c
    cross join lateral private.course_check_questions(c.id) q
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

/**
 * Where each learner of a topic's class stands, per chapter and subtopic (as 20261126006110, which
 * documents the states), for one chapter or (p_chapter_id null) all of them.
 */
create or replace function private.class_learner_states(
  p_topic_id uuid,
  p_stuck_days integer,
  p_chapter_id uuid
)
returns table (
  user_id uuid,
  chapter_id uuid,
  subtopic_id text,
  excused boolean,
  passed boolean,
  failed boolean,
  stuck boolean,
  last_progress_at timestamptz
)
language sql
stable
security definer
set search_path = ''
as $$
  with unit as materialized (
    select u.chapter_id, u.subtopic_id
    from private.class_units(p_topic_id) u
    where p_chapter_id is null or u.chapter_id = p_chapter_id
  ),
  chapter_activity as materialized (
    select a.id, a.chapter_id, a.kind
    from public.activities a
    where a.chapter_id in (select u.chapter_id from unit u where u.subtopic_id is null)
  ),
  learner as materialized (
    select distinct l.user_id from private.class_learner_ids(p_topic_id) as l(user_id)
  ),
  -- Each progress row of the class, read once and reduced to what the verdicts need. A check's answers
  -- are those of its latest attempt; a row without an answers object counts for "started" only.
  progress as materialized (
    select p.user_id, ca.chapter_id, ca.kind, p.updated_at, x.answers,
           ca.kind = 'diagnostic'
             and jsonb_typeof(p.result -> 'total') = 'number'
             and p.result -> 'total' > '0'::jsonb
             and p.result -> 'correct' = p.result -> 'total' as excused,
           ca.kind = 'mastery' and p.result -> 'passed' = 'true'::jsonb as passed,
           ca.kind = 'mastery' and p.result -> 'passed' is distinct from 'true'::jsonb as failed
    from public.activity_progress p
    join chapter_activity ca on ca.id = p.activity_id
    cross join lateral (
      select case when ca.kind in ('diagnostic', 'mastery') and jsonb_typeof(p.result -> 'answers') = 'object'
                  then p.result -> 'answers' end as answers
    ) x
    where p.user_id in (select l.user_id from learner l)
  ),
  started as (
    select t.user_id, t.chapter_id, max(t.at) as last_at
    from (
      select pr.user_id, pr.chapter_id, pr.updated_at as at from progress pr
      union all
      select s.user_id, ca.chapter_id, s.updated_at
      from public.practice_card_states s
      join chapter_activity ca on ca.id = s.activity_id
      where s.user_id in (select l.user_id from learner l)
    ) t
    group by t.user_id, t.chapter_id
  ),
  chapter_verdict as (
    select pr.user_id, pr.chapter_id,
           coalesce(bool_or(pr.excused), false) as excused,
           coalesce(bool_or(pr.passed), false) as passed,
           coalesce(bool_or(pr.failed), false) as failed
    from progress pr
    where pr.answers is not null
    group by pr.user_id, pr.chapter_id
  ),
  -- Each subtopic's questions of a check as two arrays, so that a learner's answers are compared in the
  -- row that holds them (one row per learner, check and subtopic rather than per question), and
  -- materialized so that the comparison runs once, before the rows are grouped.
  question_group as (
    select q.chapter_id, q.kind, q.subtopic_id, array_agg(q.question_id) as question_ids,
           array_agg(q.correct_option::text) as correct_options
    from private.course_check_questions(private.class_course_id(p_topic_id)) q
    where q.subtopic_id is not null
    group by q.chapter_id, q.kind, q.subtopic_id
  ),
  subtopic_check as materialized (
    select pr.user_id, g.chapter_id, g.subtopic_id, g.kind,
           not exists (
             select 1 from unnest(g.question_ids, g.correct_options) as x(question_id, correct_option)
             where not coalesce((pr.answers ->> x.question_id) = x.correct_option, false)
           ) as all_right
    from progress pr
    join question_group g on g.chapter_id = pr.chapter_id and g.kind = pr.kind
    where pr.answers is not null
  ),
  -- Every diagnostic (mastery) question of the subtopic answered right; null when none was taken.
  subtopic_verdict as (
    select c.user_id, c.chapter_id, c.subtopic_id,
           bool_and(c.all_right) filter (where c.kind = 'diagnostic') as diagnostic_right,
           bool_and(c.all_right) filter (where c.kind = 'mastery') as mastery_right
    from subtopic_check c
    group by c.user_id, c.chapter_id, c.subtopic_id
  ),
  state as (
    select s.user_id, u.chapter_id, u.subtopic_id, s.last_at,
           s.last_at < now() - make_interval(days => p_stuck_days) as idle,
           case when u.subtopic_id is null then coalesce(cv.excused, false)
                else coalesce(sv.diagnostic_right, false) end as excused,
           case when u.subtopic_id is null then coalesce(cv.passed, false)
                else coalesce(sv.mastery_right, false) end as passed,
           case when u.subtopic_id is null then coalesce(cv.failed, false)
                else coalesce(not sv.mastery_right, false) end as failed,
           coalesce(cv.passed, false) as chapter_passed
    from started s
    join unit u on u.chapter_id = s.chapter_id
    left join chapter_verdict cv on cv.user_id = s.user_id and cv.chapter_id = s.chapter_id
    left join subtopic_verdict sv
      on sv.user_id = s.user_id and sv.chapter_id = u.chapter_id and sv.subtopic_id = u.subtopic_id
  )
  select st.user_id, st.chapter_id, st.subtopic_id, st.excused, st.passed, st.failed,
         st.idle and not st.chapter_passed
           and (st.subtopic_id is null or not (st.passed or st.excused)) as stuck,
         st.last_at
  from state st
$$;

comment on function private.class_learner_states(uuid, integer, uuid) is
  'Per learner of a topic''s class (active members of its organisation) who started a chapter (one chapter, '
  'or all when p_chapter_id is null): per chapter (subtopic null) and subtopic, whether the diagnostic '
  'excused them, mastery passed or failed, and whether they are stuck (no progress for p_stuck_days days '
  'without passing); see docs/teachers.md.';

revoke execute on function private.class_learner_states(uuid, integer, uuid)
  from public, anon, authenticated, service_role;

-- Counts per row first (a group treats null subtopics as equal), then joins the 60-odd rows.
create or replace function public.class_topic_progress(p_topic_id uuid, p_stuck_days integer default 7)
returns table (
  chapter_id uuid,
  chapter_position integer,
  chapter_title text,
  subtopic_id text,
  subtopic_title text,
  started integer,
  excused integer,
  passed integer,
  failed integer,
  stuck integer
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.require_class_viewer(p_topic_id, p_stuck_days);
  return query
    with state_count as (
      select s.chapter_id, s.subtopic_id, count(*)::integer as started,
             (count(*) filter (where s.excused))::integer as excused,
             (count(*) filter (where s.passed))::integer as passed,
             (count(*) filter (where s.failed))::integer as failed,
             (count(*) filter (where s.stuck))::integer as stuck
      from private.class_learner_states(p_topic_id, p_stuck_days, null) s
      group by s.chapter_id, s.subtopic_id
    )
    select u.chapter_id, u.chapter_position, u.chapter_title, u.subtopic_id, u.subtopic_title,
           coalesce(c.started, 0), coalesce(c.excused, 0), coalesce(c.passed, 0), coalesce(c.failed, 0),
           coalesce(c.stuck, 0)
    from private.class_units(p_topic_id) u
    left join state_count c on c.chapter_id = u.chapter_id and c.subtopic_id is not distinct from u.subtopic_id
    order by u.chapter_position, u.subtopic_position;
end;
$$;

-- Reads the one chapter asked for (a null chapter is still no chapter: no rows).
create or replace function public.class_subtopic_learners(
  p_topic_id uuid,
  p_chapter_id uuid,
  p_subtopic_id text default null,
  p_stuck_days integer default 7
)
returns table (
  user_id uuid,
  display_name text,
  email text,
  excused boolean,
  passed boolean,
  failed boolean,
  stuck boolean,
  last_progress_at timestamptz
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not coalesce(
    private.has_role_on_entity((select t.entity_id from public.topics t where t.id = p_topic_id), array['manager']),
    false
  ) then
    raise exception 'Only the managers and admins of this topic''s organisation can see who its learners are.'
      using errcode = '42501';
  end if;
  perform private.require_class_viewer(p_topic_id, p_stuck_days);
  return query
    select s.user_id, p.display_name, p.email, s.excused, s.passed, s.failed, s.stuck, s.last_progress_at
    from private.class_learner_states(p_topic_id, p_stuck_days, p_chapter_id) s
    join public.profiles p on p.id = s.user_id
    where s.chapter_id = p_chapter_id
      and s.subtopic_id is not distinct from p_subtopic_id
    order by s.stuck desc, s.failed desc, lower(coalesce(p.display_name, p.email)), s.user_id;
end;
$$;

-- Both RPCs read the one above now; nothing else called the whole-class form.
drop function private.class_learner_states(uuid, integer);
