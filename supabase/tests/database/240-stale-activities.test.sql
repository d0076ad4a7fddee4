-- Stale activities (20261128005100, docs/teachers.md "When a source changes"): who reads a mark, per
-- role; that nobody signed in writes one or records source changes; what record_source_changes keeps
-- and relinks; that regenerating an item or an activity clears its mark; and that a replaced or removed
-- source's old file is queued for the cleanup.

begin;
select plan(26);
select tests.create_world();

create function pg_temp.question(p_id text)
returns jsonb
language sql
as $$
  select jsonb_build_object('id', p_id, 'stem', 'Stem ' || p_id, 'options', '["right", "wrong"]'::jsonb,
    'correct_option', 0, 'explanation', '', 'difficulty', 'medium', 'subtopic_id', null, 'citations', '[]'::jsonb)
$$;

insert into public.activities (id, chapter_id, kind, title, position, payload) values
  (tests.id('activity:alpha-mastery'), tests.id('chapter:alpha'), 'mastery', 'Mastery', 5,
   jsonb_build_object('questions', jsonb_build_array(pg_temp.question('q1'), pg_temp.question('q2'),
                                                     pg_temp.question('q3'))));

-- Recording --------------------------------------------------------------------------------------------

select is(
  public.record_source_changes(tests.id('topic:alpha'),
    jsonb_build_array(
      jsonb_build_object('activity_id', tests.id('activity:alpha-mastery'), 'item_ids', array['q1', 'q2'],
                         'citations_changed', false),
      jsonb_build_object('activity_id', tests.id('activity:alpha'), 'item_ids', array[]::text[],
                         'citations_changed', true),
      jsonb_build_object('activity_id', tests.id('activity:alpha-draft'), 'citations_changed', true),
      -- Another topic's activity and an empty mark are ignored.
      jsonb_build_object('activity_id', tests.id('activity:beta'), 'citations_changed', true),
      jsonb_build_object('activity_id', tests.id('activity:alpha-public'), 'citations_changed', false)),
    '[]'::jsonb),
  '{"marked": 3, "relinked": 0}'::jsonb,
  'record_source_changes marks the topic''s own activities with something stale'
);
select results_eq(
  $$select tests.fixture_name(activity_id, array['activity:alpha-mastery']) || ' ' || array_to_string(item_ids, ',')
      || ' ' || citations_changed
    from public.stale_activities order by 1$$,
  array['activity:alpha  true', 'activity:alpha-draft  true', 'activity:alpha-mastery q1,q2 false'],
  'the marks as recorded'
);

-- Reading, per role --------------------------------------------------------------------------------------

create function pg_temp.visible(p_who text)
returns text
language plpgsql
as $$
declare
  v_names text;
begin
  perform tests.impersonate(p_who);
  select coalesce(string_agg(tests.fixture_name(activity_id, array['activity:alpha-mastery']), ', '
                             order by tests.fixture_name(activity_id, array['activity:alpha-mastery'])), '-')
  into v_names from public.stale_activities;
  perform tests.clear_authentication();
  return v_names;
exception when others then
  perform tests.clear_authentication();
  return 'error ' || sqlstate;
end;
$$;

create temporary table readers (who text, sees text) on commit drop;
insert into readers values
  ('admin', 'activity:alpha, activity:alpha-mastery'),
  ('manager', 'activity:alpha, activity:alpha-mastery'),
  ('creator', 'activity:alpha, activity:alpha-mastery'),
  -- The member also sees the mark on their own draft.
  ('member', 'activity:alpha, activity:alpha-draft, activity:alpha-mastery'),
  ('lapsed', '-'),
  ('other_admin', '-'),
  ('other_member', '-'),
  ('outsider', '-'),
  ('anon', 'error 42501');
grant select on readers to authenticated, anon;

select is(pg_temp.visible(r.who), r.sees, format('stale_activities: %s reads %s', r.who, r.sees))
from readers r;

-- Writing: nobody signed in ------------------------------------------------------------------------------

create function pg_temp.outcome(p_who text, p_sql text)
returns text
language plpgsql
as $$
begin
  perform tests.impersonate(p_who);
  execute p_sql;
  perform tests.clear_authentication();
  return 'ok';
exception when others then
  perform tests.clear_authentication();
  return 'error ' || sqlstate;
end;
$$;

select is(
  pg_temp.outcome(w.who, format($$delete from public.stale_activities where activity_id = %L$$,
                                tests.id('activity:alpha'))) || ' / '
    || pg_temp.outcome(w.who, format($$insert into public.stale_activities (activity_id, topic_id, citations_changed)
                                       values (%L, %L, true)$$, tests.id('activity:alpha-public'),
                                     tests.id('topic:alpha-public'))) || ' / '
    || pg_temp.outcome(w.who, format($$select public.record_source_changes(%L, '[]', '[]')$$,
                                     tests.id('topic:alpha'))),
  'error 42501 / error 42501 / error 42501',
  format('%s may not delete or add a mark, nor record source changes', w.who)
)
from (values ('admin'), ('creator'), ('member'), ('anon')) as w(who);
select is((select count(*) from public.stale_activities)::integer, 3, 'the marks are all still there');

