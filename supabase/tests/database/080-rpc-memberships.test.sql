-- The membership RPCs: get_user_memberships (docs/product.md §7), create_entity, invite_member, accept_invitation,
-- and the guard that keeps an active admin in every entity.

begin;
select plan(41);
select tests.create_world();

-- get_user_memberships ------------------------------------------------------------------------------------

select tests.authenticate_as('member');
select results_eq(
  $$ select * from public.get_user_memberships(tests.id('user:member')) $$,
  $$ values (tests.id('membership:member'), tests.id('entity:alpha'), 'Alpha School', 'school', 'member', 'active') $$,
  'get_user_memberships returns the caller''s membership with its entity'
);
select is_empty(
  $$ select * from public.get_user_memberships(tests.id('user:admin')) $$,
  'get_user_memberships answers nothing about another user'
);
select is_empty(
  $$ select * from public.get_user_memberships(null) $$,
  'get_user_memberships answers nothing without a user id'
);

select tests.authenticate_as('lapsed');
select results_eq(
  $$ select status, member_role from public.get_user_memberships(tests.id('user:lapsed')) $$,
  $$ values ('inactive', 'creator') $$,
  'inactive memberships are listed with their status (the client counts only active ones)'
);

select tests.authenticate_as('invitee');
select results_eq(
  $$ select membership_id, entity_name, status from public.get_user_memberships(tests.id('user:invitee')) $$,
  $$ values (tests.id('membership:invitee'), 'Alpha School', 'invited') $$,
  'an open invitation to the caller''s e-mail is listed, with the entity''s name'
);

select tests.authenticate_as('outsider');
select is_empty(
  $$ select * from public.get_user_memberships(tests.id('user:outsider')) $$,
  'a user without memberships gets none'
);

select tests.authenticate_as_anon();
select throws_ok(
  $$ select * from public.get_user_memberships(tests.id('user:member')) $$,
  '42501', null,
  'the anonymous key cannot call get_user_memberships'
);
select tests.clear_authentication();

-- create_entity -------------------------------------------------------------------------------------------

select tests.authenticate_as('outsider');
select lives_ok(
  $$ select set_config('pgtap.new_entity', public.create_entity('  Outsider Academy  ', 'school')::text, true) $$,
  'a signed-in user creates an organisation'
);
select results_eq(
  $$ select entity_id, entity_name, entity_kind, member_role, status
     from public.get_user_memberships(tests.id('user:outsider')) $$,
  $$ values (current_setting('pgtap.new_entity')::uuid, 'Outsider Academy', 'school', 'admin', 'active') $$,
  'its creator becomes its active admin (and the name is trimmed)'
);
select isnt_empty(
  $$ select 1 from public.core_entities where id = current_setting('pgtap.new_entity')::uuid $$,
  'the new entity is visible to its creator'
);
do $$ begin perform set_config('pgtap.second_entity', public.create_entity('Second Org')::text, true); end $$;
select is(
  (select kind from public.core_entities where id = current_setting('pgtap.second_entity')::uuid),
  'organisation',
  'the kind defaults to organisation'
);
select throws_ok(
  $$ select public.create_entity('   ', 'school') $$,
  '23514', null,
  'a blank name is refused'
);
select throws_ok(
  $$ select public.create_entity('Guild', 'guild') $$,
  '23514', null,
  'an unknown kind is refused'
);
select tests.authenticate_as_anon();
select throws_ok(
  $$ select public.create_entity('Anonymous Org', 'school') $$,
  '42501', null,
  'the anonymous key cannot create organisations'
);
select tests.clear_authentication();

-- invite_member -------------------------------------------------------------------------------------------

select tests.authenticate_as('admin');
select lives_ok(
  $$ select set_config('pgtap.invitation', public.invite_member(tests.id('entity:alpha'), '  New.Person@Example.COM ', 'creator')::text, true) $$,
  'an admin invites an e-mail address'
);
select results_eq(
  $$ select user_id, member_role, status, invited_email from public.core_memberships
     where id = current_setting('pgtap.invitation')::uuid $$,
  $$ values (null::uuid, 'creator', 'invited', 'new.person@example.com') $$,
  'the invitation waits for its (normalised) address with the chosen role'
);
select is(
  public.invite_member(tests.id('entity:alpha'), 'new.person@example.com', 'manager'),
  current_setting('pgtap.invitation')::uuid,
  'inviting the same address again reuses the open invitation'
);
select is(
  (select member_role from public.core_memberships where id = current_setting('pgtap.invitation')::uuid),
  'manager',
  '... with the new role'
);
select is(
  public.invite_member(tests.id('entity:alpha'), 'lapsed@pgtap.studymap.test'),
  tests.id('membership:lapsed'),
  'inviting a former member reopens their membership instead of adding a second one'
);
select results_eq(
  $$ select member_role, status from public.core_memberships where id = tests.id('membership:lapsed') $$,
  $$ values ('member', 'invited') $$,
  '... as an invitation with the new role'
);
select throws_ok(
  $$ select public.invite_member(tests.id('entity:alpha'), 'member@pgtap.studymap.test', 'admin') $$,
  '23505', null,
  'an active member cannot be invited again'
);
select throws_ok(
  $$ select public.invite_member(tests.id('entity:alpha'), 'not-an-address', 'member') $$,
  '23514', null,
  'an invalid e-mail address is refused'
);
select throws_ok(
  $$ select public.invite_member(tests.id('entity:alpha'), 'someone@example.com', 'owner') $$,
  '23514', null,
  'an unknown role is refused'
);

