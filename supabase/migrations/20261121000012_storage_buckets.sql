-- Storage buckets and their object policies.
--
--   assets   public   thumbnails and images: <entity_id>/<file>; anyone may fetch the public URL, content
--                     managers of the entity in the first path segment write.
--   sources  private  learners' source files: <entity_id>/<topic_id>/<file>; readable by those who may
--                     read the topic in the second segment, written by its content managers.

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values
  ('assets', 'assets', true, 5 * 1024 * 1024,
   array['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/svg+xml']),
  ('sources', 'sources', false, 50 * 1024 * 1024, null)
on conflict (id) do nothing;

-- Path helpers ---------------------------------------------------------------------------------------------

create or replace function private.uuid_or_null(p_text text)
returns uuid
language plpgsql
immutable
set search_path = ''
as $$
begin
  if p_text ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    return p_text::uuid;
  end if;
  return null;
end;
$$;

comment on function private.uuid_or_null(text) is
  'The text as a uuid, or null when it is not one (object paths are user input).';

create or replace function private.source_object_topic_id(p_object_name text)
returns uuid
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return (
    select t.id
    from public.topics t
    where t.id = private.uuid_or_null(split_part(p_object_name, '/', 2))
      and t.entity_id = private.uuid_or_null(split_part(p_object_name, '/', 1))
      and split_part(p_object_name, '/', 3) <> ''
  );
end;
$$;

comment on function private.source_object_topic_id(text) is
  'The topic a sources-bucket object belongs to, when its path is <entity_id>/<topic_id>/<file> of a '
  'real topic of that entity; null otherwise.';

revoke execute on function private.uuid_or_null(text) from public;
revoke execute on function private.source_object_topic_id(text) from public;
grant execute on function private.uuid_or_null(text) to authenticated, service_role;
grant execute on function private.source_object_topic_id(text) to authenticated, service_role;

-- Policies on storage.objects ------------------------------------------------------------------------------

create policy "Source files are readable by those who may read their topic"
  on storage.objects for select
  to authenticated
  using (
    bucket_id = 'sources'
    and (select private.can_read_topic(private.source_object_topic_id(name)))
  );

create policy "Source files can be uploaded by the topic's content managers"
  on storage.objects for insert
  to authenticated
  with check (
    bucket_id = 'sources'
    and (select private.can_manage_topic(private.source_object_topic_id(name)))
  );

create policy "Source files can be replaced by the topic's content managers"
  on storage.objects for update
  to authenticated
  using (
    bucket_id = 'sources'
    and (select private.can_manage_topic(private.source_object_topic_id(name)))
  )
  with check (
    bucket_id = 'sources'
    and (select private.can_manage_topic(private.source_object_topic_id(name)))
  );

create policy "Source files can be deleted by the topic's content managers"
  on storage.objects for delete
  to authenticated
  using (
    bucket_id = 'sources'
    and (select private.can_manage_topic(private.source_object_topic_id(name)))
  );

create policy "Assets are readable by signed-in users"
  on storage.objects for select
  to authenticated
  using (bucket_id = 'assets');

create policy "Assets can be uploaded by the entity's content managers"
  on storage.objects for insert
  to authenticated
  with check (
    bucket_id = 'assets'
    and private.uuid_or_null(split_part(name, '/', 1)) in (select private.content_manager_entity_ids())
  );

create policy "Assets can be replaced by the entity's content managers"
  on storage.objects for update
  to authenticated
  using (
    bucket_id = 'assets'
    and private.uuid_or_null(split_part(name, '/', 1)) in (select private.content_manager_entity_ids())
  )
  with check (
    bucket_id = 'assets'
    and private.uuid_or_null(split_part(name, '/', 1)) in (select private.content_manager_entity_ids())
  );

create policy "Assets can be deleted by the entity's content managers"
  on storage.objects for delete
  to authenticated
  using (
    bucket_id = 'assets'
    and private.uuid_or_null(split_part(name, '/', 1)) in (select private.content_manager_entity_ids())
  );
