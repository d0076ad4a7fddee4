-- The coverage map and "add items for these lines" (20261129000100..000200, docs/teachers.md "Coverage"):
-- which body lines of each source the published path's questions and cards test, the untested runs and
-- their chapter, who may see the map and ask for items (per role), the mistakes a request is refused for,
-- and what applying the new items keeps.

begin;
select plan(41);
select tests.create_world();

create function pg_temp.cites(p_chunk text, p_start integer, p_end integer)
returns jsonb
language sql
as $$
  select jsonb_build_array(jsonb_build_object('chunk_id', tests.id(p_chunk), 'source_url', null,
    'file_path', null, 'page_number', 2, 'line_start', p_start, 'line_end', p_end, 'snippet', 'cited'))
$$;

create function pg_temp.question(p_id text, p_citations jsonb)
returns jsonb
language sql
as $$
  select jsonb_build_object('id', p_id, 'stem', 'Stem ' || p_id, 'options', '["right", "wrong"]'::jsonb,
    'correct_option', 0, 'explanation', '', 'difficulty', 'medium', 'subtopic_id', null, 'citations', p_citations)
$$;

-- A second source of topic alpha: one page with two headings, a caption and a footnote.
insert into public.topic_sources (id, topic_id, kind, file_name, pasted_text, status, created_by)
values (tests.id('source:coverage'), tests.id('topic:alpha'), 'pasted', 'rivers.txt', 'Rivers', 'ingested',
        tests.id('user:creator'));
insert into public.source_chunks (id, source_id, topic_id, file_name, page_number, line_start, line_end, content, layout)
values (tests.id('chunk:coverage'), tests.id('source:coverage'), tests.id('topic:alpha'), 'rivers.txt', 2, 0, 9,
  concat_ws(E'\n',
    '1 Rivers',
    'The Rhine rises in the Alps and flows north.',
    'It reaches the North Sea near Rotterdam.',
    '',
    'Figure 1: The Rhine delta.',
    'Barges carry coal and grain on the river.',
    '2 Lakes',
    'Lake Geneva lies between France and Switzerland.',
    'It holds 89 cubic kilometres of water.',
    '* See the appendix.'),
  '{"headings": [{"line": 0, "level": 1}, {"line": 6, "level": 1}],
    "roles": [{"line": 4, "role": "caption"}, {"line": 9, "role": "footnote"}]}');

-- The published path tests line 1 (a mastery question), line 7 (a practice card) and both lines of the
-- first source; the member's draft tests line 2, which must not count.
insert into public.activities (id, chapter_id, kind, title, position, payload) values
  (tests.id('activity:alpha-mastery'), tests.id('chapter:alpha'), 'mastery', 'Mastery', 5,
   jsonb_build_object('questions', jsonb_build_array(
     pg_temp.question('rhine', pg_temp.cites('chunk:coverage', 1, 1)),
     pg_temp.question('first', pg_temp.cites('chunk:alpha', 0, 1))))),
  (tests.id('activity:alpha-practice'), tests.id('chapter:alpha'), 'practice', 'Practice', 4,
   jsonb_build_object('cards', jsonb_build_array(jsonb_build_object('id', 'geneva', 'q', 'Where?', 'a', 'Between',
     'hint', null, 'citations', pg_temp.cites('chunk:coverage', 7, 7))))),
  (tests.id('activity:draft-mastery'), tests.id('chapter:alpha-draft'), 'mastery', 'Mastery', 5,
   jsonb_build_object('questions', jsonb_build_array(pg_temp.question('draft', pg_temp.cites('chunk:coverage', 2, 2)))));
insert into public.activity_citations (activity_id, chunk_id, snippet, line_start, line_end, page_number) values
  (tests.id('activity:alpha-mastery'), tests.id('chunk:coverage'), 'cited', 1, 1, 2);
insert into public.activity_progress (activity_id, user_id, status, result) values
  (tests.id('activity:alpha-mastery'), tests.id('user:member'), 'completed',
   '{"answers": {"rhine": 0, "first": 0}, "correct": 2, "total": 2, "gaps": [], "passed": true}');

-- Runs p_sql as p_who; 'ok' for any answer, else the error's SQLSTATE. Requests are cleared after.
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
  return 'ok';
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

-- Who may see the map and ask for items -------------------------------------------------------------------

