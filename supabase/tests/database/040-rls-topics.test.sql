-- RLS matrix for subjects, modules (collections) and topics.

begin;
select plan(92);
select tests.create_world();

-- subjects ------------------------------------------------------------------------------------------------

select tests.check_visibility(
  'public.subjects', 'tests.fixture_name(id)',
  anon => '{denied}',
  outsider => '{subject:biology}',
  member => '{subject:biology}',
  creator => '{subject:biology}',
  manager => '{subject:biology}',
  admin => '{subject:biology}',
  other_member => '{subject:biology}'
);

select tests.check_matrix(
  $$ insert into public.subjects (title) values ('Scheikunde (pgtap)') returning 1 $$,
  'add a subject',
  anon => 'denied', outsider => 'denied', member => 'denied', creator => '1 row',
  manager => '1 row', admin => '1 row', other_member => 'denied'
);

select tests.check_matrix(
  $$ update public.subjects set title = 'Renamed' where id = tests.id('subject:biology') returning 1 $$,
  'rename a shared subject',
  anon => 'denied', outsider => 'denied', member => 'denied', creator => 'denied',
  manager => 'denied', admin => 'denied', other_member => 'denied'
);

select tests.check_matrix(
  $$ delete from public.subjects where id = tests.id('subject:biology') returning 1 $$,
  'delete a shared subject',
  anon => 'denied', outsider => 'denied', member => 'denied', creator => 'denied',
  manager => 'denied', admin => 'denied', other_member => 'denied'
);

-- modules -------------------------------------------------------------------------------------------------

select tests.check_visibility(
  'public.modules', 'tests.fixture_name(id)',
  anon => '{denied}',
  outsider => '{}',
  member => '{module:alpha}',
  creator => '{module:alpha}',
  manager => '{module:alpha}',
  admin => '{module:alpha}',
  other_member => '{module:beta}',
  lapsed => '{}'
);

select tests.check_matrix(
  $$ insert into public.modules (entity_id, title) values (tests.id('entity:alpha'), 'New collection')
     returning 1 $$,
  'create a collection in alpha',
  anon => 'denied', outsider => 'denied', member => 'denied', creator => '1 row',
  manager => '1 row', admin => '1 row', other_member => 'denied'
);

select tests.check_matrix(
  $$ update public.modules set title = 'Renamed' where id = tests.id('module:alpha') returning 1 $$,
  'rename collection alpha',
  anon => 'denied', outsider => 'none', member => 'none', creator => '1 row',
  manager => '1 row', admin => '1 row', other_member => 'none'
);

select tests.check_matrix(
  $$ delete from public.modules where id = tests.id('module:alpha') returning 1 $$,
  'delete collection alpha',
  anon => 'denied', outsider => 'none', member => 'none', creator => '1 row',
  manager => '1 row', admin => '1 row', other_member => 'none'
);

-- topics --------------------------------------------------------------------------------------------------

select tests.check_visibility(
  'public.topics', 'tests.fixture_name(id)',
  anon => '{denied}',
  outsider => '{topic:alpha-public}',
  member => '{topic:alpha,topic:alpha-public,topic:alpha-shared}',
  creator => '{topic:alpha,topic:alpha-public,topic:alpha-shared}',
  manager => '{topic:alpha,topic:alpha-public,topic:alpha-shared}',
  admin => '{topic:alpha,topic:alpha-public,topic:alpha-shared}',
  other_member => '{topic:alpha-public,topic:beta}',
  lapsed => '{topic:alpha-public}'
);

select tests.check_matrix(
  $$ insert into public.topics (entity_id, title) values (tests.id('entity:alpha'), 'New topic') returning 1 $$,
  'create a topic in alpha',
  anon => 'denied', outsider => 'denied', member => 'denied', creator => '1 row',
  manager => '1 row', admin => '1 row', other_member => 'denied'
);

select tests.check_matrix(
  $$ update public.topics set title = 'Renamed' where id = tests.id('topic:alpha') returning 1 $$,
  'edit topic alpha',
  anon => 'denied', outsider => 'none', member => 'none', creator => '1 row',
  manager => '1 row', admin => '1 row', other_member => 'none'
);

select tests.check_matrix(
  $$ delete from public.topics where id = tests.id('topic:alpha') returning 1 $$,
  'delete topic alpha',
  anon => 'denied', outsider => 'none', member => 'none', creator => '1 row',
  manager => '1 row', admin => '1 row', other_member => 'none'
);

-- Beyond the matrix ---------------------------------------------------------------------------------------

select tests.check_as(
  'outsider',
  $$ update public.topics set title = 'Defaced' where id = tests.id('topic:alpha-public') returning 1 $$,
  'none',
  'outsider: a public topic is readable, not writable'
);

select tests.check_as(
  'other_member',
  $$ update public.topics set title = 'Defaced' where id = tests.id('topic:alpha-shared') returning 1 $$,
  'none',
  'other_member: a subscribed topic of another entity is not writable'
);

select tests.check_as(
  'other_admin',
  $$ update public.topics set title = 'Renamed' where id = tests.id('topic:alpha') returning 1 $$,
  'none',
  'other_admin: an admin of one entity has no rights in another'
);

select tests.check_as(
  'lapsed',
  $$ update public.topics set title = 'Renamed' where id = tests.id('topic:alpha') returning 1 $$,
  'none',
  'lapsed: an inactive creator can no longer edit topics'
);

select tests.check_as(
  'creator',
  $$ insert into public.topics (entity_id, title) values (tests.id('entity:beta'), 'Planted') returning 1 $$,
  'denied',
  'creator: cannot create a topic in an entity they do not manage'
);

select tests.check_as(
  'creator',
  $$ insert into public.topics (entity_id, title, created_by)
     values (tests.id('entity:alpha'), 'Impersonated', tests.id('user:member')) returning 1 $$,
  'denied',
  'creator: cannot create a topic in someone else''s name'
);

select * from finish();
rollback;
