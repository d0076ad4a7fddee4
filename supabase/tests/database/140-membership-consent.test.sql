-- The membership attack, replayed: a new account creates an organisation with create_entity, becomes its
-- admin, and tries to make a stranger (the victim) a member without their consent, to list its
-- organisation among the victim's memberships and read the victim's profile. Every way in is refused; the
-- only way is an invitation the victim accepts.

begin;
select plan(29);
select tests.create_world();
select tests.create_supabase_user('attacker');
select tests.create_supabase_user('victim');

-- The attacker's two probes, each run and undone, answering 'N rows' or 'error <sqlstate>: <message>'.
create function pg_temp.plant_membership(p_user_id uuid)
returns text
language sql
as $fn$
  select tests.rows_then_undo(format(
    $$ insert into public.core_memberships (entity_id, user_id, status) values (%L, %L, 'active') returning 1 $$,
    current_setting('pgtap.attack_entity'), p_user_id
  ))
$fn$;

create function pg_temp.bind_invitation(p_user_id uuid, p_status text default 'invited')
returns text
language sql
as $fn$
  select tests.rows_then_undo(format(
    $$ update public.core_memberships set user_id = %L, status = %L where id = %L returning 1 $$,
    p_user_id, p_status, current_setting('pgtap.attack_invitation')
  ))
$fn$;

select tests.authenticate_as('attacker');
select lives_ok(
  $$ select set_config('pgtap.attack_entity', public.create_entity('Totally Legit Org')::text, true) $$,
  'attacker: creates an organisation and becomes its admin'
);

-- Planting a membership on the victim ---------------------------------------------------------------------

select throws_ok(
  format(
    $$ insert into public.core_memberships (entity_id, user_id, member_role, status)
       values (%L, %L, 'member', %L) $$,
    current_setting('pgtap.attack_entity'), tests.id('user:victim'), status
  ),
  '42501', null,
  format('attacker: cannot insert a %s membership naming the victim', status)
)
from unnest(array['active', 'invited', 'inactive']) as status;

select throws_ok(
  format(
    $$ insert into public.core_memberships (entity_id, user_id, member_role, status, invited_email)
       values (%L, %L, 'admin', 'invited', 'victim@pgtap.studymap.test') $$,
    current_setting('pgtap.attack_entity'), tests.id('user:victim')
  ),
  '42501', null,
  'attacker: cannot insert an invitation already bound to the victim''s user id'
);

select throws_ok(
  format(
    $$ insert into public.core_memberships (entity_id, user_id, member_role, status)
       values (%L, %L, 'member', 'active') $$,
    tests.id('entity:alpha'), tests.id('user:victim')
  ),
  '42501', null,
  'attacker: cannot insert a membership into an entity they do not administer'
);

-- No existence oracle: an unknown user id is refused exactly like a real one, before the foreign key.

select is(
  pg_temp.plant_membership(tests.id('user:nobody-at-all')),
  pg_temp.plant_membership(tests.id('user:victim')),
  'attacker: inserting an unknown user id fails exactly like a known one (no foreign-key oracle)'
);
select matches(
  pg_temp.plant_membership(tests.id('user:nobody-at-all')),
  '^error 42501: ',
  '... and that failure is a 42501 refusal, not a 23503 foreign-key violation'
);

-- Turning an invitation into the victim's membership ----------------------------------------------------

select lives_ok(
  $$ select set_config('pgtap.attack_invitation',
       public.invite_member(current_setting('pgtap.attack_entity')::uuid, 'victim@pgtap.studymap.test')::text,
       true) $$,
  'attacker: may invite the victim''s address (an invitation asks for consent)'
);
select matches(
  pg_temp.bind_invitation(tests.id('user:victim'), 'active'),
  '^error 42501: ',
  'attacker: cannot bind the invitation to the victim and activate it'
);
select matches(
  pg_temp.bind_invitation(tests.id('user:victim')),
  '^error 42501: ',
  'attacker: cannot bind the invitation to the victim, not even leaving it invited'
);
select is(
  pg_temp.bind_invitation(tests.id('user:nobody-at-all')),
  pg_temp.bind_invitation(tests.id('user:victim')),
  'attacker: binding an invitation to an unknown id fails like binding it to a known one'
);
select throws_ok(
  $$ insert into public.core_memberships (entity_id, member_role, status, invited_email)
     values (current_setting('pgtap.attack_entity')::uuid, 'member', 'active', 'victim@pgtap.studymap.test') $$,
  '42501', null,
  'attacker: an invitation cannot be inserted as already active'
);