select is(
  pg_temp.outcome(w.who, format($$select count(*) from public.class_source_coverage(%L)$$, tests.id('topic:alpha'))),
  case when w.allowed then 'ok' else 'error 42501' end,
  format('class_source_coverage: %s %s', w.who, case when w.allowed then 'may' else 'is refused' end)
)
from who_may w;

select is(
  pg_temp.outcome(w.who, format($$select public.request_coverage_items(%L, %L, 2, 2)$$,
                                tests.id('topic:alpha'), tests.id('chunk:coverage'))),
  case when w.allowed then 'ok' else 'error 42501' end,
  format('request_coverage_items: %s %s', w.who, case when w.allowed then 'may' else 'is refused' end)
)
from who_may w;

-- The map -------------------------------------------------------------------------------------------------

create temporary table map on commit drop as
select * from public.class_source_coverage(tests.id('topic:alpha')) where false;
grant select, insert, delete on map to authenticated;
create function pg_temp.read_map()
returns void
language plpgsql
as $$
begin
  delete from map;
  perform tests.impersonate('creator');
  insert into map select * from public.class_source_coverage(tests.id('topic:alpha'));
  perform tests.clear_authentication();
end;
$$;
select pg_temp.read_map();

select is(
  (select distinct format('%s of %s', tested_lines, body_lines) from map where source_id = tests.id('source:coverage')),
  '2 of 5',
  'body lines leave out headings, the caption and the footnote; the question and the card test two of them'
);
select is(
  (select string_agg(format('%s-%s', line_start, line_end), ',' order by line_start)
   from map where source_id = tests.id('source:coverage')),
  '2-2,5-5,8-8',
  'the untested runs: a blank line does not end one, a caption, a heading and a tested line do; the draft counts for nothing'
);
select is(
  (select excerpt from map where source_id = tests.id('source:coverage') and line_start = 2),
  'It reaches the North Sea near Rotterdam.',
  'a run carries its text'
);
select is(
  (select string_agg(distinct chapter_title, ',') from map where source_id = tests.id('source:coverage')),
  'Chapter of alpha',
  'each run names the published chapter citing the lines nearest to it'
);
select is(
  (select format('%s of %s, run %s', tested_lines, body_lines, coalesce(line_start::text, 'none'))
   from map where source_id = tests.id('source:alpha')),
  '2 of 2, run none',
  'a fully tested source has one row without a run'
);
select is(
  (select string_agg(source_id::text, ',' order by 1) from (select distinct source_id from map) s),
  (select string_agg(id::text, ',' order by 1) from public.topic_sources where topic_id = tests.id('topic:alpha')),
  'every ingested source of the topic is listed, none of another topic'
);

-- Mistakes --------------------------------------------------------------------------------------------------

select is(
  pg_temp.outcome('admin', format($$select public.request_coverage_items(%L, %L, 5, 12)$$,
                                  tests.id('topic:alpha'), tests.id('chunk:coverage'))),
  'error 22023',
  'lines past the chunk''s end are refused'
);
select is(
  pg_temp.outcome('admin', format($$select public.request_coverage_items(%L, %L, 5, 2)$$,
                                  tests.id('topic:alpha'), tests.id('chunk:coverage'))),
  'error 22023',
  'a range that ends before it starts is refused'
);
select is(
  pg_temp.outcome('admin', format($$select public.request_coverage_items(%L, %L, 0, 0)$$,
                                  tests.id('topic:alpha'), tests.id('chunk:beta'))),
  'error 22023',
  'lines of another topic''s source are refused'
);
select is(
  pg_temp.outcome('other_admin', format($$select public.request_coverage_items(%L, %L, 0, 0)$$,
                                        tests.id('topic:alpha'), tests.id('chunk:alpha'))),
  'error 42501',
  'an admin of another organisation is refused'
);

-- A request, its limits and one open request per chapter ----------------------------------------------------

delete from public.generation_requests;
select tests.impersonate('creator');
create temporary table asked on commit drop as
select public.request_coverage_items(tests.id('topic:alpha'), tests.id('chunk:coverage'), 2, 2) as id;
select tests.clear_authentication();

