-- Rendering an episode's audio again, from the episode editor: a topic's content manager who edited the
-- script asks the render-episode-audio function to record it anew. Recording costs money, so each
-- render is counted in the generation ledger and limited like every other generation; and the audio
-- remembers which script it speaks, so audio of an older script is never presented as current.

alter table public.episode_audio
  add column script_hash text,
  add constraint episode_audio_script_hash_sha256 check (script_hash is null or script_hash ~ '^[0-9a-f]{64}$');

comment on column public.episode_audio.script_hash is
  'SHA-256 (hex) of the script the audio was rendered from (episodeScriptHash in src/domain/activity-payload.ts); '
  'when the episode''s script no longer hashes to it, the audio is out of date. Null: rendered before this was kept.';

alter table public.generation_requests
  drop constraint generation_requests_task_valid,
  add constraint generation_requests_task_valid check (
    task in ('generate-topic-structure', 'generate-course-content', 'render-episode-audio')
  );

comment on column public.generation_requests.task is
  'generate-topic-structure, generate-course-content or render-episode-audio.';

-- claim_episode_audio_render -----------------------------------------------------------------------------

create or replace function public.claim_episode_audio_render(p_activity_id uuid)
returns uuid
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_topic uuid;
  v_kind text;
begin
  -- As the caller: RLS decides whether they can see the episode at all.
  select c.topic_id, a.kind into v_topic, v_kind
  from public.activities a
  join public.chapters ch on ch.id = a.chapter_id
  join public.courses c on c.id = ch.course_id
  where a.id = p_activity_id;
  if v_topic is null then
    raise exception 'Episode not found' using errcode = 'PT404';
  end if;
  perform private.assert_can_manage_topic(v_topic);
  if v_kind <> 'recap' then
    raise exception 'Only a recap episode has audio to render' using errcode = '22023';
  end if;
  perform private.claim_generation(v_topic, 'render-episode-audio');
  return v_topic;
end;
$$;

comment on function public.claim_episode_audio_render(uuid) is
  'Counts a render of a recap episode''s audio that the caller is about to start, and returns the '
  'episode''s topic. Raises PT404 (HTTP 404) for an episode they cannot read, 42501 unless they manage '
  'its topic, 22023 for an activity that is not a recap, PT429 over the generation limits.';

revoke execute on function public.claim_episode_audio_render(uuid) from public, anon, authenticated, service_role;
grant execute on function public.claim_episode_audio_render(uuid) to authenticated;
