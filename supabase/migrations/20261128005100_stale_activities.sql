-- Sources change (docs/teachers.md "When a source changes"): a creator adds, replaces or removes a
-- topic's sources and re-reads them (the structure task). The task compares the text every activity and
-- item cites with the sources' new text and records here what no longer stands in it. Learners see a
-- quiet notice on a stale activity; the creator regenerates only the stale items and chapters.
--
-- Only the task writes (public.record_source_changes, service role): whether a citation still holds is
-- decided by reading the new text, which the database does not have in the form the comparison needs.
-- Everyone who may read the activity may read its mark, the same readable set as its citations.

create table public.stale_activities (
  activity_id uuid primary key references public.activities (id) on delete cascade,
  topic_id uuid not null references public.topics (id) on delete cascade,
  item_ids text[] not null default '{}',
  citations_changed boolean not null default false,
  marked_at timestamptz not null default now(),
  constraint stale_activities_something_stale check (citations_changed or cardinality(item_ids) > 0)
);

comment on table public.stale_activities is
  'An activity whose cited lines changed or disappeared when its topic''s sources changed, with the items '
  'that rest on them. Readable as the activity; written by the structure task only.';
comment on column public.stale_activities.activity_id is 'The stale activity.';
comment on column public.stale_activities.topic_id is 'The activity''s topic, for listing a topic''s stale items.';
comment on column public.stale_activities.item_ids is
  'Ids of the questions or practice cards whose cited text changed; empty when the activity has no such items.';
comment on column public.stale_activities.citations_changed is
  'Whether text the activity itself cites (overview, study, recap) changed, apart from its items.';
comment on column public.stale_activities.marked_at is 'When the structure task found the change.';

create index stale_activities_topic_id_idx on public.stale_activities (topic_id);

alter table public.stale_activities enable row level security;

create policy "Stale marks are visible as their activity"
  on public.stale_activities for select
  to authenticated
  using (activity_id in (select private.readable_activity_ids()));

revoke all on public.stale_activities from public, anon, authenticated, service_role;
grant select on public.stale_activities to authenticated;
grant select, insert, update, delete on public.stale_activities to service_role;

-- An item of a payload by id: a question (diagnostic, mastery) or a practice card ----------------------

create or replace function private.activity_item(p_payload jsonb, p_item_id text)
returns jsonb
language sql
immutable
security definer
set search_path = ''
as $$
  select e.item
  from jsonb_array_elements(
    case
      when jsonb_typeof(p_payload -> 'questions') = 'array' then p_payload -> 'questions'
      when jsonb_typeof(p_payload -> 'cards') = 'array' then p_payload -> 'cards'
      else '[]'::jsonb
    end
  ) as e(item)
  where e.item ->> 'id' = p_item_id
  limit 1
$$;

comment on function private.activity_item(jsonb, text) is
  'The question or practice card with this id in an activity payload, or null.';

revoke execute on function private.activity_item(jsonb, text) from public, anon, authenticated, service_role;

-- A regenerated item or activity is no longer stale ---------------------------------------------------

create or replace function private.clear_stale_on_rewrite()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_items text[];
begin
  -- An item that was replaced (new id) or rewritten is fresh; the others stay stale.
  select coalesce(array_agg(i.item_id order by i.ord), '{}') into v_items
  from public.stale_activities s, unnest(s.item_ids) with ordinality as i(item_id, ord)
  where s.activity_id = new.id
    and private.activity_item(new.payload, i.item_id) is not distinct from private.activity_item(old.payload, i.item_id);
  if cardinality(v_items) = 0 then
    delete from public.stale_activities s where s.activity_id = new.id;
  else
    -- The activity's own text was written again with it.
    update public.stale_activities s set item_ids = v_items, citations_changed = false
    where s.activity_id = new.id;
  end if;
  return null;
end;
$$;

comment on function private.clear_stale_on_rewrite() is
  'AFTER UPDATE OF payload on activities: drops the stale mark of what the new payload rewrote.';

