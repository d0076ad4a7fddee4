-- A deleted topic's source files are removed from Storage. Supabase forbids deleting storage.objects
-- rows with SQL (the files themselves would stay behind), so deleting a topic queues its files here and
-- a scheduled task (trigger/clean-orphaned-files.ts) removes them through the Storage API. Until then
-- nobody can read them: their read policy needs the topic, which is gone.
-- Public assets are the entity's (a thumbnail may serve several topics) and stay with the entity.

create table private.orphaned_files (
  bucket_id text not null,
  object_name text not null,
  queued_at timestamptz not null default now(),
  primary key (bucket_id, object_name)
);

comment on table private.orphaned_files is
  'Storage objects whose topic was deleted, waiting for the cleanup task to remove them through the '
  'Storage API.';

create or replace function private.queue_topic_files()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into private.orphaned_files (bucket_id, object_name)
  select o.bucket_id, o.name
  from storage.objects o
  where o.bucket_id = 'sources'
    and o.name like old.entity_id::text || '/' || old.id::text || '/%'
  on conflict do nothing;
  return old;
end;
$$;

comment on function private.queue_topic_files() is
  'After a topic is deleted: queues the files under <entity_id>/<topic_id>/ in the sources bucket.';

revoke execute on function private.queue_topic_files() from public;

create trigger topics_queue_files_on_delete
  after delete on public.topics
  for each row execute function private.queue_topic_files();

-- For the cleanup task (service role) -------------------------------------------------------------------

create or replace function public.orphaned_files(p_limit integer default 500)
returns table (bucket_id text, object_name text)
language sql
stable
security definer
set search_path = ''
as $$
  select f.bucket_id, f.object_name
  from private.orphaned_files f
  order by f.queued_at
  limit greatest(1, least(p_limit, 1000))
$$;

comment on function public.orphaned_files(integer) is
  'The oldest queued files of deleted topics, for the cleanup task to remove. Service role only.';

revoke execute on function public.orphaned_files(integer) from public, anon, authenticated, service_role;
grant execute on function public.orphaned_files(integer) to service_role;

create or replace function public.forget_orphaned_files(p_bucket_id text, p_object_names text[])
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_count integer;
begin
  delete from private.orphaned_files f
  where f.bucket_id = p_bucket_id and f.object_name = any (p_object_names);
  get diagnostics v_count = row_count;
  return v_count;
end;
$$;

comment on function public.forget_orphaned_files(text, text[]) is
  'Drops files from the queue once the cleanup task has removed them from Storage. Service role only.';

revoke execute on function public.forget_orphaned_files(text, text[]) from public, anon, authenticated, service_role;
grant execute on function public.forget_orphaned_files(text, text[]) to service_role;

-- SVG can carry script and the assets bucket is public and served inline: images only, no SVG.
update storage.buckets
set allowed_mime_types = array['image/png', 'image/jpeg', 'image/webp', 'image/gif']
where id = 'assets';
