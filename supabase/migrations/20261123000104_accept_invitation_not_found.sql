-- accept_invitation answered an unknown (or someone else's) invitation with SQLSTATE P0002. PostgREST maps
-- only P0001 of the PL/pgSQL class to 400 and every other P0 code to 500, so a user's mistake looked like
-- a server failure. PT404 is PostgREST's way for a function to choose its HTTP status: 404 Not Found.
-- Unknown ids, invitations to another address and invitations already accepted all get the same answer,
-- so the call tells nobody which membership ids exist.

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
      using errcode = 'PT404',
            hint = 'An invitation can only be accepted once, by the e-mail address it was sent to.';
  end if;
  return v_entity_id;
end;
$$;

comment on function public.accept_invitation(uuid) is
  'Accepts an open invitation addressed to the caller''s e-mail: the membership becomes the caller''s '
  'and active. Returns the entity id; PT404 (HTTP 404) when there is no such open invitation for the '
  'caller.';
