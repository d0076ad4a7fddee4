-- Role management (docs/security.md "Roles"): an organisation's active admins change the role of its
-- active members from the settings screen. The rules:
--   * only an active admin of the organisation may change a role (a manager, who sees the members, may
--     not, so an admin is never demoted by a non-admin);
--   * only an active member's role changes here: an invitation's role is set by inviting again;
--   * the organisation keeps at least one active admin. The membership guard trigger already refuses the
--     last admin's demotion (23514); this function says so as a sentence (PT409), and first locks every
--     membership of the organisation, in id order, so two admins demoting each other at the same moment
--     take turns: the second finds itself no longer an admin, or the first no longer there to leave.
-- Locks are taken memberships first, then (in the guard trigger) the organisation row, the order in
-- which a member leaving takes them too (their own membership row, then the organisation), so the two
-- paths wait for each other rather than deadlock.

create or replace function public.change_member_role(p_membership_id uuid, p_role text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_entity_id uuid;
  v_target public.core_memberships;
begin
  select m.entity_id into v_entity_id from public.core_memberships m where m.id = p_membership_id;
  -- An unknown membership and one of another organisation are refused alike.
  if v_entity_id is null or not private.has_role_on_entity(v_entity_id, array['admin']) then
    raise exception 'Only an admin of the organisation can change a member''s role.' using errcode = '42501';
  end if;
  if p_role is null or p_role not in ('admin', 'creator', 'manager', 'member') then
    raise exception 'A role is admin, creator, manager or member.' using errcode = 'PT400';
  end if;

  perform 1
  from public.core_memberships m
  where m.entity_id = v_entity_id
  order by m.id
  for update;

  -- Asked again under the lock: a concurrent change may have demoted the caller meanwhile.
  if not private.has_role_on_entity(v_entity_id, array['admin']) then
    raise exception 'Only an admin of the organisation can change a member''s role.' using errcode = '42501';
  end if;
  select m.* into v_target from public.core_memberships m where m.id = p_membership_id;
  if v_target.status is distinct from 'active' then
    raise exception 'Only an active member''s role can be changed; invite the person again to change an invitation.'
      using errcode = 'PT409';
  end if;
  if v_target.member_role = 'admin' and p_role <> 'admin' and not exists (
    select 1
    from public.core_memberships m
    where m.entity_id = v_entity_id
      and m.id <> v_target.id
      and m.member_role = 'admin'
      and m.status = 'active'
  ) then
    raise exception '% needs at least one admin. Make another member an admin first.',
      (select e.name from public.core_entities e where e.id = v_entity_id)
      using errcode = 'PT409';
  end if;

  update public.core_memberships m
  set member_role = p_role
  where m.id = p_membership_id;
end;
$$;

comment on function public.change_member_role(uuid, text) is
  'Active admins only (42501): sets the role (admin, creator, manager, member; PT400 otherwise) of an '
  'active membership of their organisation. The last active admin cannot be demoted (PT409); the '
  'organisation''s memberships are locked first, so concurrent changes cannot leave it without an admin.';

revoke execute on function public.change_member_role(uuid, text) from public, anon, authenticated, service_role;
grant execute on function public.change_member_role(uuid, text) to authenticated;
