-- RLS matrix for entities, memberships and profiles: which role may select, insert, update and delete
-- what (see tests.create_world in 000-setup for who is who).

begin;
select plan(132);
select tests.create_world();

-- core_entities -------------------------------------------------------------------------------------------

select tests.check_visibility(
  'public.core_entities', 'tests.fixture_name(id)',
  anon => '{denied}',
  outsider => '{}',
  member => '{entity:alpha}',
  creator => '{entity:alpha}',
  manager => '{entity:alpha}',
  admin => '{entity:alpha}',
  other_member => '{entity:beta}',
  lapsed => '{}'
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
  anon => 'denied', outsider => 'none', member => 'none', creator => 'none',
  manager => 'none', admin => '1 row', other_member => 'none'
);

select tests.check_matrix(
  $$ delete from public.core_entities where id = tests.id('entity:alpha') returning 1 $$,
  'delete entity alpha',
  anon => 'denied', outsider => 'none', member => 'none', creator => 'none',
  manager => 'none', admin => '1 row', other_member => 'none'
);

-- core_memberships ----------------------------------------------------------------------------------------

select tests.check_visibility(
  'public.core_memberships', 'tests.fixture_name(id)',
  anon => '{denied}',
  outsider => '{}',
  member => '{membership:member}',
  creator => '{membership:creator}',
  manager => '{membership:admin,membership:creator,membership:manager,membership:member,membership:lapsed,membership:invitee}',
  admin => '{membership:admin,membership:creator,membership:manager,membership:member,membership:lapsed,membership:invitee}',
  other_member => '{membership:other_member}',
  lapsed => '{membership:lapsed}'
);

select tests.check_matrix(
  $$ insert into public.core_memberships (entity_id, member_role, status, invited_email)
     values (tests.id('entity:alpha'), 'member', 'invited', 'new.person@pgtap.studymap.test') returning 1 $$,
  'invite an address to alpha',
  anon => 'denied', outsider => 'denied', member => 'denied', creator => 'denied',
  manager => 'denied', admin => '1 row', other_member => 'denied', lapsed => 'denied'
);

select tests.check_matrix(
  $$ insert into public.core_memberships (entity_id, user_id, member_role, status)
     values (tests.id('entity:alpha'), tests.id('user:outsider'), 'member', 'active') returning 1 $$,
  'make the outsider an active member of alpha (consent is needed)',
  anon => 'denied', outsider => 'denied', member => 'denied', creator => 'denied',
  manager => 'denied', admin => 'denied', other_member => 'denied', lapsed => 'denied'
);

select tests.check_matrix(
  $$ insert into public.core_memberships (entity_id, user_id, member_role, status)
     values (tests.id('entity:alpha'), tests.id('user:outsider'), 'member', 'inactive') returning 1 $$,
  'plant an inactive membership on the outsider in alpha',
  anon => 'denied', outsider => 'denied', member => 'denied', creator => 'denied',
  manager => 'denied', admin => 'denied', other_member => 'denied', lapsed => 'denied'
);

select tests.check_matrix(
  $$ update public.core_memberships set status = 'active' where id = tests.id('membership:lapsed')
     returning 1 $$,
  're-activate the lapsed membership (only a new invitation the member accepts does)',
  anon => 'denied', outsider => 'none', member => 'none', creator => 'none',
  manager => 'none', admin => 'denied', other_member => 'none', lapsed => 'none'
);

select tests.check_matrix(
  $$ update public.core_memberships set status = 'inactive' where id = tests.id('membership:member')
     returning 1 $$,
  'deactivate the member',
  anon => 'denied', outsider => 'none', member => 'none', creator => 'none',
  manager => 'none', admin => '1 row', other_member => 'none', lapsed => 'none'
);

select tests.check_matrix(
  $$ update public.core_memberships set member_role = 'creator' where id = tests.id('membership:member')
     returning 1 $$,
  'change the member''s role',
  anon => 'denied', outsider => 'none', member => 'none', creator => 'none',
  manager => 'none', admin => '1 row', other_member => 'none'
);

select tests.check_matrix(
  $$ delete from public.core_memberships where id = tests.id('membership:member') returning 1 $$,
  'remove the member''s membership (the member leaves, or an admin removes it)',
  anon => 'denied', outsider => 'none', member => '1 row', creator => 'none',
  manager => 'none', admin => '1 row', other_member => 'none'
);

-- Revoking an open invitation (account settings) is a delete by the entity's admins; nobody else can
-- withdraw an invitation someone else sent, not even the entity's managers, who see it.
select tests.check_matrix(
  $$ delete from public.core_memberships where id = tests.id('membership:invitee') returning 1 $$,
  'revoke the open invitation',
  anon => 'denied', outsider => 'none', member => 'none', creator => 'none',
  manager => 'none', admin => '1 row', other_member => 'none', lapsed => 'none'
);

-- profiles ------------------------------------------------------------------------------------------------

-- A profile is visible to its user and to those sharing an active membership with them: every active
-- member of alpha sees the others, nobody sees lapsed (inactive) and lapsed sees nobody else.
select tests.check_visibility(
  'public.profiles', 'tests.fixture_name(id)',
  anon => '{denied}',
  outsider => '{user:outsider}',
  member => '{user:admin,user:creator,user:manager,user:member}',
  creator => '{user:admin,user:creator,user:manager,user:member}',
  manager => '{user:admin,user:creator,user:manager,user:member}',
  admin => '{user:admin,user:creator,user:manager,user:member}',
  other_member => '{user:other_admin,user:other_member}',
  lapsed => '{user:lapsed}'
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
  anon => 'denied', outsider => 'denied', member => 'denied', creator => 'denied',
  manager => 'denied', admin => 'denied', other_member => 'denied'
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