select tests.authenticate_as_service_role();
select lives_ok(
  format($$select public.record_source_changes(%L, '[]', '[]')$$, tests.id('topic:beta')),
  'the service role (the structure task) records source changes'
);
select tests.clear_authentication();

-- Relinking ----------------------------------------------------------------------------------------------

insert into public.source_chunks (id, source_id, topic_id, file_name, line_start, line_end, content)
values (tests.id('chunk:alpha-moved'), tests.id('source:alpha'), tests.id('topic:alpha'), 'alpha.txt', 5, 7,
        E'New first line\nLine one of alpha\nLine two');
select is(
  public.record_source_changes(tests.id('topic:alpha'), '[]'::jsonb,
    jsonb_build_array(
      jsonb_build_object('id', (select id from public.activity_citations where activity_id = tests.id('activity:alpha')),
                         'chunk_id', tests.id('chunk:alpha-moved'), 'line_start', 6, 'line_end', 6),
      -- Outside the chunk, and a chunk of another topic: ignored.
      jsonb_build_object('id', (select id from public.activity_citations where activity_id = tests.id('activity:alpha-draft')),
                         'chunk_id', tests.id('chunk:alpha-moved'), 'line_start', 2, 'line_end', 3),
      jsonb_build_object('id', (select id from public.activity_citations where activity_id = tests.id('activity:beta')),
                         'chunk_id', tests.id('chunk:beta'), 'line_start', 0, 'line_end', 0))),
  '{"marked": 0, "relinked": 1}'::jsonb,
  'record_source_changes relinks a citation inside a chunk of the topic, and only that one'
);
select results_eq(
  format($$select chunk_id, line_start, line_end from public.activity_citations where activity_id = %L$$,
         tests.id('activity:alpha')),
  format($$values (%L::uuid, 6, 6)$$, tests.id('chunk:alpha-moved')),
  'the relinked citation points at its text''s new line'
);
select is((select count(*) from public.stale_activities)::integer, 0,
  'a later reading replaces the topic''s marks: text that stands again is no longer stale');

-- Regenerating clears ------------------------------------------------------------------------------------

select public.record_source_changes(tests.id('topic:alpha'),
  jsonb_build_array(
    jsonb_build_object('activity_id', tests.id('activity:alpha-mastery'), 'item_ids', array['q1', 'q2']),
    jsonb_build_object('activity_id', tests.id('activity:alpha'), 'citations_changed', true)),
  '[]'::jsonb);

update public.activities set payload = jsonb_set(payload, '{questions,0}', pg_temp.question('q1-new'))
where id = tests.id('activity:alpha-mastery');
select is(
  (select item_ids from public.stale_activities where activity_id = tests.id('activity:alpha-mastery')),
  array['q2'],
  'a question replaced by a new one is no longer stale; the other stays'
);
update public.activities set payload = jsonb_set(payload, '{questions,2}', pg_temp.question('q3') || '{"stem": "New"}')
where id = tests.id('activity:alpha-mastery');
select is(
  (select item_ids from public.stale_activities where activity_id = tests.id('activity:alpha-mastery')),
  array['q2'],
  'rewriting a question that was not stale changes nothing'
);
update public.activities set payload = jsonb_set(payload, '{questions,1}', pg_temp.question('q2') || '{"stem": "Rewritten"}')
where id = tests.id('activity:alpha-mastery');
select ok(
  not exists (select 1 from public.stale_activities where activity_id = tests.id('activity:alpha-mastery')),
  'a question rewritten under its own id is fresh, and the mark goes with the last stale item'
);
update public.activities set title = 'Renamed' where id = tests.id('activity:alpha');
select ok(
  exists (select 1 from public.stale_activities where activity_id = tests.id('activity:alpha')),
  'a change that leaves the content alone keeps the mark'
);
update public.activities set payload = jsonb_set(payload, '{objectives}', '["New objective"]')
where id = tests.id('activity:alpha');
select ok(
  not exists (select 1 from public.stale_activities where activity_id = tests.id('activity:alpha')),
  'an overview written again is no longer stale'
);

-- A replaced or removed file is queued -----------------------------------------------------------------------

insert into public.topic_sources (id, topic_id, kind, file_name, file_path, status, created_by)
values (tests.id('source:alpha-file'), tests.id('topic:alpha'), 'text', 'notes.txt',
        tests.id('entity:alpha') || '/' || tests.id('topic:alpha') || '/notes.txt', 'ingested', tests.id('user:creator'));
update public.topic_sources set file_path = tests.id('entity:alpha') || '/' || tests.id('topic:alpha') || '/notes-2.txt',
  file_name = 'notes-2.txt', status = 'pending'
where id = tests.id('source:alpha-file');
delete from public.topic_sources where id = tests.id('source:alpha-file');
select results_eq(
  format($$select object_name from private.orphaned_files where object_name like %L order by 1$$,
         tests.id('entity:alpha') || '/' || tests.id('topic:alpha') || '/notes%'),
  format($$values (%L), (%L)$$,
         tests.id('entity:alpha') || '/' || tests.id('topic:alpha') || '/notes-2.txt',
         tests.id('entity:alpha') || '/' || tests.id('topic:alpha') || '/notes.txt'),
  'the file a source was replaced from, and the file of a removed source, are queued for the cleanup'
);

select * from finish();
rollback;