select tests.authenticate_as('manager');
select throws_ok(
  $$ select public.invite_member(tests.id('entity:alpha'), 'friend@example.com', 'member') $$,
  '42501', null,
  'a manager cannot invite'
);
select tests.authenticate_as('member');
select throws_ok(
  $$ select public.invite_member(tests.id('entity:alpha'), 'friend@example.com', 'admin') $$,
  '42501', null,
  'a member cannot invite'
);
select tests.authenticate_as('other_admin');
select throws_ok(
  $$ select public.invite_member(tests.id('entity:alpha'), 'friend@example.com', 'member') $$,
  '42501', null,
  'an admin of another entity cannot invite into this one'
);
select tests.clear_authentication();

-- accept_invitation ---------------------------------------------------------------------------------------

select tests.authenticate_as('outsider');
select throws_ok(
  $$ select public.accept_invitation(tests.id('membership:invitee')) $$,
  'PT404', null,
  'an invitation cannot be accepted by another account'
);

select tests.authenticate_as('invitee');
select is(
  public.accept_invitation(tests.id('membership:invitee')),
  tests.id('entity:alpha'),
  'the invitee accepts and gets the entity id back'
);
select results_eq(
  $$ select member_role, status from public.get_user_memberships(tests.id('user:invitee')) $$,
  $$ values ('member', 'active') $$,
  'the membership is now the invitee''s and active'
);
select isnt_empty(
  $$ select 1 from public.topics where id = tests.id('topic:alpha') $$,
  'the new member reads the entity''s topics'
);
select throws_ok(
  $$ select public.accept_invitation(tests.id('membership:invitee')) $$,
  'PT404', null,
  'an invitation is accepted once'
);
select throws_ok(
  $$ select public.accept_invitation(tests.id('membership:member')) $$,
  'PT404', null,
  'someone else''s active membership cannot be taken over'
);

select tests.authenticate_as('lapsed');
select is(
  public.accept_invitation(tests.id('membership:lapsed')),
  tests.id('entity:alpha'),
  'a reinvited former member accepts'
);
select is(
  (select status from public.core_memberships where id = tests.id('membership:lapsed')),
  'active',
  '... and is active again'
);

select tests.authenticate_as_anon();
select throws_ok(
  $$ select public.accept_invitation(tests.id('membership:invitee')) $$,
  '42501', null,
  'the anonymous key cannot accept invitations'
);
select tests.clear_authentication();

-- An entity keeps an active admin -------------------------------------------------------------------------

select tests.authenticate_as('admin');
select throws_ok(
  $$ update public.core_memberships set member_role = 'member' where id = tests.id('membership:admin') $$,
  '23514', null,
  'the last active admin cannot demote themselves'
);
select throws_ok(
  $$ update public.core_memberships set status = 'inactive' where id = tests.id('membership:admin') $$,
  '23514', null,
  'the last active admin cannot deactivate themselves'
);
select throws_ok(
  $$ delete from public.core_memberships where id = tests.id('membership:admin') $$,
  '23514', null,
  'the last active admin cannot leave'
);
select lives_ok(
  $$ update public.core_memberships set member_role = 'admin' where id = tests.id('membership:manager') $$,
  'an admin promotes another member to admin'
);
select lives_ok(
  $$ delete from public.core_memberships where id = tests.id('membership:admin') $$,
  'then the first admin may leave'
);
select tests.clear_authentication();
select throws_ok(
  $$ update public.core_memberships set entity_id = tests.id('entity:beta') where id = tests.id('membership:member') $$,
  '42501', 'core_memberships.entity_id cannot be changed once set',
  'a membership cannot be moved to another entity, not even by the owner role'
);

select * from finish();
rollback;
