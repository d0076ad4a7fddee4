-- The membership API (SPEC §7) and onboarding: reading one's memberships, creating an organisation,
-- inviting someone to it, and accepting an invitation. They are security definer because they must see
-- or write rows the caller's own policies do not reach (an entity one is only invited to, the first
-- admin membership of a new entity); each checks the caller itself.

-- get_user_memberships -------------------------------------------------------------------------------------

create or replace function public.get_user_memberships(p_auth_user_id uuid)
returns table (
  membership_id uuid,
  entity_id uuid,
  entity_name text,
  entity_kind text,
  member_role text,
  status text
)
language sql
stable
security definer
set search_path = ''
as $$
  select m.id, e.id, e.name, e.kind, m.member_role, m.status
  from public.core_memberships m
  join public.core_entities e on e.id = m.entity_id
  where p_auth_user_id = (select auth.uid())
    and (
      m.user_id = p_auth_user_id
      or (
        m.user_id is null
        and m.status = 'invited'
        and m.invited_email = (select private.current_user_email())
      )
    )
  order by m.created_at, m.id
$$;

comment on function public.get_user_memberships(uuid) is
  'The caller''s memberships (SPEC §7), including open invitations to their e-mail address, oldest '
  'first. Answers only when p_auth_user_id is the caller''s own id; empty otherwise.';

revoke execute on function public.get_user_memberships(uuid) from public, anon, authenticated, service_role;
grant execute on function public.get_user_memberships(uuid) to authenticated;

-- create_entity --------------------------------------------------------------------------------------------

create or replace function public.create_entity(p_name text, p_kind text default 'organisation')
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := (select auth.uid());
  v_entity_id uuid;
begin
  if v_user_id is null then
    raise exception 'sign in to create an organisation' using errcode = '42501';
  end if;

  insert into public.core_entities (name, kind)
  values (btrim(p_name), p_kind)
  returning id into v_entity_id;

  insert into public.core_memberships (entity_id, user_id, member_role, status)
  values (v_entity_id, v_user_id, 'admin', 'active');

  return v_entity_id;
end;
$$;

comment on function public.create_entity(text, text) is
  'Creates an organisation with the caller as its active admin; returns the new entity id.';

revoke execute on function public.create_entity(text, text) from public, anon, authenticated, service_role;
grant execute on function public.create_entity(text, text) to authenticated;

-- invite_member --------------------------------------------------------------------------------------------

create or replace function public.invite_member(p_entity_id uuid, p_email text, p_role text default 'member')
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_email text := lower(btrim(p_email));
  v_existing public.core_memberships%rowtype;
  v_membership_id uuid;
begin
  if not private.has_role_on_entity(p_entity_id, array['admin']) then
    raise exception 'only an active admin of the entity may invite members' using errcode = '42501';
  end if;

  -- A known user's earlier membership (or an open invitation to the address) is reused, so one person
  -- never holds two memberships of the same entity.
  select m.* into v_existing
  from public.core_memberships m
  left join auth.users u on u.id = m.user_id
  where m.entity_id = p_entity_id
    and (lower(u.email) = v_email or (m.user_id is null and m.invited_email = v_email))
  order by m.user_id nulls last
  limit 1;

  if v_existing.status = 'active' then
    raise exception '% is already an active member', v_email using errcode = '23505';
  end if;

  if v_existing.id is null then
    insert into public.core_memberships (entity_id, member_role, status, invited_email)
    values (p_entity_id, p_role, 'invited', v_email)
    returning id into v_membership_id;
  else
    update public.core_memberships
    set member_role = p_role, status = 'invited', invited_email = v_email
    where id = v_existing.id
    returning id into v_membership_id;
  end if;

  return v_membership_id;
end;
$$;

comment on function public.invite_member(uuid, text, text) is
  'Admins only: invites an e-mail address to the entity with a role (member by default); returns the '
  'invited membership. Inviting the same address again updates the role of the open invitation.';

revoke execute on function public.invite_member(uuid, text, text) from public, anon, authenticated, service_role;
grant execute on function public.invite_member(uuid, text, text) to authenticated;

-- accept_invitation ----------------------------------------------------------------------------------------

create or replace function public.accept_invitation(p_membership_id uuid)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_user_id uuid := (select auth.uid());
  v_entity_id uuid;
begin
  if v_user_id is null then
    raise exception 'sign in to accept an invitation' using errcode = '42501';
  end if;

  update public.core_memberships m
  set user_id = v_user_id, status = 'active'
  where m.id = p_membership_id
    and m.status = 'invited'
    and m.invited_email = private.current_user_email()
    and (m.user_id is null or m.user_id = v_user_id)
  returning m.entity_id into v_entity_id;

  if v_entity_id is null then
    raise exception 'no open invitation % for this account', p_membership_id
      using errcode = 'P0002',
            hint = 'An invitation can only be accepted by the e-mail address it was sent to.';
  end if;
  return v_entity_id;
end;
$$;

comment on function public.accept_invitation(uuid) is
  'Accepts an open invitation addressed to the caller''s e-mail: the membership becomes the caller''s '
  'and active. Returns the entity id.';

revoke execute on function public.accept_invitation(uuid) from public, anon, authenticated, service_role;
grant execute on function public.accept_invitation(uuid) to authenticated;
