-- RLS matrix for entities, memberships and profiles: which role may select, insert, update and delete
-- what (see tests.create_world in 000-setup for who is who).

begin;
select plan(88);
select tests.create_world();

-- core_entities -------------------------------------------------------------------------------------------

select tests.check_visibility(
  'public.core_entities', 'tests.fixture_name(id)',
  anon => '{}',
  outsider => '{}',
  member => '{entity:alpha}',
  creator => '{entity:alpha}',
  manager => '{entity:alpha}',
  admin => '{entity:alpha}',
  other_member => '{entity:beta}'
);

select tests.check_matrix(
  $$ insert into public.core_entities (name, kind) values ('Direct insert', 'school') returning 1 $$,
  'insert an entity directly (create_entity is the way)',
  anon => 'denied', outsider => 'denied', member => 'denied', creator => 'denied',
  manager => 'denied', admin => 'denied', other_member => 'denied'
);

select tests.check_matrix(
  $$ update public.core_entities set name = 'Renamed' where id = tests.id('entity:alpha') returning 1 $$,
  'rename entity alpha',
  anon => 'none', outsider => 'none', member => 'none', creator => 'none',
  manager => 'none', admin => '1 row', other_member => 'none'
);

select tests.check_matrix(
  $$ delete from public.core_entities where id = tests.id('entity:alpha') returning 1 $$,
  'delete entity alpha',
  anon => 'none', outsider => 'none', member => 'none', creator => 'none',
  manager => 'none', admin => '1 row', other_member => 'none'
);

-- core_memberships ----------------------------------------------------------------------------------------

select tests.check_visibility(
  'public.core_memberships', 'tests.fixture_name(id)',
  anon => '{}',
  outsider => '{}',
  member => '{membership:member}',
  creator => '{membership:creator}',
  manager => '{membership:admin,membership:creator,membership:manager,membership:member,membership:lapsed,membership:invitee}',
  admin => '{membership:admin,membership:creator,membership:manager,membership:member,membership:lapsed,membership:invitee}',
  other_member => '{membership:other_member}'
);

select tests.check_matrix(
  $$ insert into public.core_memberships (entity_id, member_role, status, invited_email)
     values (tests.id('entity:alpha'), 'member', 'invited', 'new.person@pgtap.studymap.test') returning 1 $$,
  'add a membership to alpha',
  anon => 'denied', outsider => 'denied', member => 'denied', creator => 'denied',
  manager => 'denied', admin => '1 row', other_member => 'denied'
);

select tests.check_matrix(
  $$ update public.core_memberships set member_role = 'creator' where id = tests.id('membership:member')
     returning 1 $$,
  'change the member''s role',
  anon => 'none', outsider => 'none', member => 'none', creator => 'none',
  manager => 'none', admin => '1 row', other_member => 'none'
);

select tests.check_matrix(
  $$ delete from public.core_memberships where id = tests.id('membership:member') returning 1 $$,
  'remove the member''s membership (the member leaves, or an admin removes it)',
  anon => 'none', outsider => 'none', member => '1 row', creator => 'none',
  manager => 'none', admin => '1 row', other_member => 'none'
);

-- profiles ------------------------------------------------------------------------------------------------

select tests.check_visibility(
  'public.profiles', 'tests.fixture_name(id)',
  anon => '{}',
  outsider => '{user:outsider}',
  member => '{user:member}',
  creator => '{user:creator}',
  manager => '{user:admin,user:creator,user:manager,user:member,user:lapsed}',
  admin => '{user:admin,user:creator,user:manager,user:member,user:lapsed}',
  other_member => '{user:other_member}'
);

select tests.check_matrix(
  $$ insert into public.profiles (id, email) values (gen_random_uuid(), 'someone@pgtap.studymap.test')
     returning 1 $$,
  'insert a profile (only the auth trigger does)',
  anon => 'denied', outsider => 'denied', member => 'denied', creator => 'denied',
  manager => 'denied', admin => 'denied', other_member => 'denied'
);

select tests.check_matrix(
  $$ update public.profiles set display_name = 'Renamed' where id = tests.id('user:member') returning 1 $$,
  'rename the member''s profile',
  anon => 'denied', outsider => 'none', member => '1 row', creator => 'none',
  manager => 'none', admin => 'none', other_member => 'none'
);

select tests.check_matrix(
  $$ delete from public.profiles where id = tests.id('user:member') returning 1 $$,
  'delete the member''s profile (it goes with the auth user)',
  anon => 'none', outsider => 'none', member => 'none', creator => 'none',
  manager => 'none', admin => 'none', other_member => 'none'
);

-- Beyond the matrix ---------------------------------------------------------------------------------------

select tests.check_as(
  'member',
  $$ update public.profiles set email = 'stolen@pgtap.studymap.test' where id = tests.id('user:member')
     returning 1 $$,
  'denied',
  'member: a profile''s e-mail follows Auth and cannot be edited'
);

select tests.check_as(
  'invitee',
  $$ select 1 from public.core_memberships where id = tests.id('membership:invitee') $$,
  '1 row',
  'invitee: sees the invitation sent to their e-mail address'
);

select tests.check_as(
  'invitee',
  $$ select 1 from public.core_entities where id = tests.id('entity:alpha') $$,
  'none',
  'invitee: an invitation does not open the entity before it is accepted'
);

select tests.check_as(
  'lapsed',
  $$ select 1 from public.core_entities where id = tests.id('entity:alpha') $$,
  'none',
  'lapsed: an inactive membership grants nothing'
);

select * from finish();
rollback;
