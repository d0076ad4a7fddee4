-- Topic quiz attempts (20261123000700_quiz_attempts.sql): a learner records and reads only their own
-- attempts, only on topics they can read; nobody records one in someone else's name; attempts are never
-- edited or deleted through the API; the answers' shape and the score are checked by the table.

begin;
select plan(38);
select tests.create_world();

-- One answer on activity alpha, correct or not.
create function pg_temp.answers(p_correct boolean)
returns jsonb
language sql
as $$
  select jsonb_build_array(jsonb_build_object(
    'activity_id', tests.id('activity:alpha'), 'question_id', 'q1', 'chosen', 1, 'correct', p_correct
  ))
$$;
grant execute on function pg_temp.answers(boolean) to anon, authenticated;

insert into public.quiz_attempts (user_id, topic_id, answers, score, total) values
  (tests.id('user:member'), tests.id('topic:alpha'), pg_temp.answers(true), 1, 1),
  (tests.id('user:other_member'), tests.id('topic:beta'), pg_temp.answers(false), 0, 1);

-- Reading -----------------------------------------------------------------------------------------------

select tests.check_visibility(
  'public.quiz_attempts', $$ tests.fixture_name(user_id) || ' ' || tests.fixture_name(topic_id) $$,
  anon => '{denied}',
  outsider => '{}',
  member => '{"user:member topic:alpha"}',
  creator => '{}',
  manager => '{}',
  admin => '{}',
  other_member => '{"user:other_member topic:beta"}'
);

-- Recording ---------------------------------------------------------------------------------------------

select tests.check_matrix(
  $$ insert into public.quiz_attempts (topic_id, answers, score, total)
     values (tests.id('topic:alpha-public'), pg_temp.answers(true), 1, 1) returning 1 $$,
  'record own attempt on the public topic',
  anon => 'denied', outsider => '1 row', member => '1 row', creator => '1 row',
  manager => '1 row', admin => '1 row', other_member => '1 row'
);

select tests.check_matrix(
  $$ insert into public.quiz_attempts (topic_id, answers, score, total)
     values (tests.id('topic:alpha'), pg_temp.answers(true), 1, 1) returning 1 $$,
  'record own attempt on entity-only topic alpha',
  anon => 'denied', outsider => 'denied', member => '1 row', creator => '1 row',
  manager => '1 row', admin => '1 row', other_member => 'denied', lapsed => 'denied'
);

-- Escalation: naming another learner is refused, even for an admin of the topic's entity.
select tests.check_matrix(
  $$ insert into public.quiz_attempts (user_id, topic_id, answers, score, total)
     values (tests.id('user:other_member'), tests.id('topic:alpha-public'), pg_temp.answers(true), 1, 1)
     returning 1 $$,
  'record an attempt in other_member''s name',
  anon => 'denied', outsider => 'denied', member => 'denied', creator => 'denied',
  manager => 'denied', admin => 'denied', other_member => '1 row'
);

-- History is not rewritten --------------------------------------------------------------------------------

select tests.check_as(
  'member', $$ update public.quiz_attempts set score = 0 returning 1 $$, 'denied',
  'member: editing an own attempt is refused'
);
select tests.check_as(
  'member', $$ delete from public.quiz_attempts returning 1 $$, 'denied',
  'member: deleting an own attempt is refused'
);

-- Shape and score ---------------------------------------------------------------------------------------

select tests.authenticate_as('member');
select throws_ok(
  $$ insert into public.quiz_attempts (topic_id, answers, score, total)
     values (tests.id('topic:alpha'), pg_temp.answers(true), 0, 1) $$,
  '23514', null, 'a score that does not count the correct answers is refused'
);
select throws_ok(
  $$ insert into public.quiz_attempts (topic_id, answers, score, total)
     values (tests.id('topic:alpha'), pg_temp.answers(true), 1, 2) $$,
  '23514', null, 'a total that does not count the answers is refused'
);
select throws_ok(
  $$ insert into public.quiz_attempts (topic_id, answers, score, total)
     values (tests.id('topic:alpha'), '[]', 0, 0) $$,
  '23514', null, 'an attempt without answers is refused'
);
select throws_ok(
  $$ insert into public.quiz_attempts (topic_id, answers, score, total)
     values (tests.id('topic:alpha'), pg_temp.answers(true) #- '{0,correct}', 0, 1) $$,
  '23514', null, 'an answer without its correct flag is refused'
);
select throws_ok(
  $$ insert into public.quiz_attempts (topic_id, answers, score, total)
     values (tests.id('topic:alpha'), jsonb_set(pg_temp.answers(false), '{0,chosen}', '-1'), 0, 1) $$,
  '23514', null, 'a negative option index is refused'
);
select throws_ok(
  $$ insert into public.quiz_attempts (topic_id, answers, score, total)
     values (tests.id('topic:alpha'), jsonb_set(pg_temp.answers(false), '{0,activity_id}', '"x"'), 0, 1) $$,
  '23514', null, 'an activity id that is no uuid is refused'
);
select throws_ok(
  $$ insert into public.quiz_attempts (topic_id, answers, score, total)
     values (tests.id('topic:alpha'), jsonb_set(pg_temp.answers(false), '{0,extra}', 'true'), 0, 1) $$,
  '23514', null, 'an answer with an unknown key is refused'
);
select tests.clear_authentication();

select * from finish();
rollback;
