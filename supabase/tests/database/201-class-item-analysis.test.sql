-- Item analysis (20261126006200_item_flag_thresholds.sql, 20261126006210_class_item_analysis.sql,
-- docs/teachers.md): ten learners of alpha answer the mastery check of chapter alpha, whose option 0 is
-- right everywhere. Learner k gets good question gj right when k > j (so the good questions separate
-- stronger from weaker learners), and everyone gets the easy question right. The deliberately bad
-- question goes the other way: only the weakest learner (l1) picks the right option, l2 and l3 pick
-- option 2, l4..l10 pick option 1, and option 3 is never picked. One topic quiz answer (l10, g1 right)
-- pools into g1.

begin;
select plan(21);
select tests.create_world();

select tests.create_supabase_user('l' || k) from generate_series(1, 10) as k;
insert into public.core_memberships (entity_id, user_id, member_role, status)
select tests.id('entity:alpha'), tests.id('user:l' || k), 'member', 'active' from generate_series(1, 10) as k;

create function pg_temp.question(p_id text, p_options jsonb)
returns jsonb
language sql
as $$
  select jsonb_build_object('id', p_id, 'stem', 'Stem ' || p_id, 'options', p_options, 'correct_option', 0,
    'explanation', '', 'difficulty', 'medium', 'subtopic_id', null, 'citations', '[]'::jsonb)
$$;

insert into public.activities (id, chapter_id, kind, title, position, payload)
values (tests.id('activity:alpha-mastery'), tests.id('chapter:alpha'), 'mastery', 'Mastery', 5,
  jsonb_build_object('questions', jsonb_build_array(
    pg_temp.question('g1', '["right", "wrong"]'), pg_temp.question('g2', '["right", "wrong"]'),
    pg_temp.question('g3', '["right", "wrong"]'), pg_temp.question('g4', '["right", "wrong"]'),
    pg_temp.question('easy', '["right", "wrong"]'),
    pg_temp.question('bad', '["right", "tempting", "plausible", "absurd"]'))));

insert into public.activity_progress (activity_id, user_id, status, result)
select tests.id('activity:alpha-mastery'), tests.id('user:l' || k), 'completed',
       jsonb_build_object(
         'answers', jsonb_build_object(
           'g1', case when k > 1 then 0 else 1 end, 'g2', case when k > 2 then 0 else 1 end,
           'g3', case when k > 3 then 0 else 1 end, 'g4', case when k > 4 then 0 else 1 end,
           'easy', 0, 'bad', case when k = 1 then 0 when k <= 3 then 2 else 1 end),
         'correct', 0, 'total', 6, 'gaps', '[]'::jsonb, 'passed', false)
from generate_series(1, 10) as k;

insert into public.quiz_attempts (user_id, topic_id, answers, score, total)
values (tests.id('user:l10'), tests.id('topic:alpha'), jsonb_build_array(jsonb_build_object(
  'activity_id', tests.id('activity:alpha-mastery'), 'question_id', 'g1', 'chosen', 0, 'correct', true)), 1, 1);

create function pg_temp.outcome(p_who text, p_sql text)
returns text
language plpgsql
as $$
declare
  v_result text;
begin
  perform tests.impersonate(p_who);
  execute p_sql into v_result;
  perform tests.clear_authentication();
  return v_result;
exception when others then
  perform tests.clear_authentication();
  return 'error ' || sqlstate;
end;
$$;

-- The analysis as the admin sees it, kept for the checks below.
create temporary table item on commit drop as
select * from public.class_item_analysis(null) where false;
grant insert on item to authenticated;

select tests.impersonate('admin');
insert into item select * from public.class_item_analysis(tests.id('topic:alpha'));
select tests.clear_authentication();

-- The deliberately bad question --------------------------------------------------------------------------

select is(
  (select format('%s answers, %s right', attempts, share_correct) from item where question_id = 'bad'),
  '10 answers, 0.100 right',
  'bad: ten answers, one right'
);
select is(
  (select flags from item where question_id = 'bad'),
  array['too_hard', 'negative_discrimination', 'unused_option', 'wrong_option_beats_right'],
  'bad: too hard, negative discrimination, an option nobody picks, a wrong option picked more than the right one'
);
select is(
  (select string_agg(format('%s %s', o ->> 'text', o ->> 'picks'), ', ' order by (o ->> 'index')::int)
   from item, jsonb_array_elements(options) as o where question_id = 'bad'),
  'right 1, tempting 7, plausible 2, absurd 0',
  'bad: the picks per option'
);
-- Learner k's share right on the other questions is (min(k - 1, 4) + 1) / 5; the bad question is right
-- for k = 1 alone. Pearson's r of those ten pairs, worked out independently of the function:
select is(
  (select discrimination from item where question_id = 'bad'),
  (select round(corr((k = 1)::integer::double precision, (least(k - 1, 4) + 1) / 5.0)::numeric, 3)
   from generate_series(1, 10) as k),
  'bad: discrimination is the point-biserial correlation with the rest of the chapter'
);
select ok((select discrimination < 0 from item where question_id = 'bad'), 'bad: ... which is negative');

-- The other questions ----------------------------------------------------------------------------------

select is((select flags from item where question_id = 'easy'), array['too_easy', 'unused_option'],
  'easy: everyone right is too easy, and its wrong option is never picked');
select is((select discrimination from item where question_id = 'easy'), null,
  'easy: no discrimination when every answer is alike');
select is((select flags from item where question_id = q), '{}'::text[], q || ': no flag')
from unnest(array['g2', 'g3', 'g4']) as q;
select ok((select bool_and(discrimination > 0) from item where question_id like 'g%'),
  'the good questions separate stronger from weaker learners');
select is(
  (select format('%s = %s + %s, %s right', attempts, check_attempts, quiz_attempts, share_correct)
   from item where question_id = 'g1'),
  '11 = 10 + 1, 0.909 right',
  'g1: the topic quiz answer is pooled into the question it was drawn from'
);
select is((select flags from item where question_id = 'g1'), array['too_easy'], 'g1: 10 of 11 right is too easy');

-- Thresholds are data ----------------------------------------------------------------------------------

select is(
  (select string_agg(format('%s %s %s', flag, threshold, min_attempts), ', ' order by flag)
   from public.item_flag_thresholds()),
  'negative_discrimination 0.0 5, too_easy 0.9 5, too_hard 0.2 5, unused_option 0.0 10, wrong_option_beats_right  5',
  'the thresholds in one place'
);

-- Who may ----------------------------------------------------------------------------------------------

select is(
  pg_temp.outcome(w.who, $$select count(*)::text from public.class_item_analysis(tests.id('topic:alpha'))$$),
  case when w.allowed then '6' else 'error 42501' end,
  format('class_item_analysis: %s %s', w.who, case when w.allowed then 'may' else 'is refused' end)
)
from (values ('admin', true), ('manager', true), ('creator', true), ('member', false), ('lapsed', false),
             ('other_admin', false), ('anon', false)) as w(who, allowed);

select * from finish();
rollback;
