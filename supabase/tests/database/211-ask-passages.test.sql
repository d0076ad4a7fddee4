-- Ask your sources' retrieval (public.ask_passages, 20261126007110_ask_question.sql): full-text ranking of a
-- topic's lines in English and Dutch, any word of the question, best first; lines without a letter never
-- rank; only the service role (the answer-question task) may call it.

begin;
select plan(9);
select tests.create_world();

insert into public.topic_sources (id, topic_id, kind, file_name, pasted_text, status, created_by)
values (tests.id('source:ask'), tests.id('topic:alpha'), 'pasted', 'plants.txt', 'x', 'ingested', tests.id('user:creator'));

insert into public.source_chunks (id, source_id, topic_id, file_name, line_start, line_end, content) values
  (tests.id('chunk:ask-en'), tests.id('source:ask'), tests.id('topic:alpha'), 'plants.txt', 10, 14,
   E'Chlorophyll absorbs red and blue light.\nLeaves reflect green light, so they look green.\n\n42\nThe weather was nice that day.'),
  (tests.id('chunk:ask-nl'), tests.id('source:ask'), tests.id('topic:alpha'), 'plants.txt', 20, 21,
   E'Planten maken suiker met fotosynthese.\nDe wortels nemen water op.');

select tests.authenticate_as('member');
select throws_ok(
  $$ select * from public.ask_passages(tests.id('topic:alpha'), 'light') $$,
  '42501', null, 'a learner cannot call the retrieval directly'
);

select tests.authenticate_as_service_role();
select results_eq(
  $$ select chunk_id, line_number from public.ask_passages(tests.id('topic:alpha'), 'Why do leaves look green?', 1) $$,
  $$ values (tests.id('chunk:ask-en'), 11) $$,
  'the line holding most of the question''s words ranks first, numbered as in the source'
);
select ok(
  (select bool_and(line_number between 10 and 14) from public.ask_passages(tests.id('topic:alpha'), 'reflecting leaf')),
  'English stemming: "reflecting leaf" finds "Leaves reflect"'
);
select results_eq(
  $$ select chunk_id, line_number from public.ask_passages(tests.id('topic:alpha'), 'Wat doet een plant?', 1) $$,
  $$ values (tests.id('chunk:ask-nl'), 20) $$,
  'Dutch stemming: "plant" finds "Planten"'
);
select results_eq(
  $$ select line_number from public.ask_passages(tests.id('topic:alpha'), 'water wortel') order by line_number $$,
  $$ values (20), (21) $$,
  'a line is ranked with its neighbours, so a sentence cut over lines is found from either line'
);
select is_empty(
  $$ select 1 from public.ask_passages(tests.id('topic:alpha'), '42') where line_number = 13 $$,
  'a line without a letter (a page number) never ranks itself'
);
select is_empty(
  $$ select 1 from public.ask_passages(tests.id('topic:alpha'), 'quantum mechanics') $$,
  'a question whose words the sources do not hold finds nothing'
);
select is_empty(
  $$ select 1 from public.ask_passages(tests.id('topic:alpha'), 'The was that, de het een?') $$,
  'a stop word of either language matches nothing ("the" in the Dutch configuration included)'
);
select is_empty(
  $$ select 1 from public.ask_passages(tests.id('topic:beta'), 'light') $$,
  'only the asked topic''s lines are searched'
);

select * from finish();
rollback;
