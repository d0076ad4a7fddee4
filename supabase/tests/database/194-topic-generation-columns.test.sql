-- A topic's processing_status and structure change only through the structure transitions
-- (20261126005200_topic_generation_columns_by_rpc.sql): no role of the app writes them directly, the
-- RPCs still do, and the service role (tasks, sweeps) is not affected.
begin;
select plan(47);
select tests.create_world();

select tests.check_matrix(
  $$ update public.topics set processing_status = 'pending' where id = tests.id('topic:alpha') returning 1 $$,
  'set topic alpha back to pending',
  anon => 'denied', outsider => 'none', member => 'none', creator => 'denied',
  manager => 'denied', admin => 'denied', other_member => 'none'
);
select tests.check_matrix(
  $$ update public.topics set structure = '{"sections": []}' where id = tests.id('topic:alpha') returning 1 $$,
  'overwrite topic alpha''s structure',
  anon => 'denied', outsider => 'none', member => 'none', creator => 'denied',
  manager => 'denied', admin => 'denied', other_member => 'none'
);
select tests.check_matrix(
  $$ update public.topics set processing_status = 'generating_structure'
     where id = tests.id('topic:alpha-shared') returning 1 $$,
  'start topic alpha-shared without start_structure_generation',
  anon => 'denied', outsider => 'none', member => 'none', creator => 'denied',
  manager => 'denied', admin => 'denied', other_member => 'none'
);
select tests.check_matrix(
  $$ insert into public.topics (entity_id, title, processing_status)
     values (tests.id('entity:alpha'), 'Started early', 'generating_structure') returning 1 $$,
  'create a topic that is already generating',
  anon => 'denied', outsider => 'denied', member => 'denied', creator => 'denied',
  manager => 'denied', admin => 'denied', other_member => 'denied'
);
select tests.check_matrix(
  $$ insert into public.topics (entity_id, title, processing_status)
     values (tests.id('entity:alpha'), 'New and pending', 'pending') returning 1 $$,
  'create a pending topic, as the new-topic screen does',
  anon => 'denied', outsider => 'denied', member => 'denied', creator => '1 row',
  manager => '1 row', admin => '1 row', other_member => 'denied'
);
select tests.check_matrix(
  $$ update public.topics set title = 'Renamed', processing_status = processing_status
     where id = tests.id('topic:alpha') returning 1 $$,
  'edit a topic''s title, its status unchanged',
  anon => 'denied', outsider => 'none', member => 'none', creator => '1 row',
  manager => '1 row', admin => '1 row', other_member => 'none'
);

-- The transitions still write both columns ----------------------------------------------------------------

select tests.authenticate_as('manager');
select is(public.start_structure_generation(tests.id('topic:alpha-shared')), true,
  'start_structure_generation still moves a pending topic to generating_structure');
select is(public.regenerate_structure(tests.id('topic:alpha')), 1,
  'regenerate_structure still discards the structure and restarts');
select lives_ok(
  $$ select public.accept_structure(tests.id('topic:alpha'), '{"title": "T", "sections": []}') $$,
  'accept_structure still saves a structure'
);
select results_eq(
  $$ select processing_status, structure ->> 'title' from public.topics where id = tests.id('topic:alpha') $$,
  $$ values ('completed', 'T') $$,
  '... as completed'
);

-- The service role (generation tasks, sweeps) writes them directly ---------------------------------------

select tests.authenticate_as_service_role();
select lives_ok(
  $$ update public.topics set processing_status = 'failed', processing_error = 'Run lost'
     where id = tests.id('topic:alpha-shared') $$,
  'service_role: a task records a failed run directly'
);
select tests.clear_authentication();

select * from finish();
rollback;
