-- RLS matrix for what belongs to one learner: activity progress, practice card states, favourites and
-- topic subscriptions. Everyone signed in may keep their own rows on what they can read; nobody sees or
-- touches anyone else's.

begin;
select plan(124);
select tests.create_world();

-- activity_progress ---------------------------------------------------------------------------------------

select tests.check_visibility(
  'public.activity_progress', $$ tests.fixture_name(user_id) || ' ' || tests.fixture_name(activity_id) $$,
  anon => '{denied}',
  outsider => '{}',
  member => '{"user:member activity:alpha"}',
  creator => '{}',
  manager => '{}',
  admin => '{}',
  other_member => '{"user:other_member activity:beta"}'
);

select tests.check_matrix(
  $$ insert into public.activity_progress (activity_id, status)
     values (tests.id('activity:alpha-public'), 'in_progress') returning 1 $$,
  'record own progress on the public topic''s activity',
  anon => 'denied', outsider => '1 row', member => '1 row', creator => '1 row',
  manager => '1 row', admin => '1 row', other_member => '1 row'
);

select tests.check_matrix(
  $$ update public.activity_progress set status = 'completed' where activity_id = tests.id('activity:alpha')
     returning 1 $$,
  'complete progress on activity alpha (the member''s row)',
  anon => 'denied', outsider => 'none', member => '1 row', creator => 'none',
  manager => 'none', admin => 'none', other_member => 'none'
);

select tests.check_matrix(
  $$ delete from public.activity_progress where activity_id = tests.id('activity:alpha') returning 1 $$,
  'delete progress on activity alpha (the member''s row)',
  anon => 'denied', outsider => 'none', member => '1 row', creator => 'none',
  manager => 'none', admin => 'none', other_member => 'none'
);

-- practice_card_states ------------------------------------------------------------------------------------

select tests.check_visibility(
  'public.practice_card_states',
  $$ tests.fixture_name(user_id) || ' ' || tests.fixture_name(activity_id) || ' ' || card_id $$,
  anon => '{denied}',
  outsider => '{}',
  member => '{"user:member activity:alpha card-1"}',
  creator => '{}',
  manager => '{}',
  admin => '{}',
  other_member => '{"user:other_member activity:beta card-1"}'
);

select tests.check_matrix(
  $$ insert into public.practice_card_states (activity_id, card_id, card, due_at)
     values (tests.id('activity:alpha-public'), 'card-9', '{"reps": 0}', now()) returning 1 $$,
  'schedule own card of the public topic''s activity',
  anon => 'denied', outsider => '1 row', member => '1 row', creator => '1 row',
  manager => '1 row', admin => '1 row', other_member => '1 row'
);

select tests.check_matrix(
  $$ update public.practice_card_states set due_at = now() + interval '1 day'
     where activity_id = tests.id('activity:alpha') returning 1 $$,
  'reschedule card states of activity alpha (the member''s row)',
  anon => 'denied', outsider => 'none', member => '1 row', creator => 'none',
  manager => 'none', admin => 'none', other_member => 'none'
);

select tests.check_matrix(
  $$ delete from public.practice_card_states where activity_id = tests.id('activity:alpha') returning 1 $$,
  'delete card states of activity alpha (the member''s row)',
  anon => 'denied', outsider => 'none', member => '1 row', creator => 'none',
  manager => 'none', admin => 'none', other_member => 'none'
);

-- favorites -----------------------------------------------------------------------------------------------

select tests.check_visibility(
  'public.favorites', $$ tests.fixture_name(user_id) || ' ' || tests.fixture_name(topic_id) $$,
  anon => '{denied}',
  outsider => '{}',
  member => '{"user:member topic:alpha"}',
  creator => '{}',
  manager => '{}',
  admin => '{}',
  other_member => '{"user:other_member topic:beta"}'
);

select tests.check_matrix(
  $$ insert into public.favorites (topic_id) values (tests.id('topic:alpha-public')) returning 1 $$,
  'mark the public topic as favourite',
  anon => 'denied', outsider => '1 row', member => '1 row', creator => '1 row',
  manager => '1 row', admin => '1 row', other_member => '1 row'
);

select tests.check_matrix(
  $$ update public.favorites set created_at = now() where topic_id = tests.id('topic:alpha') returning 1 $$,
  'change a favourite of topic alpha (favourites are only added and removed)',
  anon => 'denied', outsider => 'denied', member => 'denied', creator => 'denied',
  manager => 'denied', admin => 'denied', other_member => 'denied'
);