select is(
  (select format('%s %s %s-%s %s', r.part, r.status, r.line_start, r.line_end, r.chapter_id = tests.id('chapter:alpha'))
   from public.course_part_regenerations r join asked a on a.id = r.id),
  'lines queued 2-2 t',
  'the request is queued as lines for the chapter nearest to them'
);
select is(
  (select count(*)::integer from public.generation_requests where task = 'regenerate-course-part'),
  1,
  'the request is counted as a generation'
);
select is(
  pg_temp.outcome('admin', format($$select public.request_item_regeneration(%L, 'rhine')$$,
                                  tests.id('activity:alpha-mastery'))),
  'error PT409',
  'another request for the same chapter waits for the open one'
);
-- The refused request left the lines request queued; the task takes it.
update public.course_part_regenerations set status = 'running' where id = (select id from asked);

-- Applying: who may, malformed items, and what stays -----------------------------------------------------------

select is(
  (select string_agg(format('%s %s', r, has_function_privilege(r, 'public.apply_coverage_items(uuid, jsonb, jsonb)', 'execute')), ', ' order by r)
   from unnest(array['anon', 'authenticated', 'service_role']) as r),
  'anon f, authenticated f, service_role t',
  'only the task (service role) applies items'
);
select throws_ok(
  format($$select public.apply_coverage_items(%L, '[{"stem": "no id"}]', '[]')$$, (select id from asked)),
  '22023', null,
  'a malformed question is refused and the request stays running'
);
select throws_ok(
  format($$select public.apply_coverage_items(%L, '[]', '[]')$$, tests.id('activity:alpha')),
  '22023', null,
  'an id that is not a running lines request is refused'
);
select throws_ok(
  format($$select public.apply_coverage_items(%L, %L, '[]')$$, (select id from asked),
         jsonb_build_array(pg_temp.question('rhine', pg_temp.cites('chunk:coverage', 2, 2)))),
  '22023', null,
  'a question with the id of one already in the check is refused'
);

select is(
  public.apply_coverage_items(
    (select id from asked),
    jsonb_build_array(pg_temp.question('rotterdam', pg_temp.cites('chunk:coverage', 2, 2))),
    jsonb_build_array(jsonb_build_object('id', 'barges', 'q', 'What do barges carry?', 'a', 'Coal and grain',
      'hint', 'Think of bulk goods.', 'citations', pg_temp.cites('chunk:coverage', 5, 5)))),
  '{"cards": 1, "stems": ["Stem rotterdam"], "questions": 1}'::jsonb,
  'applying adds one question and one card'
);
select is(
  (select string_agg(q.question ->> 'id', ',' order by q.ord)
   from public.activities a, jsonb_array_elements(a.payload -> 'questions') with ordinality as q(question, ord)
   where a.id = tests.id('activity:alpha-mastery')),
  'rhine,first,rotterdam',
  'the new question comes after the mastery check''s own'
);
select is(
  (select string_agg(c.card ->> 'id', ',' order by c.ord)
   from public.activities a, jsonb_array_elements(a.payload -> 'cards') with ordinality as c(card, ord)
   where a.id = tests.id('activity:alpha-practice')),
  'geneva,barges',
  'the new card comes after the deck''s own'
);
select is(
  (select count(*)::integer from public.activity_citations
   where activity_id in (tests.id('activity:alpha-mastery'), tests.id('activity:alpha-practice'))
     and chunk_id = tests.id('chunk:coverage') and line_start in (2, 5)),
  2,
  'the new items'' lines join their activities'' citations'
);
select is(
  (select format('%s %s', status, result ->> 'passed') from public.activity_progress
   where activity_id = tests.id('activity:alpha-mastery') and user_id = tests.id('user:member')),
  'completed true',
  'the learner''s progress on the check is untouched'
);
select is(
  (select format('%s %s', status, finished_at is not null) from public.course_part_regenerations where id = (select id from asked)),
  'done t',
  'the request is done'
);
select pg_temp.read_map();
select is(
  (select distinct format('%s of %s', tested_lines, body_lines) from map where source_id = tests.id('source:coverage')),
  '4 of 5',
  'the map counts the new items'' lines as tested'
);
select is(
  (select string_agg(format('%s-%s', line_start, line_end), ',' order by line_start)
   from map where source_id = tests.id('source:coverage')),
  '8-8',
  'one untested run is left'
);

select * from finish();
rollback;
