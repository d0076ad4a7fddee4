-- Deleting a topic already queues its source files (20261123000202_topic_file_cleanup.sql). Two more kinds
-- of file belong to it alone and would stay behind in Storage:
--   * its thumbnail, uploaded by the new-topic form to the assets bucket under <entity_id>/<topic_id>/
--     (a thumbnail elsewhere in assets is the organisation's, and may serve other topics: it stays);
--   * the recorded audio of its episodes, in the episode-audio bucket under <activity_id>/.
-- The audio is found through the topic's activities, which the cascade removes with the topic, so this
-- runs BEFORE the delete; the cleanup task (trigger/clean-orphaned-files.ts) removes what is queued.

create or replace function private.queue_topic_generated_files()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into private.orphaned_files (bucket_id, object_name)
  select o.bucket_id, o.name
  from storage.objects o
  where o.bucket_id = 'assets'
    and o.name like old.entity_id::text || '/' || old.id::text || '/%'
    -- A topic pointed at another topic's file: that file stays while it is in use.
    and not exists (
      select 1 from public.topics t where t.id <> old.id and t.thumbnail_image_url = o.name
    )
  on conflict do nothing;

  insert into private.orphaned_files (bucket_id, object_name)
  select o.bucket_id, o.name
  from public.courses c
  join public.chapters ch on ch.course_id = c.id
  join public.activities a on a.chapter_id = ch.id
  join storage.objects o on o.bucket_id = 'episode-audio' and o.name like a.id::text || '/%'
  where c.topic_id = old.id
  on conflict do nothing;

  return old;
end;
$$;

comment on function private.queue_topic_generated_files() is
  'Before a topic is deleted: queues its own thumbnail folder in assets (<entity_id>/<topic_id>/, unless '
  'another topic shows the file) and its episodes'' audio in episode-audio (<activity_id>/).';

revoke execute on function private.queue_topic_generated_files() from public, anon, authenticated, service_role;

create trigger topics_queue_generated_files_on_delete
  before delete on public.topics
  for each row execute function private.queue_topic_generated_files();
