-- Item analysis (issue 23, docs/teachers.md "Item analysis"): for every diagnostic and mastery question
-- of a topic's latest published course, how its class answered it, and flags where it looks wrong.
--
-- Answers counted: each learner's latest diagnostic or mastery answer to the question
-- (activity_progress.result.answers) and every topic-quiz answer to it (quiz_attempts.answers; the quiz
-- asks the checks' own questions, so its answers are pooled into the question they were drawn from).
-- Only answered questions count, and only learners of the class (private.class_learner_ids). Correctness
-- is recomputed from the chosen option and the question's correct option, not taken from the client.
--
-- Discrimination is the corrected point-biserial correlation: Pearson's r (Postgres's corr) between an
-- answer being right (0/1) and the same learner's share right on the chapter's *other* questions. The
-- question itself is left out of that score so it cannot correlate with itself. Why not the upper-lower
-- 27 % index: a class of 20 gives groups of about five, where one learner moves the index by 0.2, and it
-- throws away the middle 46 % of answers; the correlation uses every answer. It is null when every
-- answer is alike (no variance) or no learner answered another question of the chapter.
--
-- Counts only, no names: for the organisation's active creators, managers and admins, as the class view.

create or replace function public.class_item_analysis(p_topic_id uuid)
returns table (
  chapter_id uuid,
  chapter_position integer,
  chapter_title text,
  activity_id uuid,
  kind text,
  question_id text,
  question_position integer,
  subtopic_id text,
  stem text,
  attempts integer,
  check_attempts integer,
  quiz_attempts integer,
  share_correct numeric,
  discrimination numeric,
  options jsonb,
  flags text[]
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.require_class_viewer(p_topic_id, 7);
  return query
    with question as (
      select * from private.course_check_questions(private.class_course_id(p_topic_id))
    ),
    learner as (
      select private.class_learner_ids(p_topic_id) as user_id
    ),
    raw_response as (
      select p.user_id, q.activity_id, q.question_id,
             (p.result -> 'answers' ->> q.question_id)::numeric::integer as chosen, 'check' as source
      from question q
      join public.activity_progress p on p.activity_id = q.activity_id
      where jsonb_typeof(p.result -> 'answers' -> q.question_id) = 'number'
      union all
      select qa.user_id, (a.answer ->> 'activity_id')::uuid, a.answer ->> 'question_id',
             (a.answer ->> 'chosen')::integer, 'quiz'
      from public.quiz_attempts qa
      cross join lateral jsonb_array_elements(qa.answers) as a(answer)
      where qa.topic_id = p_topic_id
    ),
    response as (
      select r.user_id, r.activity_id, r.question_id, r.chosen, r.source, q.chapter_id,
             coalesce(r.chosen = q.correct_option, false) as correct
      from raw_response r
      join question q on q.activity_id = r.activity_id and q.question_id = r.question_id
      where r.user_id in (select l.user_id from learner l)
    ),
    learner_chapter as (
      select r.user_id, r.chapter_id, count(*) as answered, count(*) filter (where r.correct) as right_answers
      from response r
      group by r.user_id, r.chapter_id
    ),
    learner_item as (
      select r.user_id, r.activity_id, r.question_id, count(*) as answered,
             count(*) filter (where r.correct) as right_answers
      from response r
      group by r.user_id, r.activity_id, r.question_id
    ),
    scored as (
      -- The learner's share right on the chapter's other questions.
      select r.activity_id, r.question_id, r.correct, r.source,
             (lc.right_answers - li.right_answers)::double precision
               / nullif(lc.answered - li.answered, 0) as rest_score
      from response r
      join learner_chapter lc on lc.user_id = r.user_id and lc.chapter_id = r.chapter_id
      join learner_item li on li.user_id = r.user_id and li.activity_id = r.activity_id
                          and li.question_id = r.question_id
    ),
    item_stats as (
      select s.activity_id, s.question_id, count(*)::integer as attempts,
             (count(*) filter (where s.source = 'check'))::integer as check_attempts,
             (count(*) filter (where s.source = 'quiz'))::integer as quiz_attempts,
             avg(s.correct::integer) as share_correct,
             corr(s.correct::integer::double precision, s.rest_score) filter (where s.rest_score is not null)
               as discrimination
      from scored s
      group by s.activity_id, s.question_id
    ),
    option_pick as (
      select q.activity_id, q.question_id, o.ord::integer - 1 as option_index, o.option_text,
             o.ord::integer - 1 = q.correct_option as is_correct,
             (select count(*) from response r
              where r.activity_id = q.activity_id and r.question_id = q.question_id
                and r.chosen = o.ord::integer - 1)::integer as picks
      from question q
      cross join lateral jsonb_array_elements_text(q.options) with ordinality as o(option_text, ord)
    ),
    item_options as (
      select op.activity_id, op.question_id,
             jsonb_agg(jsonb_build_object('index', op.option_index, 'text', op.option_text,
                                          'correct', op.is_correct, 'picks', op.picks)
                       order by op.option_index) as options,
             bool_or(op.picks = 0) as has_unused,
             max(op.picks) filter (where not op.is_correct) as top_wrong_picks,
             max(op.picks) filter (where op.is_correct) as right_picks
      from option_pick op
      group by op.activity_id, op.question_id
    ),
    threshold as (
      select
        max(t.threshold) filter (where t.flag = 'too_easy') as too_easy,
        max(t.min_attempts) filter (where t.flag = 'too_easy') as too_easy_min,
        max(t.threshold) filter (where t.flag = 'too_hard') as too_hard,
        max(t.min_attempts) filter (where t.flag = 'too_hard') as too_hard_min,
        max(t.threshold) filter (where t.flag = 'negative_discrimination') as discrimination,
        max(t.min_attempts) filter (where t.flag = 'negative_discrimination') as discrimination_min,
        max(t.min_attempts) filter (where t.flag = 'unused_option') as unused_min,
        max(t.min_attempts) filter (where t.flag = 'wrong_option_beats_right') as beats_min
      from public.item_flag_thresholds() t
    )
    select q.chapter_id, ch.position, ch.title, q.activity_id, q.kind, q.question_id, q.question_position,
           q.subtopic_id, q.stem,
           coalesce(st.attempts, 0), coalesce(st.check_attempts, 0), coalesce(st.quiz_attempts, 0),
           round(st.share_correct, 3), round(st.discrimination::numeric, 3),
           coalesce(io.options, '[]'::jsonb),
           array_remove(array[
             case when st.attempts >= th.too_easy_min and st.share_correct > th.too_easy
                  then 'too_easy' end,
             case when st.attempts >= th.too_hard_min and st.share_correct < th.too_hard
                  then 'too_hard' end,
             case when st.attempts >= th.discrimination_min and st.discrimination < th.discrimination
                  then 'negative_discrimination' end,
             case when st.attempts >= th.unused_min and io.has_unused then 'unused_option' end,
             case when st.attempts >= th.beats_min and io.top_wrong_picks > io.right_picks
                  then 'wrong_option_beats_right' end
           ], null)
    from question q
    join public.chapters ch on ch.id = q.chapter_id
    cross join threshold th
    left join item_stats st on st.activity_id = q.activity_id and st.question_id = q.question_id
    left join item_options io on io.activity_id = q.activity_id and io.question_id = q.question_id
    order by ch.position, q.kind, q.question_position;
end;
$$;

comment on function public.class_item_analysis(uuid) is
  'Per diagnostic and mastery question of a topic''s latest published course: answers from the class '
  '(checks and topic quizzes), share correct, discrimination (corrected point-biserial), each option''s '
  'picks and the flags of item_flag_thresholds(). Active creators, managers and admins of the '
  'organisation only (42501); docs/teachers.md.';

revoke execute on function public.class_item_analysis(uuid) from public, anon, authenticated, service_role;
grant execute on function public.class_item_analysis(uuid) to authenticated;
