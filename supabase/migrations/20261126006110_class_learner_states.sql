-- Where each learner of a topic's class stands, per chapter and subtopic (issue 23, docs/teachers.md).
-- The class is the active members of the topic's organisation (private.class_learner_ids). A learner
-- appears for a chapter once they have started it (a progress row or a practice card state on one of
-- its activities).
--
-- What the learner's own rows say (src/domain/microlearning.ts writes them):
--   activity_progress.result of a diagnostic or mastery activity is {answers: {question_id: chosen},
--   correct, total, gaps, passed}; the latest attempt only (one row per learner and activity).
--
--   chapter   excused  the diagnostic was answered without a mistake (study and practice are skipped)
--             passed   the mastery check was passed; failed: it was taken and not passed
--             stuck    started, mastery not passed, and no progress in the chapter for p_stuck_days days
--   subtopic  excused  every diagnostic question of the subtopic answered right
--             passed   every mastery question of the subtopic answered right; failed: one of them wrong
--             stuck    stuck in the chapter, and the subtopic neither passed nor excused
-- An unanswered question counts as wrong, as the learner's own score counts it.

create or replace function private.class_learner_states(p_topic_id uuid, p_stuck_days integer)
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
  with unit as (
    select * from private.class_units(p_topic_id)
  ),
  chapter_activity as (
    select a.id, a.chapter_id, a.kind
    from public.activities a
    where a.chapter_id in (select u.chapter_id from unit u where u.subtopic_id is null)
  ),
  touch as (
    select p.user_id, ca.chapter_id, p.updated_at as at
    from public.activity_progress p
    join chapter_activity ca on ca.id = p.activity_id
    union all
    select s.user_id, ca.chapter_id, s.updated_at
    from public.practice_card_states s
    join chapter_activity ca on ca.id = s.activity_id
  ),
  started as (
    select t.user_id, t.chapter_id, max(t.at) as last_at
    from touch t
    where t.user_id in (select private.class_learner_ids(p_topic_id))
    group by t.user_id, t.chapter_id
  ),
  check_result as (
    select p.user_id, ca.chapter_id, ca.kind, p.result
    from public.activity_progress p
    join chapter_activity ca on ca.id = p.activity_id and ca.kind in ('diagnostic', 'mastery')
    where jsonb_typeof(p.result -> 'answers') = 'object'
  ),
  chapter_verdict as (
    select r.user_id, r.chapter_id,
           coalesce(bool_or(
             r.kind = 'diagnostic'
             and jsonb_typeof(r.result -> 'total') = 'number'
             and r.result -> 'total' > '0'::jsonb
             and r.result -> 'correct' = r.result -> 'total'
           ), false) as excused,
           coalesce(bool_or(r.kind = 'mastery' and r.result -> 'passed' = 'true'::jsonb), false) as passed,
           coalesce(bool_or(r.kind = 'mastery' and r.result -> 'passed' is distinct from 'true'::jsonb), false)
             as failed
    from check_result r
    group by r.user_id, r.chapter_id
  ),
  subtopic_verdict as (
    select r.user_id, q.chapter_id, q.subtopic_id, q.kind,
           bool_and(coalesce((r.result -> 'answers' ->> q.question_id) = q.correct_option::text, false))
             as all_right
    from check_result r
    join private.course_check_questions(private.class_course_id(p_topic_id)) q
      on q.chapter_id = r.chapter_id and q.kind = r.kind
    where q.subtopic_id is not null
    group by r.user_id, q.chapter_id, q.subtopic_id, q.kind
  ),
  state as (
    select s.user_id, u.chapter_id, u.subtopic_id, s.last_at,
           s.last_at < now() - make_interval(days => p_stuck_days) as idle,
           case when u.subtopic_id is null then coalesce(cv.excused, false)
                else coalesce(d.all_right, false) end as excused,
           case when u.subtopic_id is null then coalesce(cv.passed, false)
                else coalesce(m.all_right, false) end as passed,
           case when u.subtopic_id is null then coalesce(cv.failed, false)
                else coalesce(not m.all_right, false) end as failed,
           coalesce(cv.passed, false) as chapter_passed
    from started s
    join unit u on u.chapter_id = s.chapter_id
    left join chapter_verdict cv on cv.user_id = s.user_id and cv.chapter_id = s.chapter_id
    left join subtopic_verdict d
      on d.user_id = s.user_id and d.chapter_id = u.chapter_id and d.subtopic_id = u.subtopic_id
     and d.kind = 'diagnostic'
    left join subtopic_verdict m
      on m.user_id = s.user_id and m.chapter_id = u.chapter_id and m.subtopic_id = u.subtopic_id
     and m.kind = 'mastery'
  )
  select st.user_id, st.chapter_id, st.subtopic_id, st.excused, st.passed, st.failed,
         st.idle and not st.chapter_passed
           and (st.subtopic_id is null or not (st.passed or st.excused)) as stuck,
         st.last_at
  from state st
$$;

comment on function private.class_learner_states(uuid, integer) is
  'Per learner of a topic''s class (active members of its organisation) who started a chapter: per chapter '
  '(subtopic null) and subtopic, whether the diagnostic excused them, mastery passed or failed, and whether '
  'they are stuck (no progress for p_stuck_days days without passing); see docs/teachers.md.';

revoke execute on function private.class_learner_states(uuid, integer)
  from public, anon, authenticated, service_role;
