-- Triggers: profiles follow auth.users, updated_at is stamped on change, owners and parents of rows never
-- change, a course is published at the server's time, and deleting a user removes what was theirs alone.

begin;
select plan(23);
select tests.create_world();

-- Profiles follow Supabase Auth ---------------------------------------------------------------------------

insert into auth.users (id, email, raw_user_meta_data)
values (tests.id('user:named'), 'Named.Person@pgtap.studymap.test', '{"full_name": "Named Person"}');
select results_eq(
  $$ select email, display_name, preferences from public.profiles where id = tests.id('user:named') $$,
  $$ values ('Named.Person@pgtap.studymap.test', 'Named Person', '{}'::jsonb) $$,
  'a new auth user gets a profile named from their sign-up metadata'
);
select is(
  (select display_name from public.profiles where id = tests.id('user:member')),
  'member',
  'without a name, the display name is the e-mail''s local part'
);
update auth.users set email = 'renamed@pgtap.studymap.test' where id = tests.id('user:named');
select is(
  (select email from public.profiles where id = tests.id('user:named')),
  'renamed@pgtap.studymap.test',
  'a changed auth e-mail is copied to the profile'
);
do $$ begin perform set_config('pgtap.signed_up_id', tests.id('user:signed-up')::text, true); end $$;
set local role supabase_auth_admin;
insert into auth.users (id, email)
values (current_setting('pgtap.signed_up_id')::uuid, 'signed.up@pgtap.studymap.test');
reset role;
select isnt_empty(
  $$ select 1 from public.profiles where id = tests.id('user:signed-up') $$,
  'a sign-up by Supabase Auth (connected as supabase_auth_admin) gets its profile'
);

-- updated_at ----------------------------------------------------------------------------------------------

update public.topics set updated_at = '2000-01-01' where id = tests.id('topic:alpha');
select is(
  (select updated_at from public.topics where id = tests.id('topic:alpha')),
  now(),
  'updated_at is stamped by the trigger, whatever the writer sends'
);
update public.core_entities set updated_at = '2000-01-01', name = 'Alpha Academy' where id = tests.id('entity:alpha');
select is(
  (select updated_at from public.core_entities where id = tests.id('entity:alpha')),
  now(),
  'entities stamp updated_at too'
);

-- Owners and parents never change -------------------------------------------------------------------------

select throws_ok(
  $$ update public.topics set entity_id = tests.id('entity:beta') where id = tests.id('topic:alpha-public') $$,
  '42501', 'topics.entity_id cannot be changed once set',
  'a topic cannot move to another entity'
);
select throws_ok(
  $$ update public.topics set created_by = tests.id('user:member') where id = tests.id('topic:alpha') $$,
  '42501', 'topics.created_by cannot be changed once set',
  'a topic''s creator cannot be rewritten'
);
select throws_ok(
  $$ update public.topics set created_by = null where id = tests.id('topic:alpha') $$,
  '42501', 'topics.created_by cannot be changed once set',
  'a topic''s creator cannot be erased by hand either'
);
select lives_ok(
  $$ update public.topics set entity_id = entity_id, created_by = created_by, title = 'Same owner'
     where id = tests.id('topic:alpha') $$,
  'writing the unchanged owner back is fine (upserts send every column)'
);
select throws_ok(
  $$ update public.modules set entity_id = tests.id('entity:beta') where id = tests.id('module:alpha') $$,
  '42501', null,
  'a collection cannot move to another entity'
);
select throws_ok(
  $$ update public.topic_sources set topic_id = tests.id('topic:beta') where id = tests.id('source:alpha') $$,
  '42501', null,
  'a source cannot move to another topic'
);
select throws_ok(
  $$ update public.courses set created_by = tests.id('user:member') where id = tests.id('course:alpha') $$,
  '42501', null,
  'a course cannot be handed to another learner'
);
select throws_ok(
  $$ update public.chapters set course_id = tests.id('course:beta') where id = tests.id('chapter:alpha') $$,
  '42501', null,
  'a chapter cannot move to another course'
);
select throws_ok(
  $$ update public.activities set chapter_id = tests.id('chapter:beta') where id = tests.id('activity:alpha') $$,
  '42501', null,
  'an activity cannot move to another chapter'
);
select throws_ok(
  $$ update public.practice_card_states set user_id = tests.id('user:creator')
     where user_id = tests.id('user:member') $$,
  '42501', null,
  'a card state cannot be handed to another learner'
);
select throws_ok(
  $$ update public.core_memberships set user_id = tests.id('user:outsider') where id = tests.id('membership:member') $$,
  '42501', 'core_memberships.user_id cannot be changed once set',
  'a membership cannot be handed to another user'
);

-- Publication time ----------------------------------------------------------------------------------------

insert into public.courses (id, topic_id, title, created_by)
values (tests.id('course:creator-draft'), tests.id('topic:alpha'), 'Creator draft', tests.id('user:creator'));
select tests.authenticate_as('creator');
update public.courses set published_at = '2999-01-01' where id = tests.id('course:creator-draft');
update public.courses set published_at = '2999-01-01' where id = tests.id('course:alpha');
select tests.clear_authentication();
select is(
  (select published_at from public.courses where id = tests.id('course:creator-draft')),
  now(),
  'publishing stamps the server''s time, not the time the browser sends'
);
select is(
  (select published_at from public.courses where id = tests.id('course:alpha')),
  (select now() - interval '1 day'),
  'publishing an already published course again keeps its first publication time'
);

-- Deleting a user -----------------------------------------------------------------------------------------

delete from auth.users where id = tests.id('user:creator');
select is_empty(
  $$ select 1 from public.profiles where id = tests.id('user:creator')
     union all select 1 from public.core_memberships where user_id = tests.id('user:creator') $$,
  'deleting an auth user removes their profile and memberships'
);
select results_eq(
  $$ select created_by from public.topics where id = tests.id('topic:alpha') $$,
  $$ values (null::uuid) $$,
  'their topics stay with the entity, without a creator'
);
delete from auth.users where id = tests.id('user:member');
select is_empty(
  $$ select 1 from public.activity_progress where user_id = tests.id('user:member')
     union all select 1 from public.favorites where user_id = tests.id('user:member')
     union all select 1 from public.practice_card_states where user_id = tests.id('user:member') $$,
  'a deleted learner''s progress, card states and favourites go with them'
);
select is(
  (select published_at is null from public.courses where id = tests.id('course:alpha-draft')),
  true,
  'a deleted learner''s draft course stays unpublished (and readable by nobody)'
);

select * from finish();
rollback;
