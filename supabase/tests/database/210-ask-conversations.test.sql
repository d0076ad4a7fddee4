-- Ask your sources (20261126007100_ask_conversations.sql, 20261126007110_ask_question.sql): a conversation is
-- read by its learner alone (not by another learner, not by the organisation's admin, not by an outsider or
-- anonymous caller), only while they are an active member of the topic's organisation; clients write only
-- through ask_question, which enforces membership and the daily limit; answers come from the service role.

begin;
select plan(33);
select tests.create_world();

-- Asking --------------------------------------------------------------------------------------------------

select tests.authenticate_as('member');
select isnt(public.ask_question(tests.id('topic:alpha'), '  What is line one?  '), null,
  'an active member asks about a topic of their organisation');
select results_eq(
  $$ select m.role, m.content, m.status from public.ask_messages m $$,
  $$ values ('question', 'What is line one?', 'pending') $$,
  '... the question is stored trimmed and pending, and its learner reads it'
);
select results_eq(
  $$ select user_id, topic_id from public.ask_conversations $$,
  $$ values (tests.id('user:member'), tests.id('topic:alpha')) $$,
  '... in their own conversation on that topic'
);
select lives_ok(
  $$ select public.ask_question(tests.id('topic:alpha'), 'And line two?') $$,
  'a second question ...'
);
select is((select count(*)::int from public.ask_conversations), 1, '... goes to the same conversation');

select throws_ok(
  $$ select public.ask_question(tests.id('topic:alpha'), '   ') $$,
  '22023', 'A question has 1 to 1000 characters', 'an empty question is refused'
);
select throws_ok(
  $$ select public.ask_question(tests.id('topic:alpha'), repeat('x', 1001)) $$,
  '22023', 'A question has 1 to 1000 characters', 'a question over 1000 characters is refused'
);
select throws_ok(
  $$ select public.ask_question(tests.id('topic:beta'), 'Hidden?') $$,
  'PT404', 'Topic not found', 'a topic of another organisation is not found'
);
select throws_ok(
  $$ select public.ask_question(gen_random_uuid(), 'Unknown?') $$,
  'PT404', 'Topic not found', 'an unknown topic is answered the same way'
);

select tests.authenticate_as('other_member');
select throws_ok(
  $$ select public.ask_question(tests.id('topic:alpha-shared'), 'Subscribed?') $$,
  'PT404', 'Topic not found',
  'a subscriber from another organisation may read the topic but not ask (the answers spend its organisation''s model)'
);
select tests.authenticate_as('lapsed');
select throws_ok(
  $$ select public.ask_question(tests.id('topic:alpha'), 'Still here?') $$,
  'PT404', 'Topic not found', 'a deactivated member cannot ask'
);
select tests.authenticate_as('outsider');
select throws_ok(
  $$ select public.ask_question(tests.id('topic:alpha-public'), 'Public?') $$,
  'PT404', 'Topic not found', 'an outsider cannot ask, not even about a public topic'
);
select tests.authenticate_as_anon();
select throws_ok(
  $$ select public.ask_question(tests.id('topic:alpha'), 'Anyone?') $$,
  '42501', null, 'anonymous callers cannot ask'
);

-- Reading: the learner alone ----------------------------------------------------------------------------

select tests.authenticate_as('creator');
select is_empty($$ select id from public.ask_conversations $$, 'another learner of the organisation sees no conversation ...');
select is_empty($$ select id from public.ask_messages $$, '... and no message');
select tests.authenticate_as('admin');
select is_empty($$ select id from public.ask_conversations $$, 'the organisation''s admin sees no conversation ...');
select is_empty($$ select id from public.ask_messages $$, '... and no message');
select tests.authenticate_as('outsider');
select is_empty($$ select id from public.ask_messages $$, 'an outsider sees no message');
select tests.authenticate_as_anon();
select throws_ok($$ select id from public.ask_messages $$, '42501', null, 'anonymous callers may not read messages');

-- Writing: only through ask_question and the service role ----------------------------------------------------

select tests.authenticate_as('member');
select throws_ok(
  $$ insert into public.ask_messages (conversation_id, role, content, question_id, answer)
     select c.id, 'answer', 'Made up', m.id, '{"mode": "model", "sentences": [], "generator": "me"}'
     from public.ask_conversations c join public.ask_messages m on m.conversation_id = c.id limit 1 $$,
  '42501', null, 'a learner cannot write an answer'
);
select throws_ok(
  $$ update public.ask_messages set status = 'answered' $$,
  '42501', null, 'nor mark a question answered'
);
select throws_ok(
  $$ delete from public.ask_messages $$,
  '42501', null, 'nor delete questions to reset the daily limit'
);
select throws_ok(
  $$ insert into public.ask_conversations (user_id, topic_id) values (tests.id('user:member'), tests.id('topic:alpha-public')) $$,
  '42501', null, 'nor create a conversation directly'
);

select tests.authenticate_as_service_role();
select lives_ok(
  $$ insert into public.ask_messages (conversation_id, role, content, question_id, answer)
     select m.conversation_id, 'answer', 'Line one of alpha', m.id,
            '{"mode": "passages", "sentences": [{"text": "Line one of alpha", "citations": []}], "generator": "Offline generator"}'
     from public.ask_messages m where m.content = 'What is line one?' $$,
  'the service role (the answer-question task) writes the answer ...'
);
select lives_ok(
  $$ update public.ask_messages set status = 'answered' where content = 'What is line one?' $$,
  '... and marks its question answered'
);
select throws_ok(
  $$ insert into public.ask_messages (conversation_id, role, content, status)
     select conversation_id, 'answer', 'No question', 'pending' from public.ask_messages limit 1 $$,
  '23514', null, 'an answer must name its question and carry its sentences'
);

select tests.authenticate_as('member');
select results_eq(
  $$ select role, status from public.ask_messages order by role desc, status $$,
  $$ values ('question', 'answered'), ('question', 'pending'), ('answer', null) $$,
  'the learner reads the answer beside their questions'
);
select tests.authenticate_as('admin');
select is_empty($$ select id from public.ask_messages $$, 'the admin still reads none of it');

-- A learner who is no longer a member loses the conversation ---------------------------------------------------

select tests.clear_authentication();
update public.core_memberships set status = 'inactive' where id = tests.id('membership:member');
select tests.authenticate_as('member');
select is_empty($$ select id from public.ask_messages $$, 'a deactivated learner no longer reads their conversation');
select tests.clear_authentication();
update public.core_memberships set status = 'active' where id = tests.id('membership:member');

-- The daily limit -------------------------------------------------------------------------------------------

select tests.authenticate_as('member');
select lives_ok(
  $$ select public.ask_question(tests.id('topic:alpha-public'), 'Question ' || n) from generate_series(3, 50) as n $$,
  'fifty questions in 24 hours, over all topics, are allowed'
);
select throws_ok(
  $$ select public.ask_question(tests.id('topic:alpha'), 'One more?') $$,
  'PT429', 'Question limit reached: at most 50 questions a day. Try again tomorrow.',
  'the fifty-first is refused with PT429 (HTTP 429)'
);
select tests.clear_authentication();
update public.ask_messages set created_at = now() - interval '25 hours';
select tests.authenticate_as('member');
select lives_ok(
  $$ select public.ask_question(tests.id('topic:alpha'), 'Next day?') $$,
  'questions older than 24 hours no longer count'
);
select tests.authenticate_as('creator');
select lives_ok(
  $$ select public.ask_question(tests.id('topic:alpha'), 'Mine?') $$,
  'each learner has their own limit'
);

select * from finish();
rollback;
