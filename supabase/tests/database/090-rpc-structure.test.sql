-- Structure transitions (docs/product.md §4): start only from null/pending, accept requires a structure, regenerate
-- always restarts; only content managers of the topic's entity (and the service role) may call them.
-- The race of two concurrent starts is tested with two connections in tests/database/structure-race.test.ts.

begin;
select plan(35);
select tests.create_world();

create function pg_temp.topic_state(p_topic text)
returns table (processing_status text, processing_progress integer, has_structure boolean, processing_error text)
language sql
as $$
  select t.processing_status, t.processing_progress, t.structure is not null, t.processing_error
  from public.topics t
  where t.id = tests.id(p_topic)
$$;

-- start_structure_generation ------------------------------------------------------------------------------

select tests.authenticate_as('creator');
select is(public.start_structure_generation(tests.id('topic:alpha-public')), true,
  'start from an empty status makes the transition');
select results_eq(
  $$ select * from pg_temp.topic_state('topic:alpha-public') $$,
  $$ values ('generating_structure', 1, false, null::text) $$,
  '... to generating_structure with progress 1'
);
select is(public.start_structure_generation(tests.id('topic:alpha-public')), false,
  'a second start does nothing and says so');
select is(public.start_structure_generation(tests.id('topic:alpha-shared')), true,
  'start from pending makes the transition');
select is(public.start_structure_generation(tests.id('topic:alpha')), false,
  'start does not touch a topic awaiting review');
select results_eq(
  $$ select * from pg_temp.topic_state('topic:alpha') $$,
  $$ values ('awaiting_structure_review', 0, true, null::text) $$,
  '... which keeps its status and structure'
);
select throws_ok(
  $$ select public.start_structure_generation(tests.id('topic:beta')) $$,
  '42501', null,
  'a creator cannot start generation in another entity'
);
select throws_ok(
  $$ select public.start_structure_generation(gen_random_uuid()) $$,
  '42501', null,
  'an unknown topic is refused like a forbidden one'
);

select tests.authenticate_as('member');
select throws_ok(
  $$ select public.start_structure_generation(tests.id('topic:alpha-public')) $$,
  '42501', format('not allowed to manage topic %s', tests.id('topic:alpha-public')),
  'a member may not start generation (clear 42501 error)'
);
select tests.authenticate_as('other_member');
select throws_ok(
  $$ select public.start_structure_generation(tests.id('topic:alpha-public')) $$,
  '42501', null,
  'reading a public topic does not allow generating its structure'
);
select tests.authenticate_as('outsider');
select throws_ok(
  $$ select public.start_structure_generation(tests.id('topic:alpha-public')) $$,
  '42501', null,
  'an outsider may not start generation'
);
select tests.authenticate_as_anon();
select throws_ok(
  $$ select public.start_structure_generation(tests.id('topic:alpha-public')) $$,
  '42501', null,
  'the anonymous key may not start generation'
);

select tests.authenticate_as_service_role();
select is(public.start_structure_generation(tests.id('topic:beta')), true,
  'the service role (edge functions, tasks) may start generation');

-- The misspelling some writers use is the same status.
update public.topics set processing_status = 'generating_structue' where id = tests.id('topic:beta');
select tests.clear_authentication();
select is(
  (select processing_status from public.topics where id = tests.id('topic:beta')),
  'generating_structure',
  'generating_structue is stored as generating_structure'
);
update public.topics set processing_status = 'pending' where id = tests.id('topic:beta');
update public.topics set processing_status = 'generating_structue' where id = tests.id('topic:beta');
select tests.authenticate_as('other_admin');
select is(public.start_structure_generation(tests.id('topic:beta')), false,
  'start treats generating_structue as already generating');

-- accept_structure ----------------------------------------------------------------------------------------

