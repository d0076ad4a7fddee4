-- Regenerating one item or one chapter (20261128001100..001120, docs/teachers.md "Regenerating one item or
-- one chapter"): who may ask, per role, for an item and for a chapter; the mistakes a request is refused
-- for; the generation limit; and what applying a result keeps: the new question takes the old one's
-- place, the learners' progress stays, and their answers to the old question no longer count for it.

begin;
select plan(47);
select tests.create_world();

create function pg_temp.question(p_id text, p_stem text)
returns jsonb
language sql
as $$
  select jsonb_build_object('id', p_id, 'stem', p_stem, 'options', '["right", "wrong"]'::jsonb,
    'correct_option', 0, 'explanation', '', 'difficulty', 'medium', 'subtopic_id', null,
    'citations', jsonb_build_array(jsonb_build_object('chunk_id', tests.id('chunk:alpha'), 'source_url', null,
      'file_path', null, 'page_number', null, 'line_start', 1, 'line_end', 1, 'snippet', 'Line two')))
$$;

insert into public.activities (id, chapter_id, kind, title, position, payload) values
  (tests.id('activity:alpha-mastery'), tests.id('chapter:alpha'), 'mastery', 'Mastery', 5,
   jsonb_build_object('questions', jsonb_build_array(pg_temp.question('keep', 'Kept question'),
                                                     pg_temp.question('bad', 'Bad question')))),
  (tests.id('activity:draft-mastery'), tests.id('chapter:alpha-draft'), 'mastery', 'Mastery', 5,
   jsonb_build_object('questions', jsonb_build_array(pg_temp.question('bad', 'Bad question'))));

-- The member answered both questions; the old answer to "bad" must stay in the history.
insert into public.activity_progress (activity_id, user_id, status, result) values
  (tests.id('activity:alpha-mastery'), tests.id('user:member'), 'completed',
   '{"answers": {"keep": 0, "bad": 1}, "correct": 1, "total": 2, "gaps": [], "passed": false}');

-- Runs p_sql as p_who; 'ok' for any answer, else the error's SQLSTATE. Open requests are cleared after,
-- so each role's request is judged on its own.
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
  delete from public.course_part_regenerations;
  return case when v_result is null then 'null' else 'ok' end;
exception when others then
  perform tests.clear_authentication();
  return 'error ' || sqlstate;
end;
$$;

create temporary table who_may (who text, allowed boolean) on commit drop;
insert into who_may values
  ('admin', true), ('manager', true), ('creator', true), ('member', false), ('lapsed', false),
  ('other_admin', false), ('other_member', false), ('anon', false);
grant select on who_may to authenticated, anon;

-- Who may ask ---------------------------------------------------------------------------------------------

select is(
  pg_temp.outcome(w.who, format($$select public.request_item_regeneration(%L, 'bad')$$,
                                tests.id('activity:alpha-mastery'))),
  case when w.allowed then 'ok' else 'error 42501' end,
  format('request_item_regeneration: %s %s', w.who, case when w.allowed then 'may' else 'is refused' end)
)
from who_may w;

select is(
  pg_temp.outcome(w.who, format($$select public.request_chapter_regeneration(%L)$$, tests.id('chapter:alpha'))),
  case when w.allowed then 'ok' else 'error 42501' end,
  format('request_chapter_regeneration: %s %s', w.who, case when w.allowed then 'may' else 'is refused' end)
)
from who_may w;

-- Reading the requests: the class viewers see their topic's, everybody else none (anon has no grant).
insert into public.course_part_regenerations (topic_id, chapter_id, part, requested_by, status)
values (tests.id('topic:alpha'), tests.id('chapter:alpha'), 'chapter', tests.id('user:admin'), 'done');
create function pg_temp.visible(p_who text)
returns text
language plpgsql
as $$
declare
  v_count text;
begin
  perform tests.impersonate(p_who);
  select count(*)::text into v_count from public.course_part_regenerations;
  perform tests.clear_authentication();
  return v_count;
exception when others then
  perform tests.clear_authentication();
  return 'error ' || sqlstate;
end;
$$;
select is(
  pg_temp.visible(w.who),
  case when w.allowed then '1' when w.who = 'anon' then 'error 42501' else '0' end,
  format('course_part_regenerations: %s %s', w.who, case when w.allowed then 'reads the request' else 'reads none' end)
)
from who_may w;
delete from public.course_part_regenerations;

-- Mistakes ------------------------------------------------------------------------------------------------

select is(
  pg_temp.outcome('admin', format($$select public.request_item_regeneration(%L, 'bad')$$,
                                  tests.id('activity:unknown'))),
  'error 42501',
  'an unknown activity is refused like a foreign one'
);
select is(
  pg_temp.outcome('other_admin', format($$select public.request_chapter_regeneration(%L)$$,
                                        tests.id('chapter:alpha'))) || ' / '
    || pg_temp.outcome('admin', format($$select public.request_chapter_regeneration(%L)$$,
                                       tests.id('chapter:beta'))),
  'error 42501 / error 42501',
  'an admin of one organisation is refused on the other''s chapter, both ways'
);
select is(
  pg_temp.outcome('admin', format($$select public.request_item_regeneration(%L, 'bad')$$,
                                  tests.id('activity:draft-mastery'))),
  'error 22023',
  'a question of a draft, not the published path, is refused'
);
select is(
  pg_temp.outcome('admin', format($$select public.request_item_regeneration(%L, 'nope')$$,
                                  tests.id('activity:alpha-mastery'))),
  'error 22023',
  'a question the check does not have is refused'
);
select is(
  pg_temp.outcome('admin', format($$select public.request_item_regeneration(%L, 'keep')$$,
                                  tests.id('activity:alpha'))),
  'error 42501',
  'an activity that is not a check is refused'
);

-- One open request per chapter, counted against the limits -------------------------------------------------

delete from public.generation_requests;
select tests.impersonate('admin');
select lives_ok(
  format($$select public.request_item_regeneration(%L, 'bad')$$, tests.id('activity:alpha-mastery')),
  'admin queues the bad question'
);
select throws_ok(
  format($$select public.request_chapter_regeneration(%L)$$, tests.id('chapter:alpha')),
  'PT409', null,
  'a second request for the same chapter waits for the first (PT409)'
);
select tests.clear_authentication();

select is(
  (select format('%s %s %s %s', part, status, question_id, requested_by = tests.id('user:admin'))
   from public.course_part_regenerations),
  'item queued bad t',
  'the request is queued for the item, by the admin'
);
select is(
  (select count(*)::integer from public.generation_requests
   where user_id = tests.id('user:admin') and task = 'regenerate-course-part'),
  1,
  'the request is counted in the generation ledger'
);

delete from public.course_part_regenerations;
insert into public.generation_requests (user_id, topic_id, task)
select tests.id('user:manager'), tests.id('topic:alpha'), 'regenerate-course-part' from generate_series(1, 10);
select is(
  pg_temp.outcome('manager', format($$select public.request_chapter_regeneration(%L)$$, tests.id('chapter:alpha'))),
  'error PT429',
  'over the per-topic generation limit a request is refused (PT429)'
);

-- Applying an item ------------------------------------------------------------------------------------------

insert into public.course_part_regenerations (id, topic_id, chapter_id, activity_id, question_id, part,
                                              requested_by, status)
values (tests.id('request:item'), tests.id('topic:alpha'), tests.id('chapter:alpha'),
        tests.id('activity:alpha-mastery'), 'bad', 'item', tests.id('user:admin'), 'running');

select throws_ok(
  format($$select public.apply_item_regeneration(%L, %L)$$, tests.id('request:item'),
         pg_temp.question('keep', 'Same id as a sibling')),
  '22023', null,
  'a new question may not take a sibling''s id'
);
select throws_ok(
  format($$select public.apply_item_regeneration(%L, %L)$$, tests.id('request:item'),
         pg_temp.question('new', 'Bad options') || '{"correct_option": 5}'),
  '22023', null,
  'a correct option outside the options is refused'
);
select is(
  public.apply_item_regeneration(tests.id('request:item'), pg_temp.question('new', 'Better question')),
  '{"replaced": "bad", "question_id": "new", "stem": "Better question"}'::jsonb,
  'apply_item_regeneration reports what it replaced'
);
select is(
  (select string_agg(q ->> 'id', ',') from public.activities a,
     jsonb_array_elements(a.payload -> 'questions') as q where a.id = tests.id('activity:alpha-mastery')),
  'keep,new',
  'the new question takes the old one''s place, the other question stays'
);
select is(
  (select result -> 'answers' from public.activity_progress
   where activity_id = tests.id('activity:alpha-mastery') and user_id = tests.id('user:member')),
  '{"keep": 0, "bad": 1}'::jsonb,
  'the learner''s progress is untouched: the old answer stays in the history'
);
select is(
  (select format('%s %s', status, finished_at is not null) from public.course_part_regenerations
   where id = tests.id('request:item')),
  'done t',
  'the request is done'
);
select throws_ok(
  format($$select public.apply_item_regeneration(%L, %L)$$, tests.id('request:item'),
         pg_temp.question('again', 'Again')),
  '22023', null,
  'a finished request cannot be applied twice'
);

select tests.impersonate('admin');
select is(
  (select format('%s:%s', question_id, attempts) from public.class_item_analysis(tests.id('topic:alpha'))
   order by question_position limit 1 offset 1),
  'new:0',
  'the old answer no longer counts for the new question''s analysis'
);
select is(
  (select format('%s %s', status, result ->> 'question_id') from public.course_part_regenerations),
  'done new',
  'the teacher reads the result'
);
select tests.clear_authentication();

-- Applying a chapter -----------------------------------------------------------------------------------------

insert into public.activity_progress (activity_id, user_id, status) values
  (tests.id('activity:alpha'), tests.id('user:admin'), 'completed');
insert into public.course_part_regenerations (id, topic_id, chapter_id, part, requested_by, status)
values (tests.id('request:chapter'), tests.id('topic:alpha'), tests.id('chapter:alpha'), 'chapter',
        tests.id('user:admin'), 'running');

select is(
  public.apply_chapter_regeneration(tests.id('request:chapter'), jsonb_build_object(
    'title', 'New chapter title', 'summary', 'New summary', 'section_id', null,
    'activities', jsonb_build_array(
      jsonb_build_object('kind', 'overview', 'title', 'Overview', 'position', 1,
        'payload', '{"slides": [], "objectives": []}'::jsonb, 'citations', '[]'::jsonb),
      jsonb_build_object('kind', 'mastery', 'title', 'Mastery', 'position', 5,
        'payload', jsonb_build_object('questions', jsonb_build_array(pg_temp.question('m1', 'Fresh'))),
        'citations', '[]'::jsonb)))),
  '{"kept": 1, "replaced": 1, "added": 0, "removed": 0}'::jsonb,
  'apply_chapter_regeneration keeps the unchanged overview and replaces the changed check'
);
select is(
  (select format('%s / %s', ch.title, (select count(*) from public.activity_progress p
                                         where p.activity_id = tests.id('activity:alpha')))
   from public.chapters ch where ch.id = tests.id('chapter:alpha')),
  'New chapter title / 2',
  'the chapter is retitled and the progress on the unchanged overview stays'
);
select is(
  (select format('%s %s', a.payload -> 'questions' -> 0 ->> 'id',
                 (select count(*) from public.activity_progress p where p.activity_id = a.id))
   from public.activities a where a.id = tests.id('activity:alpha-mastery')),
  'm1 0',
  'the changed check keeps its id, with the new questions and without the old progress'
);
select is(
  (select count(*)::integer from public.activities a where a.chapter_id = tests.id('chapter:alpha-public')),
  1,
  'other chapters are untouched'
);

select * from finish();
rollback;
