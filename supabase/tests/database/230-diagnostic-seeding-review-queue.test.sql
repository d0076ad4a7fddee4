-- The diagnostic seeds spaced repetition and the review queue across topics (20261128003100,
-- 20261128003200; docs/decisions.md): who may seed which card states, that a reviewed card keeps its
-- schedule, and that the queue shows each learner their own due cards only, on topics they can still read.

begin;
select plan(15);
select tests.create_world();

create function pg_temp.card(p_id text, p_subtopic text)
returns jsonb
language sql
as $$
  select jsonb_build_object('id', p_id, 'q', 'Question ' || p_id, 'a', 'Answer ' || p_id, 'hint', null,
    'subtopic_id', p_subtopic, 'citations', '[]'::jsonb)
$$;

insert into public.activities (id, chapter_id, kind, title, position, payload) values
  (tests.id('activity:alpha-practice'), tests.id('chapter:alpha'), 'practice', 'Practice', 4,
   jsonb_build_object('cards', jsonb_build_array(pg_temp.card('c-right', 's1'), pg_temp.card('c-wrong', 's2'),
                                                 pg_temp.card('c-none', null)))),
  (tests.id('activity:beta-practice'), tests.id('chapter:beta'), 'practice', 'Practice', 4,
   jsonb_build_object('cards', jsonb_build_array(pg_temp.card('b-1', 's1'))));

-- A seed as the client sends it: a card state whose due date decides the row's due_at.
create function pg_temp.seed(p_card_id text, p_due timestamptz, p_reps int)
returns jsonb
language sql
as $$
  select jsonb_build_object('card_id', p_card_id, 'card',
    jsonb_build_object('due', p_due, 'reps', p_reps, 'state', case when p_reps = 0 then 0 else 2 end))
$$;

create function pg_temp.seeds()
returns jsonb
language sql
as $$
  select jsonb_build_array(pg_temp.seed('c-right', now() + interval '3 days', 1),
                           pg_temp.seed('c-wrong', now(), 0),
                           pg_temp.seed('c-ghost', now(), 0))
$$;

-- Runs p_sql as p_who: its integer answer, or 'error ' and the SQLSTATE.
create function pg_temp.outcome(p_who text, p_sql text)
returns text
language plpgsql
as $$
declare
  v_result text;
begin
  perform tests.impersonate(p_who);
  execute p_sql into v_result;
  perform tests.clear_authentication();
  return v_result;
exception when others then
  perform tests.clear_authentication();
  return 'error ' || sqlstate;
end;
$$;

-- Seeding ------------------------------------------------------------------------------------------------

select is(
  pg_temp.outcome('member', format('select public.seed_practice_card_states(%L, %L)',
                                   tests.id('activity:alpha-practice'), pg_temp.seeds())),
  '2', 'member: seeds the two cards of the activity, not a card the payload does not hold');

select results_eq(
  $$select user_id, card_id, due_at > now() from public.practice_card_states
     where activity_id = tests.id('activity:alpha-practice') order by card_id$$,
  $$values (tests.id('user:member'), 'c-right', true), (tests.id('user:member'), 'c-wrong', false)$$,
  'the seeded rows are the member''s own, the right card due later, the wrong one now');

select is(
  pg_temp.outcome('member', format('select public.seed_practice_card_states(%L, %L)',
    tests.id('activity:alpha-practice'),
    jsonb_build_array(pg_temp.seed('c-right', now(), 0), pg_temp.seed('c-wrong', now() - interval '1 minute', 0)))),
  '1', 'seeding again moves only the never-reviewed card');

select is(
  (select due_at > now() from public.practice_card_states
    where user_id = tests.id('user:member') and card_id = 'c-right'),
  true, 'a reviewed card keeps its schedule');

select is(
  pg_temp.outcome(who, format('select public.seed_practice_card_states(%L, %L)',
                              tests.id('activity:alpha-practice'), pg_temp.seeds())),
  'error 42501', format('%s: may not seed cards of a topic they cannot read', who))
from unnest(array['other_member', 'lapsed', 'anon']) as who;

select is(
  pg_temp.outcome('member', format('select public.seed_practice_card_states(%L, %L)',
                                   tests.id('activity:alpha'), pg_temp.seeds())),
  'error 42501', 'member: an activity that is not practice has no cards to seed');

select is(
  (select count(*)::int from public.practice_card_states
    where activity_id = tests.id('activity:alpha-practice') and user_id <> tests.id('user:member')),
  0, 'nobody else got a row from any of those calls');

-- The review queue ---------------------------------------------------------------------------------------

-- Due cards of others: other_member on beta, lapsed (deactivated) on alpha; and a card the member still
-- has a state for but the payload no longer holds.
insert into public.practice_card_states (user_id, activity_id, card_id, card, due_at) values
  (tests.id('user:other_member'), tests.id('activity:beta-practice'), 'b-1', '{"reps": 1}', now() - interval '1 hour'),
  (tests.id('user:lapsed'), tests.id('activity:alpha-practice'), 'c-wrong', '{"reps": 0}', now() - interval '1 hour'),
  (tests.id('user:member'), tests.id('activity:alpha-practice'), 'c-gone', '{"reps": 1}', now() - interval '1 hour');

create function pg_temp.queue(p_who text)
returns text
language plpgsql
as $$
declare
  v_result text;
begin
  perform tests.impersonate(p_who);
  select coalesce(string_agg(q.topic_title || '/' || q.card_id || '/' || (q.content ->> 'q'), ', '
                             order by q.topic_title, q.card_id), '')
    into v_result
    from public.due_practice_cards() q;
  perform tests.clear_authentication();
  return v_result;
exception when others then
  perform tests.clear_authentication();
  return 'error ' || sqlstate;
end;
$$;

select is(pg_temp.queue('member'), 'Alpha topic/c-wrong/Question c-wrong',
          'member: their own due card with its text; not the one due later, not one the payload lost');
select is(pg_temp.queue('other_member'), 'Beta topic/b-1/Question b-1',
          'other_member: their own due card only, never the member''s');
select is(pg_temp.queue('lapsed'), '', 'lapsed (deactivated): nothing, though a due state remains');
select is(pg_temp.queue('admin'), '', 'admin: no card states, so nothing; another learner''s never');
select is(pg_temp.queue('anon'), 'error 42501', 'anon: may not call the queue');

select is(
  (select count(*)::int from public.due_practice_cards()),
  0, 'without a signed-in user the queue is empty');

select * from finish();
rollback;
