-- Generation is limited per user and per topic by the database: every start is recorded in
-- generation_requests (readable only by its user, written only by the server's functions), a start over
-- a limit raises PT429 and undoes its transition, a regenerate while a structure is being generated
-- raises PT409, each regenerate makes the next variant, and the stalled-run sweep's functions belong to
-- the service role alone.

begin;
select plan(26);
select tests.create_world();

-- The ledger's own rows: read by their user only, never written by a client --------------------------

select tests.authenticate_as('creator');
select is(public.start_structure_generation(tests.id('topic:alpha-public')), true,
  'a start that makes the transition ...');
select results_eq(
  $$ select task, topic_id, run_id from public.generation_requests $$,
  $$ values ('generate-topic-structure', tests.id('topic:alpha-public'), null::text) $$,
  '... is recorded for its user, who can read it'
);
select lives_ok(
  $$ select public.record_structure_run(tests.id('topic:alpha-public'), 'run_first') $$,
  'the caller links their start to the run it launched'
);
select results_eq(
  $$ select run_id from public.generation_requests $$,
  $$ values ('run_first') $$,
  '... which the sweep can then look up'
);
select is(public.start_structure_generation(tests.id('topic:alpha-public')), false,
  'a start that finds the topic generating does not make the transition ...');
select is((select count(*)::int from public.generation_requests), 1, '... and is not counted');

select tests.authenticate_as('admin');
select is_empty($$ select id from public.generation_requests $$, 'another user sees none of them');
select throws_ok(
  $$ insert into public.generation_requests (user_id, topic_id, task)
     values (tests.id('user:admin'), tests.id('topic:alpha'), 'generate-course-content') $$,
  '42501', null,
  'a client cannot write its own ledger (to hide starts)'
);
select tests.authenticate_as('creator');
select throws_ok(
  $$ delete from public.generation_requests $$,
  '42501', null,
  'nor delete from it to reset its limits'
);
select throws_ok(
  $$ update public.generation_requests set created_at = now() - interval '1 day' $$,
  '42501', null,
  'nor age its rows'
);

-- Course tokens: any reader may claim; unknown or hidden topics are not found ------------------------

select tests.authenticate_as('member');
select isnt(public.claim_course_generation(tests.id('topic:alpha')), null,
  'a reader of the topic claims a learning-path generation');
select throws_ok(
  $$ select public.claim_course_generation(tests.id('topic:beta')) $$,
  'PT404', 'Topic not found',
  'a topic the caller cannot read is not found'
);
select throws_ok(
  $$ select public.claim_course_generation(gen_random_uuid()) $$,
  'PT404', 'Topic not found',
  'an unknown topic is answered the same way'
);

-- Limits --------------------------------------------------------------------------------------------------

select lives_ok(
  $$ select public.claim_course_generation(tests.id('topic:alpha')) from generate_series(1, 9) $$,
  'ten claims on one topic within the hour are allowed'
);
select throws_ok(
  $$ select public.claim_course_generation(tests.id('topic:alpha')) $$,
  'PT429', 'Generation limit reached for this topic: at most 10 an hour. Try again later.',
  'the eleventh on the same topic is refused with PT429 (HTTP 429)'
);
select tests.clear_authentication();
update public.generation_requests set created_at = now() - interval '61 minutes'
where user_id = tests.id('user:member');
select tests.authenticate_as('member');
select lives_ok(
  $$ select public.claim_course_generation(tests.id('topic:alpha')) $$,
  'claims older than an hour no longer count'
);

select tests.clear_authentication();
insert into public.generation_requests (user_id, topic_id, task)
select tests.id('user:manager'), tests.id('topic:alpha'), 'generate-course-content'
from generate_series(1, 30);
update public.topics set processing_status = 'pending' where id = tests.id('topic:alpha-shared');
select tests.authenticate_as('manager');
select throws_ok(
  $$ select public.claim_course_generation(tests.id('topic:alpha-public')) $$,
  'PT429', 'Generation limit reached: at most 30 generations an hour. Try again later.',
  'thirty generations an hour over all topics is the per-user limit'
);
select throws_ok(
  $$ select public.start_structure_generation(tests.id('topic:alpha-shared')) $$,
  'PT429', null,
  'a structure start over the limit is refused too ...'
);
select tests.clear_authentication();
select is((select processing_status from public.topics where id = tests.id('topic:alpha-shared')), 'pending',
  '... and its transition is undone, so the topic can still be started later');

-- Regenerate: never beside a running generation; each one the next variant ------------------------------

select tests.authenticate_as('creator');
select throws_ok(
  $$ select public.regenerate_structure(tests.id('topic:alpha-public')) $$,
  'PT409', 'A structure is already being generated for this topic',
  'regenerate is refused (HTTP 409) while a structure is being generated'
);
select is(public.regenerate_structure(tests.id('topic:alpha')), 1,
  'regenerating an accepted structure makes variant 1');
select tests.clear_authentication();
update public.topics set processing_status = 'failed', processing_error = 'The PDF could not be read.'
where id = tests.id('topic:alpha');
select tests.authenticate_as('creator');
select is(public.regenerate_structure(tests.id('topic:alpha')), 2, 'the next regenerate makes variant 2');

-- The sweep's functions -----------------------------------------------------------------------------------

select tests.authenticate_as('admin');
select throws_ok(
  $$ select * from public.stalled_structure_candidates() $$,
  '42501', null,
  'a user cannot list generating topics across entities'
);
select throws_ok(
  $$ select public.fail_stalled_structure(tests.id('topic:alpha'), null, 'x') $$,
  '42501', null,
  'nor fail a topic through the sweep'
);

select tests.authenticate_as_service_role();
select is(
  public.fail_stalled_structure(tests.id('topic:alpha-public'), 'run_other', 'stopped'),
  false,
  'the sweep leaves a topic alone when its latest run is not the one it checked'
);
select is(
  public.fail_stalled_structure(tests.id('topic:alpha-public'), 'run_first', 'stopped'),
  true,
  'and fails it when the run it found ended is still the latest'
);

select * from finish();
rollback;
