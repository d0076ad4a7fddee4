-- Memberships need the member's consent. Until now an admin could insert or update a membership naming
-- any user id (seen as created_by of a public topic) with any status, and so pull a stranger into their
-- organisation: the stranger's memberships listed it, and the admin could read the stranger's profile.
--
-- From here on:
--   * admins write invitations only: no user, status invited, an e-mail address;
--   * a membership names a user only when that user makes it theirs: create_entity (the creator becomes
--     the admin of a new entity) or accept_invitation (the invitee accepts);
--   * admins may still change the role of their entity's memberships and deactivate them, but never
--     (re)activate one: see private.guard_membership_consent below.
-- The service role and the database owner (seed, migrations, tasks) act without a signed-in user and
-- are trusted operators; the rules below bind signed-in users, whatever function they go through.

-- Consent guard -------------------------------------------------------------------------------------------

create or replace function private.guard_membership_consent()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_caller uuid := (select auth.uid());
begin
  if v_caller is null then
    return new;
  end if;

  -- The refusals come before any constraint or foreign key is checked (BEFORE ROW triggers run first), so
  -- an unknown user id and a real one are refused alike: inserts cannot probe which ids exist.
  if tg_op = 'INSERT' then
    if new.user_id is distinct from v_caller and new.user_id is not null then
      raise exception 'a membership can name another user only once they accept an invitation'
        using errcode = '42501',
              hint = 'Invite the person by e-mail address with invite_member.';
    end if;
    return new;
  end if;

  if old.user_id is null and new.user_id is not null and new.user_id is distinct from v_caller then
    raise exception 'an invitation becomes a membership only when its invitee accepts it'
      using errcode = '42501',
            hint = 'The invitee accepts with accept_invitation.';
  end if;

  -- Why re-activation needs a new invitation rather than an admin's update: the member consented to the
  -- membership they accepted, not to being pulled back in at any later time, and memberships written
  -- before this guard existed may never have been accepted at all. invite_member reopens the same row as
  -- an invitation, so the former member accepts again and keeps one membership per entity.
  if new.status = 'active' and old.status is distinct from 'active' and new.user_id is distinct from v_caller then
    raise exception 'only the member can make a membership active'
      using errcode = '42501',
            hint = 'Invite the person again with invite_member; the membership is active once they accept.';
  end if;

  return new;
end;
$$;

comment on function private.guard_membership_consent() is
  'BEFORE INSERT OR UPDATE trigger on core_memberships: a signed-in user may not create a membership '
  'naming another user, claim an invitation for someone else, or activate someone else''s membership '
  '(42501). Callers without a user (service role, owner) are not bound. Security invoker on purpose: it '
  'needs nothing beyond the caller''s own rights.';

revoke execute on function private.guard_membership_consent() from public;

create trigger core_memberships_guard_consent
  before insert or update on public.core_memberships
  for each row execute function private.guard_membership_consent();

-- Policies ------------------------------------------------------------------------------------------------

-- The insert policy says the same as the trigger for direct writes through the API, and adds the shape of
-- an invitation; it is checked before foreign keys too.
drop policy "Memberships can be created by the entity's admins" on public.core_memberships;

create policy "Invitations can be created by the entity's admins"
  on public.core_memberships for insert
  to authenticated
  with check (
    user_id is null
    and status = 'invited'
    and invited_email is not null
    and entity_id in (select private.entity_ids_with_role(array['admin']))
  );

comment on table public.core_memberships is
  'A user''s role in an entity. Only active memberships count. Readable by the user, by the '
  'entity''s admins and managers, and (while invited) by the invited e-mail address. Admins create '
  'invitations only (no user, status invited) and may change roles or deactivate; a membership names a '
  'user only through create_entity or when the invitee accepts (accept_invitation).';
comment on column public.core_memberships.user_id is
  'The member; null for an invitation not yet accepted. Set once, and only by the member themself.';
comment on column public.core_memberships.status is
  'active, invited or inactive; only active grants access. Only the member makes it active (by '
  'accepting); admins may deactivate.';
