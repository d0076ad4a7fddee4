-- RLS matrix for recorded episode audio: the episode_audio rows and the files of the private
-- `episode-audio` bucket are readable as their episode; only the tasks (service role) write them.

begin;
select plan(45);
select tests.create_world();

insert into public.episode_audio (activity_id, object_path, duration_seconds, turn_starts, voices)
select tests.id('activity:' || course), tests.id('activity:' || course) || '/episode.wav', 12.5,
  array[0, 4.25, 9], array['alloy', 'onyx']
from unnest(array['alpha', 'alpha-draft', 'alpha-public', 'beta']) as course;

insert into storage.objects (bucket_id, name)
select 'episode-audio', tests.id('activity:' || course) || '/pgtap-' || course || '.wav'
from unnest(array['alpha', 'alpha-draft', 'alpha-public', 'beta']) as course;

-- episode_audio -------------------------------------------------------------------------------------------

select tests.check_visibility(
  'public.episode_audio', 'tests.fixture_name(activity_id)',
  anon => '{denied}',
  outsider => '{activity:alpha-public}',
  member => '{activity:alpha,activity:alpha-draft,activity:alpha-public}',
  creator => '{activity:alpha,activity:alpha-public}',
  manager => '{activity:alpha,activity:alpha-public}',
  admin => '{activity:alpha,activity:alpha-public}',
  other_member => '{activity:alpha-public,activity:beta}',
  lapsed => '{activity:alpha-public}'
);

-- Escalation: not even a topic's managers record audio by hand, nor a member for their own draft.
select tests.check_matrix(
  $$ insert into public.episode_audio (activity_id, object_path, duration_seconds, turn_starts, voices)
     values (tests.id('activity:alpha-draft'), tests.id('activity:alpha-draft') || '/mine.wav', 3, '{0}',
       '{a,b}') returning 1 $$,
  'record audio for the draft episode',
  anon => 'denied', outsider => 'denied', member => 'denied', creator => 'denied',
  manager => 'denied', admin => 'denied', other_member => 'denied'
);

select tests.check_matrix(
  $$ update public.episode_audio set duration_seconds = 99 where activity_id = tests.id('activity:alpha')
     returning 1 $$,
  'change the duration of episode alpha',
  anon => 'denied', outsider => 'denied', member => 'denied', creator => 'denied',
  manager => 'denied', admin => 'denied', other_member => 'denied'
);

select tests.check_matrix(
  $$ delete from public.episode_audio where activity_id = tests.id('activity:alpha') returning 1 $$,
  'delete the audio of episode alpha',
  anon => 'denied', outsider => 'denied', member => 'denied', creator => 'denied',
  manager => 'denied', admin => 'denied', other_member => 'denied'
);

select throws_ok(
  $$ insert into public.episode_audio (activity_id, object_path, duration_seconds, turn_starts, voices)
     values (tests.id('activity:beta'), tests.id('activity:alpha') || '/elsewhere.wav', 3, '{0}', '{a,b}') $$,
  '23514', null,
  'the audio file lies in its own episode''s folder'
);

-- storage.objects -----------------------------------------------------------------------------------------

select tests.check_visibility(
  'storage.objects',
  $$ case when bucket_id = 'episode-audio' and storage.filename(name) like 'pgtap-%'
     then storage.filename(name) end $$,
  anon => '{}',
  outsider => '{pgtap-alpha-public.wav}',
  member => '{pgtap-alpha-draft.wav,pgtap-alpha-public.wav,pgtap-alpha.wav}',
  creator => '{pgtap-alpha-public.wav,pgtap-alpha.wav}',
  manager => '{pgtap-alpha-public.wav,pgtap-alpha.wav}',
  admin => '{pgtap-alpha-public.wav,pgtap-alpha.wav}',
  other_member => '{pgtap-alpha-public.wav,pgtap-beta.wav}',
  lapsed => '{pgtap-alpha-public.wav}'
);

select tests.check_matrix(
  $$ insert into storage.objects (bucket_id, name)
     values ('episode-audio', tests.id('activity:alpha') || '/upload.wav') returning 1 $$,
  'upload an audio file for episode alpha',
  anon => 'denied', outsider => 'denied', member => 'denied', creator => 'denied',
  manager => 'denied', admin => 'denied', other_member => 'denied'
);

select * from finish();
rollback;
