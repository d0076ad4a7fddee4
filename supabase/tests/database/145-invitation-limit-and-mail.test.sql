-- Invitation e-mails (20261123001200_invitation_mail.sql): the daily limit on invite_member, its log
-- (which a revoke does not empty), and invitation_mail, the sending task's one read.
begin;
select plan(14);
select tests.create_world();

update public.profiles set display_name = 'Ada <Admin>' where id = tests.id('user:admin');

-- invitation_mail ------------------------------------------------------------------------------------------

select tests.authenticate_as('admin');
select set_config('pgtap.invitation', public.invite_member(tests.id('entity:alpha'), 'new@example.com', 'creator')::text, true);
select tests.clear_authentication();

select tests.authenticate_as_service_role();
select results_eq(
  $$ select * from public.invitation_mail(current_setting('pgtap.invitation')::uuid) $$,
  $$ values ('new@example.com', 'creator', 'invited', 'Alpha School', 'Ada <Admin>') $$,
  'invitation_mail: the address, role, status, organisation and the inviter''s display name'
);
select is_empty(
  $$ select * from public.invitation_mail(gen_random_uuid()) $$,
  'invitation_mail: nothing for an unknown membership'
);
select results_eq(
  $$ select inviter_name from public.invitation_mail(tests.id('membership:invitee')) $$,
  $$ values ('An admin') $$,
  'invitation_mail: an invitation made before the log (the seed, Studio) names no one'
);
select tests.clear_authentication();

update public.profiles set display_name = null where id = tests.id('user:admin');
select tests.authenticate_as_service_role();
select results_eq(
  $$ select inviter_name from public.invitation_mail(current_setting('pgtap.invitation')::uuid) $$,
  $$ values ('admin@pgtap.studymap.test') $$,
  'invitation_mail: without a display name, the inviter''s address'
);
select tests.clear_authentication();

select tests.authenticate_as('admin');
select throws_ok(
  $$ select * from public.invitation_mail(current_setting('pgtap.invitation')::uuid) $$,
  '42501', null,
  'invitation_mail: a signed-in user, an admin included, may not call it'
);
select tests.clear_authentication();
select tests.authenticate_as_anon();
select throws_ok(
  $$ select * from public.invitation_mail(current_setting('pgtap.invitation')::uuid) $$,
  '42501', null,
  'invitation_mail: anon may not call it'
);
select tests.clear_authentication();

-- The log ------------------------------------------------------------------------------------------------

select tests.authenticate_as('admin');
select throws_ok(
  $$ select * from private.invitations_sent $$,
  '42501', null,
  'the log is not readable by a signed-in user'
);
select tests.clear_authentication();

-- A refused call writes nothing.
select tests.authenticate_as('member');
select throws_ok(
  $$ select public.invite_member(tests.id('entity:alpha'), 'stranger@example.com') $$,
  '42501', null,
  'a member who is not admin is refused'
);
select tests.clear_authentication();
select is(
  (select count(*)::int from public.core_memberships where invited_email = 'stranger@example.com'),
  0,
  '... and no invitation was written'
);
select is(
  (select count(*)::int from private.invitations_sent where inviter_id = tests.id('user:member')),
  0,
  '... and nothing was logged'
);

-- The daily limit ------------------------------------------------------------------------------------------

select tests.authenticate_as('admin');
select lives_ok(
  $$ select public.invite_member(tests.id('entity:alpha'), 'person' || n || '@example.com')
     from generate_series(2, 50) as n $$,
  'invite_member: fifty invitations in a day are fine (one above, 49 here)'
);
select throws_ok(
  $$ select public.invite_member(tests.id('entity:alpha'), 'person51@example.com') $$,
  'PT429', 'You can send at most 50 invitations a day. Try again tomorrow.',
  'invite_member: the 51st within 24 hours is 429 Too Many Requests (PT429), in a sentence'
);
select tests.clear_authentication();

-- Revoking the invitations does not give the quota back (the admin may delete open invitations).
select tests.authenticate_as('admin');
delete from public.core_memberships where invited_email like 'person%@example.com';
select throws_ok(
  $$ select public.invite_member(tests.id('entity:alpha'), 'again@example.com') $$,
  'PT429', null,
  'invite_member: revoking the invitations does not reset the count'
);
select tests.clear_authentication();

-- Another admin has a quota of their own.
select tests.authenticate_as('other_admin');
select lives_ok(
  $$ select public.invite_member(tests.id('entity:beta'), 'person51@example.com') $$,
  'invite_member: the limit is per inviter'
);
select tests.clear_authentication();

select * from finish();
rollback;
