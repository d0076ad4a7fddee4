-- A manager's new version of a published path (publish_course_draft): only the topic organisation's active
-- managers and admins publish, only their own draft; learners see the published course until then; the
-- new path takes over the published ids of what did not change, with the learners' progress, card states
-- and recorded audio, and the progress of changed activities goes.

begin;
select plan(22);
select tests.create_world();

-- The published course of topic:alpha (tests.create_world) gets a diagnostic beside its overview, with
-- the member's progress on both and recorded audio on the overview.
insert into public.activities (id, chapter_id, kind, title, position, payload) values
  (tests.id('activity:alpha-check'), tests.id('chapter:alpha'), 'diagnostic', 'Check', 2,
   '{"questions": [{"id": "q-1"}]}');
insert into public.activity_progress (activity_id, user_id, status, result) values
  (tests.id('activity:alpha-check'), tests.id('user:member'), 'completed', '{"score": 1}');
insert into public.episode_audio (activity_id, object_path, duration_seconds, turn_starts, voices) values
  (tests.id('activity:alpha'), tests.id('activity:alpha') || '/episode.wav', 12.5, '{0, 6}', '{host, expert}');

-- The manager's draft: the same overview (same kind, identical payload), a changed diagnostic.
insert into public.courses (id, topic_id, title, published_at, created_by) values
  (tests.id('course:alpha-new'), tests.id('topic:alpha'), 'New path', null, tests.id('user:manager'));
insert into public.chapters (id, course_id, title, position) values
  (tests.id('chapter:alpha-new'), tests.id('course:alpha-new'), 'Chapter, new version', 1);
insert into public.activities (id, chapter_id, kind, title, position, payload) values
  (tests.id('activity:alpha-new-overview'), tests.id('chapter:alpha-new'), 'overview', 'Overview', 1,
   (select payload from public.activities where id = tests.id('activity:alpha'))),
  (tests.id('activity:alpha-new-check'), tests.id('chapter:alpha-new'), 'diagnostic', 'Check', 2,
   '{"questions": [{"id": "q-2"}]}');
insert into public.activity_citations (activity_id, chunk_id, snippet, line_start, line_end) values
  (tests.id('activity:alpha-new-overview'), tests.id('chunk:alpha'), 'new citation', 0, 0);

-- A deactivated manager: the lapsed member, made a manager.
update public.core_memberships set member_role = 'manager' where id = tests.id('membership:lapsed');

-- Who may publish -------------------------------------------------------------------------------------------

select tests.authenticate_as('member');
select throws_ok($$ select public.publish_course_draft(tests.id('course:alpha-new')) $$, '42501', null,
  'a learner may not publish');
select tests.authenticate_as('creator');
select throws_ok($$ select public.publish_course_draft(tests.id('course:alpha-new')) $$, '42501', null,
  'a creator may not publish: managers and admins decide what the class studies');
select tests.authenticate_as('lapsed');
select throws_ok($$ select public.publish_course_draft(tests.id('course:alpha-new')) $$, '42501', null,
  'a deactivated manager may not publish');
select tests.authenticate_as('other_admin');
select throws_ok($$ select public.publish_course_draft(tests.id('course:alpha-new')) $$, '42501', null,
  'an admin of another organisation may not publish');
select throws_ok($$ select public.publish_course_draft(gen_random_uuid()) $$, '42501', null,
  'an unknown course is refused like a foreign one');
select tests.authenticate_as_anon();
select throws_ok($$ select public.publish_course_draft(tests.id('course:alpha-new')) $$, '42501', null,
  'anon may not call it');
select tests.authenticate_as('admin');
select throws_ok($$ select public.publish_course_draft(tests.id('course:alpha-new')) $$, '22023', null,
  'an admin may not publish another user''s draft');
select throws_ok($$ select public.publish_course_draft(tests.id('course:alpha')) $$, '22023', null,
  'a published course cannot be published again');