select is_empty(
  format($$ select 1 from public.profiles where id = %L $$, tests.id('user:victim')),
  'attacker: cannot read the victim''s profile'
);
select tests.clear_authentication();

select tests.authenticate_as('victim');
select results_eq(
  format(
    $$ select entity_id, status from public.get_user_memberships(%L) $$,
    tests.id('user:victim')
  ),
  format($$ values (%L::uuid, 'invited') $$, current_setting('pgtap.attack_entity')),
  'victim: the stranger''s organisation shows only as an invitation, to accept or ignore'
);
select is_empty(
  format($$ select 1 from public.topics where entity_id = %L $$, current_setting('pgtap.attack_entity')),
  'victim: nothing of the stranger''s organisation opens before accepting'
);
select is_empty(
  format($$ select 1 from public.profiles where id = %L $$, tests.id('user:attacker')),
  'victim: cannot read the stranger''s profile either'
);
select lives_ok(
  format($$ select public.accept_invitation(%L) $$, current_setting('pgtap.attack_invitation')),
  'victim: accepting the invitation is the one way in'
);
select isnt_empty(
  format($$ select 1 from public.profiles where id = %L $$, tests.id('user:attacker')),
  'victim: after accepting, both are active members and see each other''s profile'
);
select tests.clear_authentication();

-- Admins of a real entity: roles and deactivation yes, activation no -----------------------------------

select tests.check_as(
  'admin',
  $$ update public.core_memberships set member_role = 'manager' where id = tests.id('membership:member')
     returning 1 $$,
  '1 row',
  'admin: changes an active member''s role'
);
select tests.check_as(
  'admin',
  $$ update public.core_memberships set status = 'inactive' where id = tests.id('membership:member')
     returning 1 $$,
  '1 row',
  'admin: deactivates a member'
);
select tests.check_as(
  'admin',
  $$ update public.core_memberships set status = 'active' where id = tests.id('membership:lapsed')
     returning 1 $$,
  'denied',
  'admin: cannot re-activate an inactive member (a new invitation is needed)'
);
select tests.check_as(
  'admin',
  $$ update public.core_memberships set member_role = 'admin', status = 'active'
     where id = tests.id('membership:invitee') returning 1 $$,
  'denied',
  'admin: cannot activate an open invitation for the invitee'
);
select tests.check_as(
  'admin',
  format(
    $$ update public.core_memberships set user_id = %L where id = tests.id('membership:invitee') returning 1 $$,
    tests.id('user:outsider')
  ),
  'denied',
  'admin: cannot hand an open invitation to another user'
);
select tests.check_as(
  'admin',
  $$ update public.core_memberships set member_role = 'manager' where id = tests.id('membership:lapsed')
     returning 1 $$,
  '1 row',
  'admin: may still change the role of an inactive membership (it grants nothing while inactive)'
);

-- Re-activation is an invitation the former member accepts.
select tests.authenticate_as('admin');
select is(
  public.invite_member(tests.id('entity:alpha'), 'lapsed@pgtap.studymap.test'),
  tests.id('membership:lapsed'),
  'admin: re-invites the former member, reopening their membership as an invitation'
);
select tests.authenticate_as('lapsed');
select is(
  public.accept_invitation(tests.id('membership:lapsed')),
  tests.id('entity:alpha'),
  'lapsed: accepts and is active again by their own choice'
);
select tests.clear_authentication();

-- Trusted operators (service role, seed) are not bound by the consent rules.
select tests.authenticate_as_service_role();
select lives_ok(
  format(
    $$ insert into public.core_memberships (entity_id, user_id, member_role, status)
       values (%L, %L, 'member', 'active') $$,
    tests.id('entity:beta'), tests.id('user:outsider')
  ),
  'service role: still writes memberships directly (support, tasks)'
);
select tests.clear_authentication();

-- The only insert policy on memberships is the invitation one.
select policies_are(
  'public', 'core_memberships',
  array[
    'Memberships are visible to their user, the entity''s admins and managers, and the invitee',
    'Invitations can be created by the entity''s admins',
    'Memberships can be changed by the entity''s admins',
    'Memberships can be removed by the entity''s admins or left by their user'
  ],
  'core_memberships has exactly its four policies'
);

select * from finish();
rollback;
