-- create_entity made anyone the admin of as many organisations as they liked, which is what the
-- membership attack started from, and lets one account fill the database with entities. A person sets up
-- an organisation or two when onboarding (a school and a personal space, say); five in a rolling day is
-- far beyond that and still leaves room for a mistake or a retry, so the function refuses a sixth within
-- 24 hours with PT429 (HTTP 429 Too Many Requests through PostgREST).
--
-- Creations are counted in a log of their own rather than from the entities: deleting an entity (its
-- admins may) must not hand the quota back, or create-delete-create would dodge the limit.

-- Entity creation log -------------------------------------------------------------------------------------

create table private.entity_creations (
  id bigint generated always as identity primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz not null default now()
);

comment on table private.entity_creations is
  'One row per organisation created through create_entity, kept after the entity is deleted, for the '
  'daily limit. Not exposed through the API.';
comment on column private.entity_creations.id is 'Row id.';
comment on column private.entity_creations.user_id is 'The user who created the organisation.';
comment on column private.entity_creations.created_at is 'When it was created.';

create index entity_creations_user_created_idx on private.entity_creations (user_id, created_at desc);

alter table private.entity_creations enable row level security;
revoke all on private.entity_creations from public, anon, authenticated, service_role;

-- create_entity --------------------------------------------------------------------------------------------

create or replace function public.create_entity(p_name text, p_kind text default 'organisation')
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_daily_limit constant integer := 5;
  v_user_id uuid := (select auth.uid());
  v_entity_id uuid;
begin
  if v_user_id is null then
    raise exception 'sign in to create an organisation' using errcode = '42501';
  end if;

  -- Concurrent calls of one user queue on their profile row, so they cannot all pass the count at once.
  perform 1 from public.profiles p where p.id = v_user_id for update;

  if (
    select count(*)
    from private.entity_creations c
    where c.user_id = v_user_id
      and c.created_at > now() - interval '24 hours'
  ) >= v_daily_limit then
    raise exception 'you can create at most % organisations a day', v_daily_limit
      using errcode = 'PT429',
            hint = 'Try again tomorrow, or ask an admin of an existing organisation to invite you.';
  end if;

  insert into public.core_entities (name, kind)
  values (btrim(p_name), p_kind)
  returning id into v_entity_id;

  insert into public.core_memberships (entity_id, user_id, member_role, status)
  values (v_entity_id, v_user_id, 'admin', 'active');

  insert into private.entity_creations (user_id) values (v_user_id);

  return v_entity_id;
end;
$$;

comment on function public.create_entity(text, text) is
  'Creates an organisation with the caller as its active admin; returns the new entity id. At most five '
  'per user in any 24 hours (PT429, HTTP 429, beyond).';