select tests.authenticate_as('member');
select is((public.get_microlearning_outline(tests.id('topic:alpha')) -> 'course' ->> 'id')::uuid,
  tests.id('course:alpha'), 'until it is published, learners see the published course');

-- The manager publishes -------------------------------------------------------------------------------------

select tests.authenticate_as('manager');
select is(public.publish_course_draft(tests.id('course:alpha-new')), tests.id('course:alpha-new'),
  'the manager publishes their draft');
select tests.authenticate_as('member');
select is((public.get_microlearning_outline(tests.id('topic:alpha')) -> 'course' ->> 'id')::uuid,
  tests.id('course:alpha-new'), 'learners now see the new path');
select is(
  (select jsonb_agg(a ->> 'id' order by a ->> 'kind')
   from jsonb_array_elements(public.get_microlearning_outline(tests.id('topic:alpha')) -> 'chapters' -> 0 -> 'activities') a),
  jsonb_build_array(tests.id('activity:alpha-new-check'), tests.id('activity:alpha')),
  'the learner''s outline has the unchanged overview under its old id and the changed check under the draft''s');
select tests.clear_authentication();

select results_eq(
  $$ select id, published_at is not null from public.courses where topic_id = tests.id('topic:alpha') order by 2, 1 $$,
  $$ values (tests.id('course:alpha-draft'), false), (tests.id('course:alpha-new'), true) $$,
  'the published course is replaced (another learner''s draft stays)');
select is((select id from public.chapters where course_id = tests.id('course:alpha-new')), tests.id('chapter:alpha'),
  'the chapter of the same place keeps the published id, so old phase links still open');
select results_eq(
  $$ select status from public.activity_progress where activity_id = tests.id('activity:alpha') and user_id = tests.id('user:member') $$,
  $$ values ('in_progress') $$, 'the learner''s progress on the unchanged activity is kept');
select is((select card from public.practice_card_states where activity_id = tests.id('activity:alpha') and user_id = tests.id('user:member')),
  '{"reps": 1}'::jsonb, '... and their card state');
select is((select duration_seconds from public.episode_audio where activity_id = tests.id('activity:alpha')),
  12.5::numeric, '... and its recorded audio');
select is(
  (select count(*)::integer from public.activity_progress
   where activity_id in (tests.id('activity:alpha-check'), tests.id('activity:alpha-new-check'))),
  0, 'the progress on the changed activity is gone');
select is((select array_agg(snippet) from public.activity_citations where activity_id = tests.id('activity:alpha')),
  array['new citation'], 'the unchanged activity carries the new version''s citations');

select tests.authenticate_as('manager');
select throws_ok($$ select public.publish_course_draft(tests.id('course:alpha-new')) $$, '22023', null,
  'publishing twice is refused: it is no longer a draft');
select tests.clear_authentication();

-- A first version: nothing published yet, so the draft is published as it is ----------------------------------

insert into public.courses (id, topic_id, title, published_at, created_by) values
  (tests.id('course:shared-first'), tests.id('topic:alpha-shared'), 'First path', null, tests.id('user:manager'));
insert into public.chapters (id, course_id, title, position) values
  (tests.id('chapter:shared-first'), tests.id('course:shared-first'), 'Only chapter', 1);
insert into public.activities (id, chapter_id, kind, title, position, payload) values
  (tests.id('activity:shared-first'), tests.id('chapter:shared-first'), 'overview', 'Overview', 1,
   '{"slides": [], "objectives": []}');

select tests.authenticate_as('manager');
select is(public.publish_course_draft(tests.id('course:shared-first')), tests.id('course:shared-first'),
  'a manager publishes a first version of a path');
select tests.clear_authentication();
select results_eq(
  $$ select c.published_at is not null, ch.id, a.id from public.courses c
     join public.chapters ch on ch.course_id = c.id join public.activities a on a.chapter_id = ch.id
     where c.id = tests.id('course:shared-first') $$,
  $$ values (true, tests.id('chapter:shared-first'), tests.id('activity:shared-first')) $$,
  'it is published with its own ids');

select * from finish();
rollback;