revoke execute on function private.clear_stale_on_rewrite() from public, anon, authenticated, service_role;

create trigger activities_clear_stale_on_rewrite
  after update of payload on public.activities
  for each row
  when (old.payload is distinct from new.payload)
  execute function private.clear_stale_on_rewrite();

-- record_source_changes (the structure task) ---------------------------------------------------------

create or replace function public.record_source_changes(p_topic_id uuid, p_stale jsonb, p_relinks jsonb)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_marked integer;
  v_relinked integer;
begin
  if jsonb_typeof(p_stale) <> 'array' or jsonb_typeof(p_relinks) <> 'array' then
    raise exception 'p_stale and p_relinks must be arrays.' using errcode = '22023';
  end if;

  -- The marks are the whole truth for the topic after this reading: a text restored clears its mark.
  delete from public.stale_activities s where s.topic_id = p_topic_id;
  insert into public.stale_activities (activity_id, topic_id, item_ids, citations_changed)
  select m.activity_id, p_topic_id, coalesce(m.item_ids, '{}'), coalesce(m.citations_changed, false)
  from jsonb_to_recordset(p_stale) as m(activity_id uuid, item_ids text[], citations_changed boolean)
  -- Only activities of this topic's courses, whatever the caller sends.
  where exists (
    select 1 from public.activities a
    join public.chapters ch on ch.id = a.chapter_id
    join public.courses c on c.id = ch.course_id
    where a.id = m.activity_id and c.topic_id = p_topic_id
  )
    and (coalesce(m.citations_changed, false) or cardinality(coalesce(m.item_ids, '{}')) > 0);
  get diagnostics v_marked = row_count;

  -- Citations whose text still stands, at its new lines: the citation chip opens the right place.
  update public.activity_citations ac
  set chunk_id = r.chunk_id, file_path = ch.file_path, page_number = ch.page_number,
      line_start = r.line_start, line_end = r.line_end
  from jsonb_to_recordset(p_relinks) as r(id bigint, chunk_id uuid, line_start integer, line_end integer)
  join public.source_chunks ch on ch.id = r.chunk_id and ch.topic_id = p_topic_id
  where ac.id = r.id
    and r.line_start between ch.line_start and ch.line_end
    and r.line_end between r.line_start and ch.line_end
    and ac.activity_id in (
      select a.id from public.activities a
      join public.chapters c2 on c2.id = a.chapter_id
      join public.courses co on co.id = c2.course_id
      where co.topic_id = p_topic_id
    );
  get diagnostics v_relinked = row_count;

  return jsonb_build_object('marked', v_marked, 'relinked', v_relinked);
end;
$$;

comment on function public.record_source_changes(uuid, jsonb, jsonb) is
  'After the topic''s sources were read again: replaces the topic''s stale marks with p_stale '
  '([{activity_id, item_ids, citations_changed}], activities of other topics ignored) and points the '
  'citations in p_relinks ([{id, chunk_id, line_start, line_end}]) at their text''s new lines. Returns '
  '{marked, relinked}. Service role only (the structure task).';

revoke execute on function public.record_source_changes(uuid, jsonb, jsonb) from public, anon, authenticated, service_role;
grant execute on function public.record_source_changes(uuid, jsonb, jsonb) to service_role;

-- A replaced or removed source's old file is queued for the cleanup task ---------------------------------

create or replace function private.queue_replaced_source_file()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if old.file_path is not null and (tg_op = 'DELETE' or old.file_path is distinct from new.file_path) then
    insert into private.orphaned_files (bucket_id, object_name)
    values ('sources', old.file_path)
    on conflict do nothing;
  end if;
  return null;
end;
$$;

comment on function private.queue_replaced_source_file() is
  'AFTER UPDATE OF file_path OR DELETE on topic_sources: queues the file no row names any more.';

revoke execute on function private.queue_replaced_source_file() from public, anon, authenticated, service_role;

create trigger topic_sources_queue_replaced_file
  after update of file_path or delete on public.topic_sources
  for each row execute function private.queue_replaced_source_file();
