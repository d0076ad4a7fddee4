-- public.can_manage_topic: what the edge functions ask before they sign a structure grant.

begin;
select plan(7);
select tests.create_world();

select tests.authenticate_as('creator');
select is(public.can_manage_topic(tests.id('topic:alpha')), true, 'a creator of the entity may manage its topic');
select is(public.can_manage_topic(tests.id('topic:beta')), false, '... not a topic of another entity');
select is(public.can_manage_topic(gen_random_uuid()), false, '... and an unknown topic is simply false');

select tests.authenticate_as('manager');
select is(public.can_manage_topic(tests.id('topic:alpha')), true, 'a manager may');

select tests.authenticate_as('member');
select is(public.can_manage_topic(tests.id('topic:alpha')), false, 'a plain member may not');

select tests.authenticate_as('lapsed');
select is(public.can_manage_topic(tests.id('topic:alpha')), false, 'an inactive creator may not');

select tests.authenticate_as_anon();
select throws_ok(
  $$ select public.can_manage_topic(gen_random_uuid()) $$,
  '42501', null,
  'anonymous callers may not ask'
);

select * from finish();
rollback;
