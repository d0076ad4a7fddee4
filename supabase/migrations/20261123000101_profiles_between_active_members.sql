-- Who sees whose profile (e-mail, name, preferences). The first policy let admins and managers read the
-- profile of anyone holding a membership of their entity in any status, so a membership planted on a
-- stranger, or an invitation never accepted, opened that stranger's profile. Now a profile is visible to
-- its user and to users who share an entity with them where both memberships are active: deactivating a
-- member closes their profile to the entity and the entity's profiles to them, in both directions.

create or replace function private.co_member_user_ids()
returns setof uuid
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return query
    select m.user_id
    from public.core_memberships m
    where m.status = 'active'
      and m.user_id is not null
      and m.entity_id in (select private.member_entity_ids());
end;
$$;

comment on function private.co_member_user_ids() is
  'Users with an active membership in an entity where the caller is an active member too (the caller '
  'included).';

revoke execute on function private.co_member_user_ids() from public;
grant execute on function private.co_member_user_ids() to authenticated, service_role;

drop policy "Profiles are visible to their user and to admins and managers of the user's entities"
  on public.profiles;

create policy "Profiles are visible to their user and active co-members"
  on public.profiles for select
  to authenticated
  using (
    id = (select auth.uid())
    or id in (select private.co_member_user_ids())
  );

comment on table public.profiles is
  'One row per auth user, created by trigger on auth.users. Readable by the user and by users who are '
  'active members of an entity where the user is an active member too; only display_name and '
  'preferences are editable.';
