-- The class view (20261126006100..006130, docs/teachers.md): per chapter and subtopic of topic alpha's
-- published course, how many learners of alpha started, were excused by the diagnostic, passed or failed
-- mastery, and are stuck; the drill-down by name. Counts for alpha's active creators, managers and admins;
-- names for its managers and admins; everyone else refused alike.
--
-- The class (chapter alpha, subtopics st-a and st-b; diagnostic d1 st-a, d2 st-b; mastery m1 st-a, m2 st-b;
-- option 0 is right everywhere):
--   member  opened the overview today                       started
--   ann     diagnostic all right, mastery passed              excused and passed everywhere
--   bob     diagnostic d1 right d2 wrong; mastery m1 right, m2 wrong, not passed
--   cyd     diagnostic all wrong, ten days ago                stuck everywhere
--   dee     opened the overview three days ago                stuck only when stuck means 2 days
--   other_member (beta) and lapsed (inactive) answered too, and never count.

begin;
select plan(25);
select tests.create_world();

select tests.create_supabase_user(who) from unnest(array['ann', 'bob', 'cyd', 'dee', 'gone_admin']) as who;
update public.profiles p set display_name = initcap(n.who)
from unnest(array['ann', 'bob', 'cyd', 'dee']) as n(who)
where p.id = tests.id('user:' || n.who);

insert into public.core_memberships (entity_id, user_id, member_role, status)
select tests.id('entity:alpha'), tests.id('user:' || who), role, status
from (values ('ann', 'member', 'active'), ('bob', 'member', 'active'), ('cyd', 'member', 'active'),
             ('dee', 'member', 'active'), ('gone_admin', 'admin', 'inactive')) as m(who, role, status);

update public.topics set structure = $${"title": "Cells", "description": "", "sections": [
  {"section_id": "s1", "title": "Cell parts", "description": "", "subtopics": [
    {"subtopic_id": "st-a", "title": "Membranes", "description": "", "key_points": [], "citations": []},
    {"subtopic_id": "st-b", "title": "Nuclei", "description": "", "key_points": [], "citations": []}]}]}$$
where id = tests.id('topic:alpha');
update public.chapters set section_id = 's1' where id = tests.id('chapter:alpha');
insert into public.chapters (id, course_id, title, position)
values (tests.id('chapter:alpha-2'), tests.id('course:alpha'), 'Untouched chapter', 2);

create function pg_temp.question(p_id text, p_subtopic text)
returns jsonb
language sql
as $$
  select jsonb_build_object('id', p_id, 'stem', 'Stem ' || p_id, 'options', '["right", "wrong", "also wrong"]'::jsonb,
    'correct_option', 0, 'explanation', '', 'difficulty', 'easy', 'subtopic_id', p_subtopic, 'citations', '[]'::jsonb)
$$;

insert into public.activities (id, chapter_id, kind, title, position, payload) values
  (tests.id('activity:alpha-diagnostic'), tests.id('chapter:alpha'), 'diagnostic', 'Diagnostic', 2,
   jsonb_build_object('questions', jsonb_build_array(pg_temp.question('d1', 'st-a'), pg_temp.question('d2', 'st-b')))),
  (tests.id('activity:alpha-mastery'), tests.id('chapter:alpha'), 'mastery', 'Mastery', 5,
   jsonb_build_object('questions', jsonb_build_array(pg_temp.question('m1', 'st-a'), pg_temp.question('m2', 'st-b'))));

-- A check's result as the learner's screen stores it.
create function pg_temp.result(p_answers jsonb, p_passed boolean)
returns jsonb
language sql
as $$
  select jsonb_build_object(
    'answers', p_answers,
    'correct', (select count(*) from jsonb_each(p_answers) e where e.value = '0'::jsonb),
    'total', 2, 'gaps', '[]'::jsonb, 'passed', p_passed)
$$;

insert into public.activity_progress (activity_id, user_id, status, result, created_at, updated_at)
select tests.id('activity:alpha-' || activity), tests.id('user:' || who), status, pg_temp.result(answers, passed),
       now() - days * interval '1 day', now() - days * interval '1 day'
from (values
  ('diagnostic', 'ann', 'completed', '{"d1": 0, "d2": 0}'::jsonb, true, 1),
  ('mastery', 'ann', 'completed', '{"m1": 0, "m2": 0}', true, 1),
  ('diagnostic', 'bob', 'completed', '{"d1": 0, "d2": 1}', true, 1),
  ('mastery', 'bob', 'in_progress', '{"m1": 0, "m2": 2}', false, 1),
  ('diagnostic', 'cyd', 'completed', '{"d1": 1, "d2": 1}', true, 10),
  ('diagnostic', 'other_member', 'completed', '{"d1": 0, "d2": 0}', true, 1),
  ('mastery', 'lapsed', 'completed', '{"m1": 0, "m2": 0}', true, 1)
) as p(activity, who, status, answers, passed, days);
insert into public.activity_progress (activity_id, user_id, status, created_at, updated_at)
values (tests.id('activity:alpha'), tests.id('user:dee'), 'in_progress', now() - interval '3 days',
        now() - interval '3 days');

