-- Topics (SPEC §3): what a learner studies, with its AI-generated learning structure and the state of
-- that generation. Readable by the entity's active members, by every signed-in user when public, and by
-- users subscribed to it; written by the entity's content managers.

create table public.topics (
  id uuid primary key default gen_random_uuid(),
  entity_id uuid not null references public.core_entities (id) on delete cascade,
  module_id uuid,
  created_by uuid default auth.uid() references public.profiles (id) on delete set null,
  title text not null,
  description text,
  level text,
  subject_id uuid references public.subjects (id) on delete set null,
  thumbnail_image_url text,
  structure jsonb,
  processing_status text,
  processing_progress integer not null default 0,
  processing_error text,
  suggested_metadata jsonb,
  visibility text not null default 'entity',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint topics_module_in_same_entity foreign key (module_id, entity_id)
    references public.modules (id, entity_id) on delete set null (module_id),
  constraint topics_title_not_blank check (char_length(btrim(title)) between 1 and 300),
  constraint topics_processing_status_valid check (
    processing_status in (
      'pending',
      'generating_structure',
      'generating_structue',
      'awaiting_structure_review',
      'completed',
      'failed'
    )
  ),
  constraint topics_processing_progress_range check (processing_progress between 0 and 100),
  constraint topics_structure_shape check (
    structure is null
    or coalesce(jsonb_typeof(structure -> 'sections'), 'missing') = 'array'
  ),
  -- Review and completion show a structure, so they cannot exist without one (SPEC §5).
  constraint topics_reviewed_status_has_structure check (
    processing_status not in ('awaiting_structure_review', 'completed') or structure is not null
  ),
  -- A failed topic tells the learner why (DECISIONS §4).
  constraint topics_failed_status_has_error check (
    processing_status is distinct from 'failed' or coalesce(char_length(btrim(processing_error)), 0) > 0
  ),
  constraint topics_suggested_metadata_is_object check (
    suggested_metadata is null or jsonb_typeof(suggested_metadata) = 'object'
  ),
  constraint topics_visibility_valid check (visibility in ('entity', 'public'))
);

comment on table public.topics is
  'A subject of study with its learning structure (SPEC §3). Readable by the entity''s active members, '
  'by any signed-in user when visibility is public, and by its subscribers; written by the entity''s '
  'content managers. Structure transitions go through the start/accept/regenerate RPCs.';
comment on column public.topics.id is 'Topic id; the second path segment of its files in the sources bucket.';
comment on column public.topics.entity_id is 'Owning entity; cannot be changed.';
comment on column public.topics.module_id is 'Collection of the same entity it belongs to, if any; cleared when the collection is deleted.';
comment on column public.topics.created_by is 'The user who created it (defaults to the caller); cannot be changed.';
comment on column public.topics.title is 'Topic title.';
comment on column public.topics.description is 'What the topic is about.';
comment on column public.topics.level is 'Level such as "CEFR A2"; the screens fall back to "CEFR A2" when empty.';
comment on column public.topics.subject_id is 'Subject of the shared catalogue; the screens fall back to "Aardrijkskunde".';
comment on column public.topics.thumbnail_image_url is 'Path of the thumbnail in the public assets bucket (<entity_id>/...), or a full URL.';
comment on column public.topics.structure is 'Learning structure JSON: {title, description, sections[{section_id, title, description, subtopics[...]}]}.';
comment on column public.topics.processing_status is
  'null or pending (not started), generating_structure (generating_structue is written as it), '
  'awaiting_structure_review, completed or failed.';
comment on column public.topics.processing_progress is 'Generation progress 0..100: 1 when generation starts, 100 when accepted.';
comment on column public.topics.processing_error is 'Readable reason when processing_status is failed.';
comment on column public.topics.suggested_metadata is 'Metadata suggested by generation (same fields as the topic plus a structure).';
comment on column public.topics.visibility is 'entity (members only) or public (every signed-in user).';
comment on column public.topics.created_at is 'When the topic was created.';
comment on column public.topics.updated_at is 'Last change, maintained by trigger.';

create index topics_entity_id_idx on public.topics (entity_id, created_at desc);
create index topics_module_id_idx on public.topics (module_id, entity_id);
create index topics_created_by_idx on public.topics (created_by);
create index topics_subject_id_idx on public.topics (subject_id);
create index topics_public_idx on public.topics (created_at desc) where visibility = 'public';

create trigger topics_set_updated_at
  before update on public.topics
  for each row execute function private.set_updated_at();

create trigger topics_forbid_owner_change
  before update on public.topics
  for each row execute function private.forbid_column_changes('entity_id', 'created_by');

-- The misspelt status some writers use means the same thing; store one spelling (SPEC §4).
create or replace function private.normalise_processing_status()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.processing_status = 'generating_structue' then
    new.processing_status := 'generating_structure';
  end if;
  return new;
end;
$$;

comment on function private.normalise_processing_status() is
  'BEFORE INSERT OR UPDATE trigger on topics: stores generating_structue as generating_structure.';