select tests.check_matrix(
  $$ delete from public.favorites where topic_id = tests.id('topic:alpha') returning 1 $$,
  'remove the favourite of topic alpha (the member''s row)',
  anon => 'denied', outsider => 'none', member => '1 row', creator => 'none',
  manager => 'none', admin => 'none', other_member => 'none'
);

-- topic_subscriptions -------------------------------------------------------------------------------------

select tests.check_visibility(
  'public.topic_subscriptions', 'tests.fixture_name(id)',
  anon => '{denied}',
  outsider => '{}',
  member => '{}',
  creator => '{}',
  manager => '{}',
  admin => '{}',
  other_member => '{subscription:other_member}',
  lapsed => '{subscription:lapsed}'
);

select tests.check_matrix(
  $$ insert into public.topic_subscriptions (topic_id) values (tests.id('topic:alpha-public')) returning 1 $$,
  'subscribe to the public topic',
  anon => 'denied', outsider => '1 row', member => '1 row', creator => '1 row',
  manager => '1 row', admin => '1 row', other_member => '1 row'
);

select tests.check_matrix(
  $$ update public.topic_subscriptions set topic_id = tests.id('topic:alpha')
     where id = tests.id('subscription:other_member') returning 1 $$,
  'point other_member''s subscription at another topic',
  anon => 'denied', outsider => 'denied', member => 'denied', creator => 'denied',
  manager => 'denied', admin => 'denied', other_member => 'denied'
);

select tests.check_matrix(
  $$ delete from public.topic_subscriptions where id = tests.id('subscription:other_member') returning 1 $$,
  'unsubscribe other_member',
  anon => 'denied', outsider => 'none', member => 'none', creator => 'none',
  manager => 'none', admin => 'none', other_member => '1 row'
);

-- Only on what one can read, only for oneself -------------------------------------------------------------

select tests.check_as(
  'outsider',
  $$ insert into public.activity_progress (activity_id, status)
     values (tests.id('activity:alpha'), 'completed') returning 1 $$,
  'denied',
  'outsider: no progress on an activity they cannot read'
);

select tests.check_as(
  'other_member',
  $$ insert into public.activity_progress (activity_id, status)
     values (tests.id('activity:alpha-draft'), 'completed') returning 1 $$,
  'denied',
  'other_member: no progress on someone else''s draft course'
);

select tests.check_as(
  'member',
  $$ insert into public.activity_progress (activity_id, user_id, status)
     values (tests.id('activity:alpha-public'), tests.id('user:creator'), 'completed') returning 1 $$,
  'denied',
  'member: cannot record progress for another user'
);

select tests.check_as(
  'member',
  $$ update public.activity_progress set user_id = tests.id('user:creator')
     where activity_id = tests.id('activity:alpha') returning 1 $$,
  'denied',
  'member: cannot hand their progress to another user'
);

select tests.check_as(
  'outsider',
  $$ insert into public.practice_card_states (activity_id, card_id, card, due_at)
     values (tests.id('activity:alpha'), 'card-1', '{}', now()) returning 1 $$,
  'denied',
  'outsider: no card state on an activity they cannot read'
);

select tests.check_as(
  'outsider',
  $$ insert into public.favorites (topic_id) values (tests.id('topic:alpha')) returning 1 $$,
  'denied',
  'outsider: cannot favourite a topic they cannot read'
);

select tests.check_as(
  'outsider',
  $$ insert into public.topic_subscriptions (topic_id) values (tests.id('topic:alpha')) returning 1 $$,
  'denied',
  'outsider: cannot subscribe their way into an entity-only topic'
);

select tests.check_as(
  'other_member',
  $$ insert into public.topic_subscriptions (topic_id, entity_id, entity_kind)
     values (tests.id('topic:alpha-public'), tests.id('entity:alpha'), 'school') returning 1 $$,
  'denied',
  'other_member: cannot subscribe on behalf of an entity they do not belong to'
);

select tests.check_as(
  'other_member',
  $$ insert into public.topic_subscriptions (topic_id, entity_id, entity_kind)
     values (tests.id('topic:alpha-public'), tests.id('entity:beta'), 'company') returning 1 $$,
  '1 row',
  'other_member: subscribes for their own entity'
);

select tests.check_as(
  'other_member',
  $$ select 1 from public.topics where id = tests.id('topic:alpha-shared') $$,
  'none',
  'other_member: a subscription is a bookmark; it does not open another entity''s topic'
);

select tests.check_as(
  'lapsed',
  $$ select 1 from public.topics where id = tests.id('topic:alpha') $$,
  'none',
  'lapsed: a subscription made while active does not outlive the membership'
);

select * from finish();
rollback;