select tests.authenticate_as('manager');
select lives_ok(
  $$ select public.accept_structure(
       tests.id('topic:alpha'),
       '{"title": "Edited", "description": "By hand", "sections": [{"section_id": "s1", "title": "One",
         "description": "", "subtopics": []}]}'
     ) $$,
  'a manager accepts a structure'
);
select results_eq(
  $$ select * from pg_temp.topic_state('topic:alpha') $$,
  $$ values ('completed', 100, true, null::text) $$,
  '... the topic is completed with progress 100'
);
select is(
  (select structure ->> 'title' from public.topics where id = tests.id('topic:alpha')),
  'Edited',
  '... and the accepted structure is saved'
);
select lives_ok(
  $$ select public.accept_structure(tests.id('topic:alpha'), null) $$,
  'accepting without a new structure keeps the one the topic has'
);
select is(
  (select structure ->> 'title' from public.topics where id = tests.id('topic:alpha')),
  'Edited',
  '... unchanged'
);
select throws_ok(
  $$ select public.accept_structure(tests.id('topic:alpha-public'), null) $$,
  '22023', 'No structure to accept',
  'accept requires a structure'
);
select throws_ok(
  $$ select public.accept_structure(tests.id('topic:alpha-public'), 'null'::jsonb) $$,
  '22023', 'No structure to accept',
  'a JSON null is no structure either'
);
select results_eq(
  $$ select * from pg_temp.topic_state('topic:alpha-public') $$,
  $$ values ('generating_structure', 1, false, null::text) $$,
  'a refused accept leaves the topic as it was'
);
select throws_ok(
  $$ select public.accept_structure(tests.id('topic:alpha-public'), '{"title": "No sections"}') $$,
  '23514', null,
  'a structure without a sections array is refused by the table'
);
select tests.authenticate_as('member');
select throws_ok(
  $$ select public.accept_structure(tests.id('topic:alpha'), '{"sections": []}') $$,
  '42501', null,
  'a member may not accept'
);
select tests.authenticate_as('other_admin');
select throws_ok(
  $$ select public.accept_structure(tests.id('topic:alpha'), '{"sections": []}') $$,
  '42501', null,
  'an admin of another entity may not accept'
);

-- regenerate_structure ------------------------------------------------------------------------------------

select tests.authenticate_as('admin');
select lives_ok(
  $$ select public.regenerate_structure(tests.id('topic:alpha')) $$,
  'an admin regenerates an accepted structure'
);
select results_eq(
  $$ select * from pg_temp.topic_state('topic:alpha') $$,
  $$ values ('generating_structure', 1, false, null::text) $$,
  '... structure cleared, generating again from progress 1'
);
select tests.clear_authentication();
update public.topics
set processing_status = 'failed', processing_error = 'The PDF could not be read.', processing_progress = 40
where id = tests.id('topic:alpha-shared');
select tests.authenticate_as('creator');
select is(public.start_structure_generation(tests.id('topic:alpha-shared')), false,
  'start does not restart a failed topic');
select lives_ok(
  $$ select public.regenerate_structure(tests.id('topic:alpha-shared')) $$,
  'regenerate restarts a failed topic'
);
select results_eq(
  $$ select * from pg_temp.topic_state('topic:alpha-shared') $$,
  $$ values ('generating_structure', 1, false, null::text) $$,
  '... and clears its error'
);
select tests.authenticate_as('member');
select throws_ok(
  $$ select public.regenerate_structure(tests.id('topic:alpha')) $$,
  '42501', null,
  'a member may not regenerate'
);
select tests.authenticate_as('lapsed');
select throws_ok(
  $$ select public.regenerate_structure(tests.id('topic:alpha')) $$,
  '42501', null,
  'an inactive creator may not regenerate'
);
select tests.authenticate_as_anon();
select throws_ok(
  $$ select public.regenerate_structure(tests.id('topic:alpha')) $$,
  '42501', null,
  'the anonymous key may not regenerate'
);
select tests.clear_authentication();
select results_eq(
  $$ select * from pg_temp.topic_state('topic:alpha') $$,
  $$ values ('generating_structure', 1, false, null::text) $$,
  'refused calls changed nothing'
);

select * from finish();
rollback;
