-- Entities (organisations) and the memberships that tie users to them (SPEC §1, §6).
--
-- Only active memberships grant anything. An active admin may do anything in its entity; creators,
-- managers and admins are content managers; any other role (such as member) reads.

-- Entities ------------------------------------------------------------------------------------------

create table public.core_entities (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  kind text not null default 'organisation',
  metadata jsonb,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint core_entities_name_not_blank check (char_length(btrim(name)) between 1 and 200),
  constraint core_entities_kind_valid check (kind in ('organisation', 'school', 'company', 'personal')),
  constraint core_entities_metadata_is_object check (metadata is null or jsonb_typeof(metadata) = 'object'),
  -- Lets topic_subscriptions reference an entity together with its kind.
  constraint core_entities_id_kind_key unique (id, kind)
);

comment on table public.core_entities is
  'Organisations users belong to through memberships. Visible to their active members; created with '
  'the create_entity RPC; changed by their admins.';
comment on column public.core_entities.id is 'Entity id; the first path segment of its files in Storage.';
comment on column public.core_entities.name is 'Display name of the organisation.';
comment on column public.core_entities.kind is 'organisation, school, company or personal.';
comment on column public.core_entities.metadata is 'Free-form settings shown to members (SPEC §3 entityMetadata); may be null.';
comment on column public.core_entities.created_at is 'When the entity was created.';
comment on column public.core_entities.updated_at is 'Last change, maintained by trigger.';

create trigger core_entities_set_updated_at
  before update on public.core_entities
  for each row execute function private.set_updated_at();

-- Memberships ---------------------------------------------------------------------------------------

create table public.core_memberships (
  id uuid primary key default gen_random_uuid(),
  entity_id uuid not null references public.core_entities (id) on delete cascade,
  user_id uuid references public.profiles (id) on delete cascade,
  member_role text not null default 'member',
  status text not null default 'invited',
  invited_email text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint core_memberships_role_valid check (member_role in ('admin', 'creator', 'manager', 'member')),
  constraint core_memberships_status_valid check (status in ('active', 'invited', 'inactive')),
  constraint core_memberships_invited_email_normalised check (
    invited_email = lower(btrim(invited_email)) and invited_email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'
  ),
  -- A membership without a user is an open invitation, addressed by e-mail.
  constraint core_memberships_user_or_invitation check (
    user_id is not null or (status = 'invited' and invited_email is not null)
  ),
  constraint core_memberships_entity_user_key unique (entity_id, user_id)
);

comment on table public.core_memberships is
  'A user''s role in an entity. Only active memberships count. Readable by the user, by the '
  'entity''s admins and managers, and (while invited) by the invited e-mail address; written by '
  'the entity''s admins and the onboarding RPCs.';
comment on column public.core_memberships.id is 'Membership id (SPEC §3 membershipId).';
comment on column public.core_memberships.entity_id is 'The entity; cannot be changed.';
comment on column public.core_memberships.user_id is 'The member; null for an invitation not yet accepted. Set once.';
comment on column public.core_memberships.member_role is 'admin, creator, manager or member.';
comment on column public.core_memberships.status is 'active, invited or inactive; only active grants access.';
comment on column public.core_memberships.invited_email is 'Lower-case e-mail an invitation was sent to; matched against the auth e-mail on accept.';
comment on column public.core_memberships.created_at is 'When the membership or invitation was created.';
comment on column public.core_memberships.updated_at is 'Last change, maintained by trigger.';

create index core_memberships_user_id_idx on public.core_memberships (user_id, status);
create unique index core_memberships_open_invitation_key
  on public.core_memberships (entity_id, invited_email)
  where status = 'invited';
create index core_memberships_invited_email_idx
  on public.core_memberships (invited_email)
  where status = 'invited';

create trigger core_memberships_set_updated_at
  before update on public.core_memberships
  for each row execute function private.set_updated_at();

-- Role helpers used by every policy -------------------------------------------------------------------

create or replace function private.member_entity_ids()
returns setof uuid
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return query
    select m.entity_id
    from public.core_memberships m
    where m.user_id = (select auth.uid())
      and m.status = 'active';
end;
$$;

comment on function private.member_entity_ids() is
  'Entities where the caller has an active membership of any role.';

create or replace function private.entity_ids_with_role(p_roles text[])
returns setof uuid
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return query
    select m.entity_id
    from public.core_memberships m
    where m.user_id = (select auth.uid())
      and m.status = 'active'
      and (m.member_role = 'admin' or m.member_role = any (p_roles));
end;
$$;

comment on function private.entity_ids_with_role(text[]) is
  'Entities where the caller has an active membership with one of p_roles; an active admin always '
  'qualifies (SPEC §6).';

create or replace function private.content_manager_entity_ids()
returns setof uuid
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return query
    select entity_id from private.entity_ids_with_role(array['creator', 'manager']) as entity_id;
end;
$$;

comment on function private.content_manager_entity_ids() is
  'Entities where the caller may manage content: an active creator, manager or admin (SPEC §6).';

create or replace function private.has_role_on_entity(p_entity_id uuid, p_roles text[] default null)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return exists (
    select 1
    from public.core_memberships m
    where m.entity_id = p_entity_id
      and m.user_id = (select auth.uid())
      and m.status = 'active'
      and (p_roles is null or m.member_role = 'admin' or m.member_role = any (p_roles))
  );
end;
$$;

comment on function private.has_role_on_entity(uuid, text[]) is
  'Whether the caller is an active member of the entity with one of p_roles (any role when null); '
  'an active admin always qualifies.';

