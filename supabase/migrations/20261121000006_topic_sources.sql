-- A topic's sources (uploaded files or pasted text) and the chunks ingestion cuts them into. Chunks keep
-- file, page and line numbers so every citation can point at lines that exist (ARCHITECTURE §1.5).
-- Both are readable as their topic is and written by the topic's content managers (and by tasks with the
-- service role).

-- Sources -------------------------------------------------------------------------------------------------

create table public.topic_sources (
  id uuid primary key default gen_random_uuid(),
  topic_id uuid not null references public.topics (id) on delete cascade,
  kind text not null,
  file_name text,
  file_path text,
  mime_type text,
  pasted_text text,
  status text not null default 'pending',
  error text,
  created_by uuid default auth.uid() references public.profiles (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint topic_sources_kind_valid check (kind in ('pdf', 'docx', 'markdown', 'text', 'pasted')),
  constraint topic_sources_status_valid check (status in ('pending', 'ingested', 'failed')),
  -- Pasted text lives in the row; every other kind is a file in the sources bucket.
  constraint topic_sources_content_present check (
    case kind
      when 'pasted' then pasted_text is not null and file_path is null
      else file_path is not null and pasted_text is null
    end
  ),
  constraint topic_sources_failed_has_error check (
    status <> 'failed' or coalesce(char_length(btrim(error)), 0) > 0
  ),
  -- Lets source_chunks reference a source together with its topic.
  constraint topic_sources_id_topic_key unique (id, topic_id)
);

comment on table public.topic_sources is
  'Learning material of a topic: a file in the private sources bucket or pasted text. Readable as its '
  'topic; written by the topic''s content managers; ingested by the generation task.';
comment on column public.topic_sources.id is 'Source id.';
comment on column public.topic_sources.topic_id is 'The topic; cannot be changed.';
comment on column public.topic_sources.kind is 'pdf, docx, markdown, text or pasted.';
comment on column public.topic_sources.file_name is 'Original file name shown on citation chips (a label for pasted text).';
comment on column public.topic_sources.file_path is 'Object path in the sources bucket: <entity_id>/<topic_id>/<file>; null for pasted text.';
comment on column public.topic_sources.mime_type is 'MIME type of the uploaded file.';
comment on column public.topic_sources.pasted_text is 'The text itself for kind pasted; null otherwise.';
comment on column public.topic_sources.status is 'pending, ingested (chunks written) or failed.';
comment on column public.topic_sources.error is 'Readable reason when status is failed.';
comment on column public.topic_sources.created_by is 'The user who added it (defaults to the caller); cannot be changed.';
comment on column public.topic_sources.created_at is 'When the source was added.';
comment on column public.topic_sources.updated_at is 'Last change, maintained by trigger.';

create index topic_sources_topic_id_idx on public.topic_sources (topic_id);
create index topic_sources_created_by_idx on public.topic_sources (created_by);

create trigger topic_sources_set_updated_at
  before update on public.topic_sources
  for each row execute function private.set_updated_at();

create trigger topic_sources_forbid_owner_change
  before update on public.topic_sources
  for each row execute function private.forbid_column_changes('topic_id', 'created_by', 'kind');

-- Storage policies trust the path, so a source's file must sit under its own entity and topic.
create or replace function private.check_source_file_path()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_segments text[] := string_to_array(new.file_path, '/');
begin
  if new.file_path is null then
    return new;
  end if;
  if cardinality(v_segments) < 3
     or v_segments[cardinality(v_segments)] = ''
     or not exists (
       select 1
       from public.topics t
       where t.id = new.topic_id
         and t.entity_id::text = v_segments[1]
         and t.id::text = v_segments[2]
     ) then
    raise exception 'file_path must be <entity_id>/<topic_id>/<file name> of the source''s topic'
      using errcode = '23514',
            detail = format('got %s', new.file_path);
  end if;
  return new;
end;
$$;

comment on function private.check_source_file_path() is
  'BEFORE INSERT OR UPDATE trigger on topic_sources: file_path must start with <entity_id>/<topic_id>/ '
  'of the source''s own topic and name a file, the layout the storage policies rely on.';

revoke execute on function private.check_source_file_path() from public;

create trigger topic_sources_check_file_path
  before insert or update of file_path, topic_id on public.topic_sources
  for each row execute function private.check_source_file_path();

-- Chunks --------------------------------------------------------------------------------------------------

create table public.source_chunks (
  id uuid primary key default gen_random_uuid(),
  source_id uuid not null,
  topic_id uuid not null,
  file_path text,
  file_name text,
  page_number integer,
  line_start integer not null,
  line_end integer not null,
  content text not null,
  created_at timestamptz not null default now(),
  constraint source_chunks_source_fkey foreign key (source_id, topic_id)
    references public.topic_sources (id, topic_id) on delete cascade,
  constraint source_chunks_topic_fkey foreign key (topic_id)
    references public.topics (id) on delete cascade,
  constraint source_chunks_page_positive check (page_number > 0),
  constraint source_chunks_line_range check (line_start >= 0 and line_end >= line_start)
);

comment on table public.source_chunks is
  'A run of consecutive lines of one source (of one page for a PDF), the unit citations point at. '
  'Readable as its topic; written by the topic''s content managers and the ingestion task.';
comment on column public.source_chunks.id is 'Chunk id (citation chunk_id).';
comment on column public.source_chunks.source_id is 'The source it was cut from.';
comment on column public.source_chunks.topic_id is 'The source''s topic (always equal to it), for direct filtering.';
comment on column public.source_chunks.file_path is 'The source''s object path in the sources bucket; null for pasted text.';
comment on column public.source_chunks.file_name is 'The source''s file name shown on citation chips.';
comment on column public.source_chunks.page_number is '1-based page for paged sources (PDF); null otherwise.';
comment on column public.source_chunks.line_start is 'First line, 0-based, within the page (or the whole text when unpaged).';
comment on column public.source_chunks.line_end is 'Last line, 0-based and inclusive.';
comment on column public.source_chunks.content is 'The lines line_start..line_end verbatim, joined with newlines.';
comment on column public.source_chunks.created_at is 'When ingestion wrote the chunk.';

create index source_chunks_source_id_idx on public.source_chunks (source_id, topic_id);
create index source_chunks_topic_id_idx on public.source_chunks (topic_id, page_number, line_start);
-- 'simple': sources are Dutch or English, so words are indexed as written, without stemming.
create index source_chunks_content_search_idx
  on public.source_chunks using gin (to_tsvector('simple', content));

-- Row-level security --------------------------------------------------------------------------------------

alter table public.topic_sources enable row level security;
alter table public.source_chunks enable row level security;

create policy "Sources are visible to those who can read the topic"
  on public.topic_sources for select
  to authenticated
  using ((select private.can_read_topic(topic_id)));

create policy "Sources can be added by the topic's content managers"
  on public.topic_sources for insert
  to authenticated
  with check (
    (select private.can_manage_topic(topic_id))
    and created_by = (select auth.uid())
  );

create policy "Sources can be edited by the topic's content managers"
  on public.topic_sources for update
  to authenticated
  using ((select private.can_manage_topic(topic_id)))
  with check ((select private.can_manage_topic(topic_id)));

create policy "Sources can be deleted by the topic's content managers"
  on public.topic_sources for delete
  to authenticated
  using ((select private.can_manage_topic(topic_id)));

create policy "Chunks are visible to those who can read the topic"
  on public.source_chunks for select
  to authenticated
  using ((select private.can_read_topic(topic_id)));

create policy "Chunks can be added by the topic's content managers"
  on public.source_chunks for insert
  to authenticated
  with check ((select private.can_manage_topic(topic_id)));

create policy "Chunks can be edited by the topic's content managers"
  on public.source_chunks for update
  to authenticated
  using ((select private.can_manage_topic(topic_id)))
  with check ((select private.can_manage_topic(topic_id)));

create policy "Chunks can be deleted by the topic's content managers"
  on public.source_chunks for delete
  to authenticated
  using ((select private.can_manage_topic(topic_id)));
