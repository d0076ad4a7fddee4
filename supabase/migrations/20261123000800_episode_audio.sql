-- Recorded audio of podcast episodes: when a speech provider is configured, the course generation task
-- renders each recap's two-voice script into one WAV file in the private `episode-audio` bucket, at
-- <activity_id>/<file>, and records here its measured duration and where each turn starts. Only the
-- tasks (service role) write; whoever may read the episode's course may read both row and file.

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('episode-audio', 'episode-audio', false, 50 * 1024 * 1024, array['audio/wav', 'audio/mpeg'])
on conflict (id) do nothing;

create table public.episode_audio (
  activity_id uuid primary key references public.activities (id) on delete cascade,
  object_path text not null,
  duration_seconds numeric(8, 2) not null,
  turn_starts numeric(8, 2)[] not null,
  voices text[] not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint episode_audio_duration_positive check (duration_seconds > 0),
  constraint episode_audio_object_path_in_folder check (
    split_part(object_path, '/', 1) = activity_id::text and split_part(object_path, '/', 2) <> ''
  ),
  constraint episode_audio_two_voices check (cardinality(voices) = 2)
);

comment on table public.episode_audio is
  'Recorded audio of a recap episode (one row per activity), rendered by a speech provider from the '
  'episode''s script. Written only by the tasks; readable by whoever may read the episode.';
comment on column public.episode_audio.activity_id is 'The recap activity the audio speaks.';
comment on column public.episode_audio.object_path is 'Object path in the private episode-audio bucket: <activity_id>/<file>.';
comment on column public.episode_audio.duration_seconds is 'Length of the audio file, measured from the file itself.';
comment on column public.episode_audio.turn_starts is 'Second at which each script turn starts: the episode''s chapter markers.';
comment on column public.episode_audio.voices is 'The provider voices of the host and the expert, in that order.';
comment on column public.episode_audio.created_at is 'When the audio was first rendered.';
comment on column public.episode_audio.updated_at is 'Last render, maintained by trigger.';

create trigger episode_audio_set_updated_at
  before update on public.episode_audio
  for each row execute function private.set_updated_at();

alter table public.episode_audio enable row level security;

create policy "Episode audio is visible to those who may read its episode"
  on public.episode_audio for select
  to authenticated
  using ((select private.can_read_activity(activity_id)));

grant select on public.episode_audio to authenticated;
grant select, insert, update, delete on public.episode_audio to service_role;

create policy "Episode audio files are readable by those who may read their episode"
  on storage.objects for select
  to authenticated
  using (
    bucket_id = 'episode-audio'
    and (select private.can_read_activity(private.uuid_or_null(split_part(name, '/', 1))))
  );
