-- Role management (20261127002440_change_member_role.sql): only an organisation's active admins change
-- its active members' roles, and it keeps at least one active admin. One row per caller; then the rules
-- of the target and the role. Two admins demoting each other at once: tests/security/member-roles.test.ts.

begin;
select plan(24);
select tests.create_world();

create function pg_temp.attempt(p_who text, p_membership text, p_role text)
returns text
language plpgsql
as $$
begin
  perform tests.impersonate(p_who);
  perform public.change_member_role(tests.id('membership:' || p_membership), p_role);
  perform tests.clear_authentication();
  return 'done';
exception when others then
  perform tests.clear_authentication();
  return sqlstate;
end;
$$;

create function pg_temp.role_of(p_membership text)
returns text
language sql
as $$
  select member_role from public.core_memberships where id = tests.id('membership:' || p_membership)
$$;

-- Who may change the member's role (and who may not touch the admin's) -----------------------------------

select is(pg_temp.attempt(c.who, 'member', 'creator'), c.expected, format('%s changing a member''s role: %s', c.who, c.expected))
from (values
  ('creator', '42501'), ('manager', '42501'), ('member', '42501'), ('lapsed', '42501'),
  ('other_admin', '42501'), ('other_member', '42501'), ('outsider', '42501'), ('invitee', '42501'),
  ('anon', '42501'), ('admin', 'done')
) as c(who, expected);
select is(pg_temp.role_of('member'), 'creator', '... and only the admin''s change was written');

select is(pg_temp.attempt(c.who, 'admin', 'member'), '42501', format('%s cannot demote the admin', c.who))
from (values ('creator'), ('manager'), ('member'), ('other_admin')) as c(who);
select is(pg_temp.role_of('admin'), 'admin', '... who is still admin');

-- The organisation keeps an admin ------------------------------------------------------------------------

select tests.authenticate_as('admin');
select throws_ok(
  format($$select public.change_member_role(%L, 'manager')$$, tests.id('membership:admin')),
  'PT409', 'Alpha School needs at least one admin. Make another member an admin first.',
  'the last admin cannot demote themself'
);
select lives_ok(
  format($$select public.change_member_role(%L, 'admin')$$, tests.id('membership:manager')),
  'an admin makes the manager an admin'
);
select lives_ok(
  format($$select public.change_member_role(%L, 'member')$$, tests.id('membership:admin')),
  '... and may then step down'
);
select tests.clear_authentication();
select is(pg_temp.attempt('admin', 'member', 'manager'), '42501', '... after which they change nobody''s role');

-- The target and the role ----------------------------------------------------------------------------

select tests.authenticate_as('manager');
select throws_ok(
  format($$select public.change_member_role(%L, 'admin')$$, tests.id('membership:lapsed')),
  'PT409', null,
  'a deactivated member''s role is not changed (re-activation takes an invitation)'
);
select throws_ok(
  format($$select public.change_member_role(%L, 'admin')$$, tests.id('membership:invitee')),
  'PT409', null,
  '... nor an open invitation''s'
);
select throws_ok(
  format($$select public.change_member_role(%L, 'owner')$$, tests.id('membership:member')),
  'PT400', 'A role is admin, creator, manager or member.',
  'an unknown role is refused with a sentence'
);
select throws_ok(
  format($$select public.change_member_role(%L, 'member')$$, gen_random_uuid()),
  '42501', null,
  'an unknown membership is refused as a forbidden one'
);
select tests.clear_authentication();

select * from finish();
rollback;