-- The class view as one line per row: unit started/excused/passed/failed/stuck.
create function pg_temp.counts(p_stuck_days integer default 7)
returns text
language sql
as $$
  select string_agg(
    format('%s %s/%s/%s/%s/%s', coalesce(subtopic_id, 'chapter ' || chapter_position), started, excused,
           passed, failed, stuck), ', ' order by chapter_position, subtopic_id nulls first)
  from public.class_topic_progress(tests.id('topic:alpha'), p_stuck_days)
$$;

create function pg_temp.learners(p_subtopic text)
returns text
language sql
as $$
  select string_agg(format('%s%s%s%s%s', display_name, case when excused then ' excused' else '' end,
    case when passed then ' passed' else '' end, case when failed then ' failed' else '' end,
    case when stuck then ' stuck' else '' end), ', ')
  from public.class_subtopic_learners(tests.id('topic:alpha'), tests.id('chapter:alpha'), p_subtopic)
$$;
grant execute on function pg_temp.counts(integer), pg_temp.learners(text) to anon, authenticated;

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

-- Counts -------------------------------------------------------------------------------------------------

select is(
  pg_temp.outcome('admin', 'select pg_temp.counts()'),
  'chapter 1 5/1/1/1/1, st-a 5/2/2/0/1, st-b 5/1/1/1/1, chapter 2 0/0/0/0/0',
  'admin: the counts per chapter and subtopic (lapsed and another organisation''s learner not counted)'
);
select is(
  pg_temp.outcome('admin', 'select pg_temp.counts(2)'),
  'chapter 1 5/1/1/1/2, st-a 5/2/2/0/2, st-b 5/1/1/1/2, chapter 2 0/0/0/0/0',
  'admin: stuck after 2 days counts the learner idle for 3 days'
);
select is(
  pg_temp.outcome('admin', $$select string_agg(coalesce(subtopic_title, chapter_title), ', ' order by chapter_position, subtopic_id nulls first) from public.class_topic_progress(tests.id('topic:alpha'))$$),
  'Chapter of alpha, Membranes, Nuclei, Untouched chapter',
  'admin: chapters and subtopics are named from the course and the structure'
);

-- Who may see the counts: one row per role.
create temporary table who_may (who text, counts boolean, names boolean) on commit drop;
insert into who_may values
  ('admin', true, true), ('manager', true, true), ('creator', true, false), ('member', false, false),
  ('gone_admin', false, false), ('lapsed', false, false), ('other_admin', false, false),
  ('other_member', false, false), ('anon', false, false);
grant select on who_may to authenticated, anon;

select is(
  pg_temp.outcome(w.who, 'select pg_temp.counts()'),
  case when w.counts then 'chapter 1 5/1/1/1/1, st-a 5/2/2/0/1, st-b 5/1/1/1/1, chapter 2 0/0/0/0/0'
       else 'error 42501' end,
  format('class_topic_progress: %s %s', w.who, case when w.counts then 'sees the counts' else 'is refused' end)
)
from who_may w;

select is(
  pg_temp.outcome(w.who, $$select pg_temp.learners('st-b')$$),
  case when w.names then 'Cyd stuck, Bob failed, Ann excused passed, Dee, member' else 'error 42501' end,
  format('class_subtopic_learners: %s %s', w.who, case when w.names then 'sees the names' else 'is refused' end)
)
from who_may w;

-- Mistakes and unknowns ---------------------------------------------------------------------------------

select is(
  pg_temp.outcome('admin', $$select pg_temp.learners(null)$$),
  'Cyd stuck, Bob failed, Ann excused passed, Dee, member',
  'admin: the chapter''s learners (subtopic null)'
);
select is(
  pg_temp.outcome('admin', $$select count(*)::text from public.class_topic_progress(tests.id('topic:unknown'))$$),
  'error 42501',
  'an unknown topic is refused like a foreign one'
);
select is(
  pg_temp.outcome('admin', $$select count(*)::text from public.class_topic_progress(tests.id('topic:alpha'), 0)$$),
  'error PT400',
  'a stuck period of 0 days is a mistake'
);
select is(
  pg_temp.outcome('other_admin', $$select pg_temp.counts() from (select 1) x$$) || ' / '
    || pg_temp.outcome('admin', $$select count(*)::text from public.class_topic_progress(tests.id('topic:beta'))$$),
  'error 42501 / error 42501',
  'an admin of one organisation is refused on the other''s topic, both ways'
);

select * from finish();
rollback;
