-- Item analysis reads each answer of the class once (bench:class, issue 23 point 7; docs/teachers.md).
--
-- With 500 learners and 200 questions (some 80,000 answers) class_item_analysis took about a second on
-- an idle machine: the answers were a CTE read five times, each learner's per-question totals were a
-- hash of 80,000 groups joined back to every answer, and the sorts and hashes spilled to disk because
-- every row carried two uuids and a text. Now each question gets a number and each chapter one, the
-- answers are read once into narrow rows, and the share right on the chapter's other questions comes
-- from window sums over one sort of them. What the function returns is unchanged (pgTAP
-- 201-class-item-analysis).

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
    with question as materialized (
      -- A number per question (activity and question id) and per chapter, so the answers carry two
      -- integers instead of two uuids and a text through the sorts below.
      select q.*, dense_rank() over (order by q.activity_id, q.question_id)::integer as item,
             dense_rank() over (order by q.chapter_id)::integer as chapter
      from private.course_check_questions(private.class_course_id(p_topic_id)) q
    ),
    item as (
      select distinct q.activity_id, q.question_id, q.item from question q
    ),
    learner as materialized (
      select distinct l.user_id from private.class_learner_ids(p_topic_id) as l(user_id)
    ),
    raw_response as (
      select p.user_id, q.item, (p.result -> 'answers' ->> q.question_id)::numeric::integer as chosen,
             false as from_quiz
      from question q
      join public.activity_progress p on p.activity_id = q.activity_id
      where jsonb_typeof(p.result -> 'answers' -> q.question_id) = 'number'
      union all
      select qa.user_id, q.item, (a.answer ->> 'chosen')::integer, true
      from public.quiz_attempts qa
      cross join lateral jsonb_array_elements(qa.answers) as a(answer)
      join item q on q.activity_id = (a.answer ->> 'activity_id')::uuid
                 and q.question_id = a.answer ->> 'question_id'
      where qa.topic_id = p_topic_id
    ),
    -- Every answer of the class, read once.
    response as materialized (
      select r.user_id, r.item, q.chapter, r.chosen, r.from_quiz,
             coalesce(r.chosen = q.correct_option, false) as correct
      from raw_response r
      join question q on q.item = r.item
      where r.user_id in (select l.user_id from learner l)
    ),
    scored as (
      -- The learner's share right on the chapter's other questions: their chapter's totals less this
      -- question's, from one sort of the answers by learner, chapter and question.
      select r.item, r.correct, r.from_quiz,
             (sum(r.correct::integer) over learner_chapter - sum(r.correct::integer) over learner_item)
               ::double precision
               / nullif(count(*) over learner_chapter - count(*) over learner_item, 0) as rest_score
      from response r
      window learner_chapter as (partition by r.user_id, r.chapter),
             learner_item as (partition by r.user_id, r.chapter, r.item)
    ),
    item_stats as (
      select s.item, count(*)::integer as attempts,
             (count(*) filter (where not s.from_quiz))::integer as check_attempts,
             (count(*) filter (where s.from_quiz))::integer as quiz_attempts,
             avg(s.correct::integer) as share_correct,
             corr(s.correct::integer::double precision, s.rest_score) filter (where s.rest_score is not null)
               as discrimination
      from scored s
      group by s.item
    ),
    pick_count as (
      select r.item, r.chosen, count(*)::integer as picks
      from response r
      group by r.item, r.chosen
    ),
    option_pick as (
      select q.item, o.ord::integer - 1 as option_index, o.option_text,
             o.ord::integer - 1 = q.correct_option as is_correct, coalesce(pc.picks, 0) as picks
      from question q
      cross join lateral jsonb_array_elements_text(q.options) with ordinality as o(option_text, ord)
      left join pick_count pc on pc.item = q.item and pc.chosen = o.ord::integer - 1
    ),
    item_options as (
      select op.item,
             jsonb_agg(jsonb_build_object('index', op.option_index, 'text', op.option_text,
                                          'correct', op.is_correct, 'picks', op.picks)
                       order by op.option_index) as options,
             bool_or(op.picks = 0) as has_unused,
             max(op.picks) filter (where not op.is_correct) as top_wrong_picks,
             max(op.picks) filter (where op.is_correct) as right_picks
      from option_pick op
      group by op.item
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
    left join item_stats st on st.item = q.item
    left join item_options io on io.item = q.item
    order by ch.position, q.kind, q.question_position;
end;
$$;

