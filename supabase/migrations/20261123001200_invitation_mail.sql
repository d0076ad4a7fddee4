-- Invitation e-mails (docs/security.md, "Invitation e-mails"). An invitation now sends a mail to an address
-- the admin types, so one account could use Studymap to mail strangers: invite_member refuses an inviter's
-- 51st invitation within a rolling 24 hours with PT429 (HTTP 429 through PostgREST). Fifty a day covers
-- an admin setting up a class or a team by hand; a larger roll-out goes through Studio (docs/admin.md),
-- which sends no mail.
--
-- Every call counts, a repeated one too: each may send a mail once the previous one's idempotency window
-- has passed. Calls are counted in a log of their own, kept when the invitation is revoked, so
-- revoke-and-invite-again does not hand the quota back. The log also names who invited, which the mail
-- says; invitation_mail hands the sending task what the mail needs, and nothing else.

-- Invitation log -------------------------------------------------------------------------------------------

create table private.invitations_sent (
  id bigint generated always as identity primary key,
  inviter_id uuid not null references auth.users (id) on delete cascade,
  membership_id uuid references public.core_memberships (id) on delete set null,
  created_at timestamptz not null default now()
);

comment on table private.invitations_sent is
  'One row per invite_member call, kept after the invitation is revoked, for the daily limit and for '
  'naming the inviter in the invitation mail. Not exposed through the API.';
comment on column private.invitations_sent.id is 'Row id.';
comment on column private.invitations_sent.inviter_id is 'The admin who invited.';
comment on column private.invitations_sent.membership_id is 'The invitation; null once it was revoked.';
comment on column private.invitations_sent.created_at is 'When the invitation was made.';

create index invitations_sent_inviter_created_idx on private.invitations_sent (inviter_id, created_at desc);
create index invitations_sent_membership_created_idx
  on private.invitations_sent (membership_id, created_at desc);

alter table private.invitations_sent enable row level security;
revoke all on private.invitations_sent from public, anon, authenticated, service_role;

-- invite_member --------------------------------------------------------------------------------------------

create or replace function public.invite_member(p_entity_id uuid, p_email text, p_role text default 'member')
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_daily_limit constant integer := 50;
  v_user_id uuid := (select auth.uid());
  v_email text := lower(btrim(p_email));
  v_existing public.core_memberships%rowtype;
  v_membership_id uuid;
begin
  if not private.has_role_on_entity(p_entity_id, array['admin']) then
    raise exception 'only an active admin of the entity may invite members' using errcode = '42501';
  end if;

  -- Concurrent calls of one admin queue on their profile row, so they cannot all pass the count at once.
  perform 1 from public.profiles p where p.id = v_user_id for update;

  if (
    select count(*)
    from private.invitations_sent s
    where s.inviter_id = v_user_id
      and s.created_at > now() - interval '24 hours'
  ) >= v_daily_limit then
    raise exception 'You can send at most % invitations a day. Try again tomorrow.', v_daily_limit
      using errcode = 'PT429';
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

  insert into private.invitations_sent (inviter_id, membership_id) values (v_user_id, v_membership_id);

  return v_membership_id;
end;
$$;

comment on function public.invite_member(uuid, text, text) is
  'Admins only: invites an e-mail address to the entity with a role (member by default); returns the '
  'invited membership. Inviting the same address again updates the role of the open invitation. At most '
  'fifty calls per admin in any 24 hours (PT429, HTTP 429, beyond). Sends no mail itself: the '
  'invite-member edge function does, after this succeeds.';

-- invitation_mail ------------------------------------------------------------------------------------------

create or replace function public.invitation_mail(p_membership_id uuid)
returns table (
  invited_email text,
  member_role text,
  status text,
  entity_name text,
  inviter_name text
)
language sql
stable
security definer
set search_path = ''
as $$
  select m.invited_email, m.member_role, m.status, e.name,
         coalesce(nullif(btrim(p.display_name), ''), p.email, 'An admin')
  from public.core_memberships m
  join public.core_entities e on e.id = m.entity_id
  left join lateral (
    select s.inviter_id
    from private.invitations_sent s
    where s.membership_id = m.id
    order by s.created_at desc, s.id desc
    limit 1
  ) latest on true
  left join public.profiles p on p.id = latest.inviter_id
  where m.id = p_membership_id
$$;

comment on function public.invitation_mail(uuid) is
  'For the send-invitation-email task (service role only): the invited address, role, status, the '
  'organisation''s name and the name of the admin who invited last. Empty when the invitation is gone.';

revoke execute on function public.invitation_mail(uuid) from public, anon, authenticated, service_role;
grant execute on function public.invitation_mail(uuid) to service_role;