create or replace function private.current_user_email()
returns text
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return (
    select lower(u.email)
    from auth.users u
    where u.id = (select auth.uid())
  );
end;
$$;

comment on function private.current_user_email() is
  'The caller''s lower-case e-mail as Supabase Auth holds it; invitations are matched against it.';

create or replace function private.caller_bypasses_rls()
returns boolean
language sql
stable
set search_path = ''
as $$
  select coalesce(
    (select r.rolsuper or r.rolbypassrls from pg_catalog.pg_roles r where r.rolname = current_user),
    false
  )
$$;

comment on function private.caller_bypasses_rls() is
  'Whether the calling role ignores row-level security anyway (service_role, the owner): RPCs let such '
  'trusted callers through the checks RLS would otherwise make. Security invoker on purpose.';

revoke execute on function private.member_entity_ids() from public;
revoke execute on function private.entity_ids_with_role(text[]) from public;
revoke execute on function private.content_manager_entity_ids() from public;
revoke execute on function private.has_role_on_entity(uuid, text[]) from public;
revoke execute on function private.current_user_email() from public;
revoke execute on function private.caller_bypasses_rls() from public;
grant execute on function private.member_entity_ids() to authenticated, service_role;
grant execute on function private.entity_ids_with_role(text[]) to authenticated, service_role;
grant execute on function private.content_manager_entity_ids() to authenticated, service_role;
grant execute on function private.has_role_on_entity(uuid, text[]) to authenticated, service_role;
grant execute on function private.current_user_email() to authenticated, service_role;
grant execute on function private.caller_bypasses_rls() to authenticated, service_role;

-- Membership guards ------------------------------------------------------------------------------------

create or replace function private.guard_membership_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' then
    if new.entity_id is distinct from old.entity_id then
      raise exception 'core_memberships.entity_id cannot be changed once set' using errcode = '42501';
    end if;
    if old.user_id is not null and new.user_id is distinct from old.user_id then
      raise exception 'core_memberships.user_id cannot be changed once set' using errcode = '42501';
    end if;
  end if;

  -- An entity keeps at least one active admin while it exists. Locking the entity row serialises
  -- concurrent demotions, so two admins cannot remove each other at the same time.
  if old.member_role = 'admin' and old.status = 'active'
     and (tg_op = 'DELETE' or new.member_role <> 'admin' or new.status <> 'active') then
    perform 1 from public.core_entities e where e.id = old.entity_id for update;
    if found and not exists (
      select 1
      from public.core_memberships m
      where m.entity_id = old.entity_id
        and m.id <> old.id
        and m.member_role = 'admin'
        and m.status = 'active'
    ) then
      raise exception 'an entity needs at least one active admin'
        using errcode = '23514',
              hint = 'Make another member an active admin first, or delete the entity.';
    end if;
  end if;

  if tg_op = 'DELETE' then
    return old;
  end if;
  return new;
end;
$$;

comment on function private.guard_membership_change() is
  'BEFORE UPDATE OR DELETE trigger on core_memberships: entity_id never changes, user_id is set once, '
  'and the last active admin of an existing entity cannot be demoted, deactivated or removed.';

revoke execute on function private.guard_membership_change() from public;

create trigger core_memberships_guard_change
  before update or delete on public.core_memberships
  for each row execute function private.guard_membership_change();

-- Row-level security ------------------------------------------------------------------------------------

alter table public.core_entities enable row level security;
alter table public.core_memberships enable row level security;

create policy "Entities are visible to their active members"
  on public.core_entities for select
  to authenticated
  using (id in (select private.member_entity_ids()));

create policy "Entities can be edited by their admins"
  on public.core_entities for update
  to authenticated
  using (id in (select private.entity_ids_with_role(array['admin'])))
  with check (id in (select private.entity_ids_with_role(array['admin'])));

create policy "Entities can be deleted by their admins"
  on public.core_entities for delete
  to authenticated
  using (id in (select private.entity_ids_with_role(array['admin'])));

create policy "Memberships are visible to their user, the entity's admins and managers, and the invitee"
  on public.core_memberships for select
  to authenticated
  using (
    user_id = (select auth.uid())
    or entity_id in (select private.entity_ids_with_role(array['manager']))
    or (status = 'invited' and invited_email = (select private.current_user_email()))
  );

create policy "Memberships can be created by the entity's admins"
  on public.core_memberships for insert
  to authenticated
  with check (entity_id in (select private.entity_ids_with_role(array['admin'])));

create policy "Memberships can be changed by the entity's admins"
  on public.core_memberships for update
  to authenticated
  using (entity_id in (select private.entity_ids_with_role(array['admin'])))
  with check (entity_id in (select private.entity_ids_with_role(array['admin'])));

create policy "Memberships can be removed by the entity's admins or left by their user"
  on public.core_memberships for delete
  to authenticated
  using (
    user_id = (select auth.uid())
    or entity_id in (select private.entity_ids_with_role(array['admin']))
  );

create policy "Profiles are visible to their user and to admins and managers of the user's entities"
  on public.profiles for select
  to authenticated
  using (
    id = (select auth.uid())
    or exists (
      select 1
      from public.core_memberships m
      where m.user_id = profiles.id
        and m.entity_id in (select private.entity_ids_with_role(array['manager']))
    )
  );

create policy "Profiles can be edited by their user"
  on public.profiles for update
  to authenticated
  using (id = (select auth.uid()))
  with check (id = (select auth.uid()));
