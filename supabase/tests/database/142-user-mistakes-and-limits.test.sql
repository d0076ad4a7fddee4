-- A user's mistake gets an answer PostgREST turns into a 4xx, never a 500 (PostgREST answers every P0 code
-- but P0001 with 500), and what a user may store or create is bounded: profile preferences and names, and
-- the number of organisations one account creates in a day.

begin;
select plan(16);
select tests.create_world();

-- accept_invitation ---------------------------------------------------------------------------------------

select tests.authenticate_as('outsider');
select throws_ok(
  $$ select public.accept_invitation(gen_random_uuid()) $$,
  'PT404', null,
  'accept_invitation: an unknown id is 404 Not Found (PT404), not a server error'
);
select throws_ok(
  $$ select public.accept_invitation(tests.id('membership:invitee')) $$,
  'PT404', null,
  'accept_invitation: someone else''s invitation gets the same 404, so ids cannot be probed'
);
select throws_ok(
  $$ select public.accept_invitation('not-a-uuid') $$,
  '22P02', null,
  'accept_invitation: a malformed id is a 400 (invalid text representation)'
);

-- Profile bounds ------------------------------------------------------------------------------------------

select tests.authenticate_as('member');
select lives_ok(
  $$ update public.profiles set preferences = jsonb_build_object('theme', 'dark', 'note', repeat('x', 15000))
     where id = tests.id('user:member') $$,
  'preferences: 15 000 characters of settings are accepted'
);
select throws_ok(
  $$ update public.profiles set preferences = jsonb_build_object('blob', repeat('x', 16385))
     where id = tests.id('user:member') $$,
  '23514', null,
  'preferences: more than 16 KiB of JSON is refused (400)'
);
select throws_ok(
  $$ update public.profiles set preferences = jsonb_build_object('blob', repeat('x', 10 * 1024 * 1024))
     where id = tests.id('user:member') $$,
  '23514', null,
  'preferences: the 10 MiB of the attack are refused'
);
select lives_ok(
  $$ update public.profiles set display_name = repeat('n', 120) where id = tests.id('user:member') $$,
  'display_name: 120 characters are accepted'
);
select throws_ok(
  $$ update public.profiles set display_name = repeat('n', 121) where id = tests.id('user:member') $$,
  '23514', null,
  'display_name: 121 characters are refused'
);
select throws_ok(
  $$ update public.profiles set display_name = '   ' where id = tests.id('user:member') $$,
  '23514', null,
  'display_name: a blank name is refused (null means no name)'
);
select throws_ok(
  $$ update public.profiles set display_name = E'Mia\nAdmin' where id = tests.id('user:member') $$,
  '23514', null,
  'display_name: control characters are refused'
);
select lives_ok(
  $$ update public.profiles set display_name = null where id = tests.id('user:member') $$,
  'display_name: may be cleared'
);
select tests.clear_authentication();

select lives_ok(
  $$ insert into auth.users (id, aud, role, email, raw_user_meta_data)
     values (tests.id('user:odd_signup'), 'authenticated', 'authenticated', 'odd@pgtap.studymap.test',
             jsonb_build_object('full_name', E'  Odd\tName\n' || repeat('z', 200))) $$,
  'sign-up: a provider name with control characters and 200+ characters does not break sign-up'
);
select is(
  (select display_name from public.profiles where id = tests.id('user:odd_signup')),
  left('Odd Name ' || repeat('z', 200), 120),
  '... it is cleaned and cut to 120 characters'
);

-- create_entity limit -------------------------------------------------------------------------------------

select tests.authenticate_as('outsider');
select lives_ok(
  $$ select public.create_entity('Org ' || n) from generate_series(1, 5) as n $$,
  'create_entity: five organisations in a day are fine'
);
select throws_ok(
  $$ select public.create_entity('Org 6') $$,
  'PT429', null,
  'create_entity: the sixth within 24 hours is 429 Too Many Requests (PT429)'
);
select tests.clear_authentication();

-- Deleting what one created does not give the quota back.
select tests.authenticate_as('outsider');
delete from public.core_entities where name like 'Org %';
select throws_ok(
  $$ select public.create_entity('Org again') $$,
  'PT429', null,
  'create_entity: deleting the organisations does not reset the count'
);
select tests.clear_authentication();

select * from finish();
rollback;
