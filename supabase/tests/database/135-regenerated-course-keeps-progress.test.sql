-- Regenerating a course keeps what did not change (issue 23 point 3): save_generated_course lets the new
-- course take over the chapter ids of the same sections and the activity ids of unchanged activities
-- (same kind, identical payload) with their learners' progress and card states; the progress of changed
-- activities goes. course_regeneration_learners tells a topic's managers how many learners have progress
-- that a regeneration would touch.

begin;
select plan(19);
select tests.create_world();

-- Two chapters; p_quiz is the diagnostic's payload, so a second run can change that one activity.
create function pg_temp.content(p_question text, p_extra_chapter boolean default false)
returns jsonb
language sql
as $$
  select jsonb_build_array(
    jsonb_build_object('title', 'Cells', 'summary', 'What cells are', 'section_id', 's1', 'activities',
      jsonb_build_array(
        jsonb_build_object('kind', 'overview', 'title', 'Intro', 'position', 1,
          'payload', '{"slides": [{"title": "Cells", "bullets": ["Small"]}], "objectives": []}'::jsonb,
          'citations', '[{"snippet": "Line one", "line_start": 0, "line_end": 0}]'::jsonb),
        jsonb_build_object('kind', 'diagnostic', 'title', 'Check', 'position', 2,
          'payload', jsonb_build_object('questions', jsonb_build_array(jsonb_build_object('id', p_question))),
          'citations', '[]'::jsonb))),
    jsonb_build_object('title', 'Organs', 'summary', null, 'section_id', 's2', 'activities',
      '[{"kind": "recap", "title": "Recap", "position": 6, "payload": {"transcript": "Kort.", "bullets": []},
         "citations": []}]'::jsonb)
  ) || case when p_extra_chapter then
    '[{"title": "Tissues", "section_id": "s3", "activities": []}]'::jsonb else '[]'::jsonb end
$$;

create temp table ids (name text primary key, id uuid not null);
grant select, insert on ids to service_role;

-- The id of the creator's course's activity (or chapter, when p_kind is null) of section p_section.
create function pg_temp.id_of(p_section text, p_kind text default null)
returns uuid
language sql
as $$
  select coalesce(a.id, ch.id)
  from public.courses c
  join public.chapters ch on ch.course_id = c.id and ch.section_id = p_section
  left join public.activities a on a.chapter_id = ch.id and a.kind = p_kind
  where c.topic_id = tests.id('topic:alpha') and c.created_by = tests.id('user:creator')
    and (p_kind is null or a.id is not null)
$$;

-- The first run, and the learners' state on it ------------------------------------------------------------

select tests.authenticate_as_service_role();
select public.save_generated_course(tests.id('topic:alpha'), tests.id('user:creator'), 'Path', false,
  pg_temp.content('q-1'));
select tests.clear_authentication();

insert into ids values
  ('s1', pg_temp.id_of('s1')), ('s2', pg_temp.id_of('s2')),
  ('overview', pg_temp.id_of('s1', 'overview')), ('diagnostic', pg_temp.id_of('s1', 'diagnostic')),
  ('recap', pg_temp.id_of('s2', 'recap'));

insert into public.activity_progress (activity_id, user_id, status, result, created_at, updated_at) values
  ((select id from ids where name = 'overview'), tests.id('user:member'), 'completed', null,
   now() - interval '2 days', now() - interval '1 day'),
  ((select id from ids where name = 'diagnostic'), tests.id('user:member'), 'completed', '{"score": 1}',
   now() - interval '2 days', now() - interval '1 day'),
  ((select id from ids where name = 'recap'), tests.id('user:manager'), 'in_progress', null,
   now() - interval '2 days', now() - interval '1 day'),
  ((select id from ids where name = 'recap'), tests.id('user:admin'), 'not_started', null, now(), now());
insert into public.practice_card_states (user_id, activity_id, card_id, card, due_at) values
  (tests.id('user:member'), (select id from ids where name = 'overview'), 'card-1', '{"reps": 3}', now()),
  (tests.id('user:member'), (select id from ids where name = 'diagnostic'), 'card-2', '{"reps": 1}', now());

-- Who learns how many learners a regeneration touches ------------------------------------------------------

