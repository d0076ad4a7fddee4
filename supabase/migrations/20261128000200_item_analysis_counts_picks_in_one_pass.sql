-- Item analysis counts each option's picks in one pass over the answers (bench:class, issue 23 point 7).
--
-- Each option's picks were a subquery over every answer of the class, run once per option: with 500
-- learners and 200 questions (800 options, some 80,000 answers) that is 64 million comparisons, and the
-- item analysis ran past the API's statement timeout. The answers are now counted per question and
-- option once, and each option looks its count up. What the function returns is unchanged.

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
    pick_count as (
      select r.activity_id, r.question_id, r.chosen, count(*)::integer as picks
      from response r
      group by r.activity_id, r.question_id, r.chosen
    ),
    option_pick as (
      select q.activity_id, q.question_id, o.ord::integer - 1 as option_index, o.option_text,
             o.ord::integer - 1 = q.correct_option as is_correct, coalesce(pc.picks, 0) as picks
      from question q
      cross join lateral jsonb_array_elements_text(q.options) with ordinality as o(option_text, ord)
      left join pick_count pc on pc.activity_id = q.activity_id and pc.question_id = q.question_id
                             and pc.chosen = o.ord::integer - 1
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