revoke execute on function private.normalise_processing_status() from public;

create trigger topics_normalise_processing_status
  before insert or update of processing_status on public.topics
  for each row execute function private.normalise_processing_status();

-- Subscriptions are declared here (their table follows with the other per-user tables) because a topic's
-- readers include its subscribers.
create table public.topic_subscriptions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  topic_id uuid not null references public.topics (id) on delete cascade,
  entity_id uuid,
  entity_kind text,
  created_at timestamptz not null default now(),
  constraint topic_subscriptions_entity_fkey foreign key (entity_id, entity_kind)
    references public.core_entities (id, kind) on update cascade on delete cascade,
  constraint topic_subscriptions_entity_complete check ((entity_id is null) = (entity_kind is null)),
  constraint topic_subscriptions_user_topic_key unique (user_id, topic_id)
);

comment on table public.topic_subscriptions is
  'A user''s subscription to a topic they could read when subscribing (e.g. a public topic from '
  'Explore); it keeps the topic readable for them. Each user sees and manages only their own.';
comment on column public.topic_subscriptions.id is 'Subscription id.';
comment on column public.topic_subscriptions.user_id is 'The subscriber (defaults to the caller).';
comment on column public.topic_subscriptions.topic_id is 'The subscribed topic.';
comment on column public.topic_subscriptions.entity_id is 'Entity of the subscriber the subscription was made for (search param entityId); optional.';
comment on column public.topic_subscriptions.entity_kind is 'Kind of that entity (search param entityKind); must match core_entities.kind.';
comment on column public.topic_subscriptions.created_at is 'When the user subscribed.';

create index topic_subscriptions_topic_id_idx on public.topic_subscriptions (topic_id);
create index topic_subscriptions_entity_idx on public.topic_subscriptions (entity_id, entity_kind);

-- Topic helpers -------------------------------------------------------------------------------------------

create or replace function private.subscribed_topic_ids()
returns setof uuid
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return query
    select s.topic_id
    from public.topic_subscriptions s
    where s.user_id = (select auth.uid());
end;
$$;

comment on function private.subscribed_topic_ids() is 'Topics the caller is subscribed to.';

create or replace function private.can_read_topic(p_topic_id uuid)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return auth.uid() is not null
    and exists (
      select 1
      from public.topics t
      where t.id = p_topic_id
        and (
          t.visibility = 'public'
          or t.entity_id in (select private.member_entity_ids())
          or t.id in (select private.subscribed_topic_ids())
        )
    );
end;
$$;

comment on function private.can_read_topic(uuid) is
  'Whether the signed-in caller may read the topic: active member of its entity, public topic, or '
  'subscribed.';

create or replace function private.can_manage_topic(p_topic_id uuid)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return exists (
    select 1
    from public.topics t
    where t.id = p_topic_id
      and t.entity_id in (select private.content_manager_entity_ids())
  );
end;
$$;

comment on function private.can_manage_topic(uuid) is
  'Whether the caller is a content manager (creator, manager, admin) of the topic''s entity.';

revoke execute on function private.subscribed_topic_ids() from public;
revoke execute on function private.can_read_topic(uuid) from public;
revoke execute on function private.can_manage_topic(uuid) from public;
grant execute on function private.subscribed_topic_ids() to authenticated, service_role;
grant execute on function private.can_read_topic(uuid) to authenticated, service_role;
grant execute on function private.can_manage_topic(uuid) to authenticated, service_role;

-- Row-level security ---------------------------------------------------------------------------------------

alter table public.topics enable row level security;
alter table public.topic_subscriptions enable row level security;

create policy "Topics are visible to entity members, subscribers, and everyone signed in when public"
  on public.topics for select
  to authenticated
  using (
    visibility = 'public'
    or entity_id in (select private.member_entity_ids())
    or id in (select private.subscribed_topic_ids())
  );

create policy "Topics can be created by the entity's content managers"
  on public.topics for insert
  to authenticated
  with check (
    entity_id in (select private.content_manager_entity_ids())
    and created_by = (select auth.uid())
  );

create policy "Topics can be edited by the entity's content managers"
  on public.topics for update
  to authenticated
  using (entity_id in (select private.content_manager_entity_ids()))
  with check (entity_id in (select private.content_manager_entity_ids()));

create policy "Topics can be deleted by the entity's content managers"
  on public.topics for delete
  to authenticated
  using (entity_id in (select private.content_manager_entity_ids()));

create policy "Subscriptions are visible to their user"
  on public.topic_subscriptions for select
  to authenticated
  using (user_id = (select auth.uid()));

create policy "Users can subscribe themselves to topics they can read"
  on public.topic_subscriptions for insert
  to authenticated
  with check (
    user_id = (select auth.uid())
    and (select private.can_read_topic(topic_id))
    and (entity_id is null or entity_id in (select private.member_entity_ids()))
  );

create policy "Subscriptions can be removed by their user"
  on public.topic_subscriptions for delete
  to authenticated
  using (user_id = (select auth.uid()));