select tests.authenticate_as('creator');
select is(public.course_regeneration_learners(tests.id('topic:alpha')), 2,
  'creator: two learners have progress on the draft a regeneration replaces (not_started does not count)');
select tests.authenticate_as('admin');
select is(public.course_regeneration_learners(tests.id('topic:alpha')), 0,
  'admin: a regeneration by the admin replaces no draft of theirs, so it touches nobody');
select tests.authenticate_as('manager');
select is(public.course_regeneration_learners(tests.id('topic:alpha')), 0, 'manager: likewise');
select tests.authenticate_as('member');
select throws_ok($$ select public.course_regeneration_learners(tests.id('topic:alpha')) $$, '42501', null,
  'member: may not manage the topic, so learns nothing');
select tests.authenticate_as('lapsed');
select throws_ok($$ select public.course_regeneration_learners(tests.id('topic:alpha')) $$, '42501', null,
  'a deactivated creator learns nothing');
select tests.authenticate_as('other_admin');
select throws_ok($$ select public.course_regeneration_learners(tests.id('topic:alpha')) $$, '42501', null,
  'an admin of another organisation learns nothing');
select tests.authenticate_as_anon();
select throws_ok($$ select public.course_regeneration_learners(tests.id('topic:alpha')) $$, '42501', null,
  'anon may not call it');
select tests.clear_authentication();

-- The second run changes the diagnostic and adds a chapter -----------------------------------------------

select tests.authenticate_as_service_role();
insert into ids
select 'second', public.save_generated_course(tests.id('topic:alpha'), tests.id('user:creator'), 'Path', false,
  pg_temp.content('q-2', true));
select tests.clear_authentication();

select is(
  (select count(*)::integer from public.courses
   where topic_id = tests.id('topic:alpha') and created_by = tests.id('user:creator') and published_at is null),
  1, 'the creator still has one draft of the topic: the new one replaced the old');
select is(pg_temp.id_of('s1'), (select id from ids where name = 's1'), 'a chapter of the same section keeps its id');
select is(pg_temp.id_of('s2'), (select id from ids where name = 's2'), '... every such chapter');
select isnt(pg_temp.id_of('s3'), null, 'a new section gets a new chapter');
select is(pg_temp.id_of('s1', 'overview'), (select id from ids where name = 'overview'),
  'an unchanged activity keeps its id');
select isnt(pg_temp.id_of('s1', 'diagnostic'), (select id from ids where name = 'diagnostic'),
  'a changed activity gets a new id');
select results_eq(
  $$ select p.user_id, p.status, p.created_at, p.updated_at from public.activity_progress p
     where p.activity_id = (select id from ids where name = 'overview') $$,
  $$ values (tests.id('user:member'), 'completed', now() - interval '2 days', now() - interval '1 day') $$,
  'the progress on an unchanged activity is kept as it was, timestamps included');
select results_eq(
  $$ select p.user_id, p.status from public.activity_progress p
     where p.activity_id = (select id from ids where name = 'recap') order by p.status $$,
  $$ values (tests.id('user:manager'), 'in_progress'), (tests.id('user:admin'), 'not_started') $$,
  'every learner''s progress on an unchanged activity is kept');
select is(
  (select count(*)::integer from public.activity_progress
   where activity_id in ((select id from ids where name = 'diagnostic'), pg_temp.id_of('s1', 'diagnostic'))),
  0, 'the progress on a changed activity is gone');
select results_eq(
  $$ select s.activity_id, s.card_id, s.card from public.practice_card_states s
     where s.user_id = tests.id('user:member') and s.activity_id <> tests.id('activity:alpha') $$,
  $$ values ((select id from ids where name = 'overview'), 'card-1', '{"reps": 3}'::jsonb) $$,
  'card states follow the same rule: kept on the unchanged activity, gone on the changed one');
select is(
  (select array_agg(snippet) from public.activity_citations where activity_id = pg_temp.id_of('s1', 'overview')),
  array['Line one'], 'a kept activity has its citations once, as saved again');

select tests.authenticate_as('creator');
select is(public.course_regeneration_learners(tests.id('topic:alpha')), 2,
  'creator: the kept progress still counts (member on the overview, manager on the recap)');
select tests.clear_authentication();

select * from finish();
rollback;
