-- Subjects (a shared catalogue such as "Aardrijkskunde") and modules, which the product calls
-- collections: an entity's named groups of topics.

-- Subjects ------------------------------------------------------------------------------------------

create table public.subjects (
  id uuid primary key default gen_random_uuid(),
  title text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint subjects_title_not_blank check (char_length(btrim(title)) between 1 and 120)
);

comment on table public.subjects is
  'Shared catalogue of school subjects a topic can belong to. Readable by every signed-in user; new '
  'subjects are added by content managers of any entity; renaming or removing one (it is shared by '
  'all entities) is left to the service role.';
comment on column public.subjects.id is 'Subject id.';
comment on column public.subjects.title is 'Subject name, unique regardless of case.';
comment on column public.subjects.created_at is 'When the subject was added.';
comment on column public.subjects.updated_at is 'Last change, maintained by trigger.';

create unique index subjects_title_key on public.subjects (lower(title));

create trigger subjects_set_updated_at
  before update on public.subjects
  for each row execute function private.set_updated_at();

alter table public.subjects enable row level security;

create policy "Subjects are visible to every signed-in user"
  on public.subjects for select
  to authenticated
  using (true);

create policy "Subjects can be added by content managers"
  on public.subjects for insert
  to authenticated
  with check (exists (select 1 from private.content_manager_entity_ids()));

-- Modules (collections) -----------------------------------------------------------------------------

create table public.modules (
  id uuid primary key default gen_random_uuid(),
  entity_id uuid not null references public.core_entities (id) on delete cascade,
  title text not null,
  description text,
  created_by uuid default auth.uid() references public.profiles (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint modules_title_not_blank check (char_length(btrim(title)) between 1 and 200),
  -- Lets topics reference a module together with its entity, so a topic never joins another
  -- entity's collection.
  constraint modules_id_entity_key unique (id, entity_id)
);

comment on table public.modules is
  'Collections of topics within one entity. Readable by the entity''s active members; written by its '
  'content managers (creator, manager, admin).';
comment on column public.modules.id is 'Module (collection) id.';
comment on column public.modules.entity_id is 'Owning entity; cannot be changed.';
comment on column public.modules.title is 'Collection name.';
comment on column public.modules.description is 'Optional description of the collection.';
comment on column public.modules.created_by is 'The user who created it (defaults to the caller); cannot be changed.';
comment on column public.modules.created_at is 'When the collection was created.';
comment on column public.modules.updated_at is 'Last change, maintained by trigger.';

create index modules_entity_id_idx on public.modules (entity_id);
create index modules_created_by_idx on public.modules (created_by);

create trigger modules_set_updated_at
  before update on public.modules
  for each row execute function private.set_updated_at();

create trigger modules_forbid_owner_change
  before update on public.modules
  for each row execute function private.forbid_column_changes('entity_id', 'created_by');

alter table public.modules enable row level security;

create policy "Modules are visible to the entity's active members"
  on public.modules for select
  to authenticated
  using (entity_id in (select private.member_entity_ids()));

create policy "Modules can be created by the entity's content managers"
  on public.modules for insert
  to authenticated
  with check (
    entity_id in (select private.content_manager_entity_ids())
    and created_by = (select auth.uid())
  );

create policy "Modules can be edited by the entity's content managers"
  on public.modules for update
  to authenticated
  using (entity_id in (select private.content_manager_entity_ids()))
  with check (entity_id in (select private.content_manager_entity_ids()));

create policy "Modules can be deleted by the entity's content managers"
  on public.modules for delete
  to authenticated
  using (entity_id in (select private.content_manager_entity_ids()));
