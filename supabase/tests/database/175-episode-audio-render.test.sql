-- Rendering an episode's audio again (20261123001300_episode_audio_renders.sql): only the content
-- managers of the episode's topic may claim a render, each claim is counted in the generation ledger
-- and limited like every generation, nobody writes the ledger by hand, and the audio row keeps which
-- script it speaks.

begin;
select plan(18);
select tests.create_world();

insert into public.activities (id, chapter_id, kind, title, position, payload)
values (tests.id('activity:recap-alpha'), tests.id('chapter:alpha'), 'recap', 'Recap of alpha', 6,
        '{"transcript": "Alpha.", "bullets": []}');

-- Who may claim ------------------------------------------------------------------------------------------

select tests.authenticate_as_anon();
select throws_ok(
  $$ select public.claim_episode_audio_render(tests.id('activity:recap-alpha')) $$,
  '42501', null, 'anon: may not claim a render'
);
select tests.clear_authentication();

select tests.authenticate_as('outsider');
select throws_ok(
  $$ select public.claim_episode_audio_render(tests.id('activity:recap-alpha')) $$,
  'PT404', 'Episode not found', 'outsider: an episode they cannot read is not found'
);
select tests.clear_authentication();

select tests.authenticate_as('member');
select throws_ok(
  $$ select public.claim_episode_audio_render(tests.id('activity:recap-alpha')) $$,
  '42501', null, 'member: reads the episode but may not render it'
);
select tests.clear_authentication();

select tests.authenticate_as('other_member');
select throws_ok(
  $$ select public.claim_episode_audio_render(tests.id('activity:recap-alpha')) $$,
  'PT404', 'Episode not found', 'a member of another organisation: not found'
);
select tests.clear_authentication();

select tests.authenticate_as('creator');
select is(public.claim_episode_audio_render(tests.id('activity:recap-alpha')), tests.id('topic:alpha'),
  'creator: the claim returns the episode''s topic ...');
select results_eq(
  $$ select user_id, topic_id, task from public.generation_requests $$,
  $$ values (tests.id('user:creator'), tests.id('topic:alpha'), 'render-episode-audio') $$,
  '... and is counted in the caller''s ledger'
);
select throws_ok(
  $$ select public.claim_episode_audio_render(tests.id('activity:alpha')) $$,
  '22023', 'Only a recap episode has audio to render', 'an activity that is not a recap has no audio'
);
select tests.clear_authentication();

select tests.authenticate_as('manager');
select lives_ok(
  $$ select public.claim_episode_audio_render(tests.id('activity:recap-alpha')) $$,
  'manager: may render'
);
select tests.clear_authentication();

select tests.authenticate_as('admin');
select lives_ok(
  $$ select public.claim_episode_audio_render(tests.id('activity:recap-alpha')) $$,
  'admin: may render'
);
select tests.clear_authentication();

select tests.authenticate_as('lapsed');
select throws_ok(
  $$ select public.claim_episode_audio_render(tests.id('activity:recap-alpha')) $$,
  'PT404', 'Episode not found', 'an inactive member: not found'
);
select tests.clear_authentication();

-- Limits --------------------------------------------------------------------------------------------------

insert into public.generation_requests (user_id, topic_id, task)
select tests.id('user:manager'), tests.id('topic:alpha'), 'render-episode-audio'
from generate_series(1, 9);
select tests.authenticate_as('manager');
select throws_ok(
  $$ select public.claim_episode_audio_render(tests.id('activity:recap-alpha')) $$,
  'PT429', 'Generation limit reached for this topic: at most 10 an hour. Try again later.',
  'ten renders of one topic an hour, then the limit ...'
);
select tests.clear_authentication();
select is(
  (select count(*)::int from public.generation_requests
   where user_id = tests.id('user:manager') and task = 'render-episode-audio'),
  10,
  '... and the refused claim is not counted'
);

-- Escalation: nobody writes the ledger, for themselves or in another's name --------------------------------

select tests.authenticate_as('admin');
select throws_ok(
  $$ insert into public.generation_requests (user_id, topic_id, task)
     values (tests.id('user:member'), tests.id('topic:alpha'), 'render-episode-audio') $$,
  '42501', null, 'an admin cannot record a render in a member''s name'
);
select throws_ok(
  $$ delete from public.generation_requests where user_id = tests.id('user:admin') $$,
  '42501', null, '... nor erase their own renders to get under the limit'
);
select tests.clear_authentication();

select throws_ok(
  $$ insert into public.generation_requests (user_id, topic_id, task)
     values (tests.id('user:member'), tests.id('topic:alpha'), 'render-something-else') $$,
  '23514', null, 'the ledger knows only the product''s tasks'
);

-- The script the audio speaks ------------------------------------------------------------------------------

select lives_ok(
  $$ insert into public.episode_audio (activity_id, object_path, duration_seconds, turn_starts, voices, script_hash)
     values (tests.id('activity:recap-alpha'), tests.id('activity:recap-alpha') || '/episode.wav', 3, '{0}',
             '{alloy,onyx}', repeat('ab', 32)) $$,
  'audio records the SHA-256 of the script it speaks'
);
select throws_ok(
  $$ update public.episode_audio set script_hash = 'not a hash' where activity_id = tests.id('activity:recap-alpha') $$,
  '23514', null, '... and nothing else'
);
select tests.authenticate_as('creator');
select throws_ok(
  $$ update public.episode_audio set script_hash = null where activity_id = tests.id('activity:recap-alpha') $$,
  '42501', null, 'not even a topic''s creator changes which script audio speaks'
);
select tests.clear_authentication();

select * from finish();
rollback;
