-- Read policies decide once per query: reading many rows of a topic's chunks, sources, courses and their
-- parts runs the readable-set helper once, never a per-row check (migration
-- 20261128000100_read_policies_decide_once_per_query). Function calls are counted by the statistics
-- collector for the current transaction (pg_stat_xact_user_functions).

begin;
select plan(15);
select tests.create_world();
set local track_functions = 'all';

-- 200 more chunks, chapters and activities in alpha's published course, so a per-row check would show.
insert into public.source_chunks (source_id, topic_id, file_name, line_start, line_end, content)
select tests.id('source:alpha'), tests.id('topic:alpha'), 'alpha.txt', 2 * n, 2 * n + 1, 'Line ' || n
from generate_series(1, 200) as n;

insert into public.chapters (id, course_id, title, position)
select tests.id('chapter:alpha-' || n), tests.id('course:alpha'), 'Chapter ' || n, n + 1
from generate_series(1, 200) as n;

insert into public.activities (chapter_id, kind, title, position, payload)
select tests.id('chapter:alpha-' || n), 'overview', 'Overview ' || n, 1, '{"slides": [], "objectives": []}'
from generate_series(1, 200) as n;

-- The helpers of the private schema called while p_who reads every row of p_table it may read, and how
-- many rows that was, e.g. {"rows": 202, "readable_topic_ids": 1, "member_entity_ids": 1}.
create or replace function tests.helper_calls_reading(p_who text, p_table text)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_before jsonb;
  v_rows bigint;
begin
  select coalesce(jsonb_object_agg(f.funcname, f.calls), '{}') into v_before
  from pg_catalog.pg_stat_xact_user_functions f where f.schemaname = 'private';
  perform tests.impersonate(p_who);
  execute format('select count(*) from %s', p_table) into v_rows;
  perform tests.clear_authentication();
  return jsonb_build_object('rows', v_rows) || coalesce((
    select jsonb_object_agg(f.funcname, f.calls - coalesce((v_before ->> f.funcname)::bigint, 0))
    from pg_catalog.pg_stat_xact_user_functions f
    where f.schemaname = 'private' and f.calls > coalesce((v_before ->> f.funcname)::bigint, 0)
  ), '{}');
end;
$$;

select is(
  tests.helper_calls_reading('member', 'public.source_chunks') - 'member_entity_ids',
  '{"rows": 202, "readable_topic_ids": 1}',
  'a member reads 202 chunks with one readable-topics decision and no per-row check'
);
select is(
  tests.helper_calls_reading('outsider', 'public.source_chunks') - 'member_entity_ids',
  '{"rows": 1, "readable_topic_ids": 1}',
  'an outsider reads only the public topic''s chunk, decided once'
);
select is(
  tests.helper_calls_reading('member', 'public.topic_sources') - 'member_entity_ids',
  '{"rows": 2, "readable_topic_ids": 1}',
  'sources are decided once per query'
);
select is(
  (tests.helper_calls_reading('member', 'public.courses') - 'member_entity_ids')->>'readable_course_ids',
  '1',
  'courses are decided once per query'
);
select is(
  (tests.helper_calls_reading('member', 'public.chapters') - 'member_entity_ids')
    - 'readable_topic_ids' - 'readable_course_ids',
  '{"rows": 203, "readable_chapter_ids": 1}',
  'a member reads 203 chapters of readable courses with one decision'
);
select is(
  (tests.helper_calls_reading('member', 'public.activities') - 'member_entity_ids')
    - 'readable_topic_ids' - 'readable_course_ids' - 'readable_chapter_ids',
  '{"rows": 203, "readable_activity_ids": 1}',
  'a member reads 203 activities with one decision'
);
select is(
  (tests.helper_calls_reading('member', 'public.activity_citations') - 'member_entity_ids')
    - 'readable_topic_ids' - 'readable_course_ids' - 'readable_chapter_ids',
  '{"rows": 3, "readable_activity_ids": 1}',
  'citations are decided once per query, the member''s own draft included'
);

-- The rules are unchanged: who reads what (the full matrices are in 050 and 060).
select is(
  (tests.helper_calls_reading('other_member', 'public.source_chunks'))->>'rows', '2',
  'a member of another organisation reads their own topic''s chunk and the public one'
);
select is(
  (tests.helper_calls_reading('lapsed', 'public.source_chunks'))->>'rows', '1',
  'a deactivated member reads only the public chunk'
);
select is(
  (tests.helper_calls_reading('other_member', 'public.chapters'))->>'rows', '2',
  'a member of another organisation sees none of alpha''s 200 new chapters'
);
select is(
  (tests.helper_calls_reading('outsider', 'public.activities'))->>'rows', '1',
  'an outsider sees the public course''s activity only'
);
select is(
  (tests.helper_calls_reading('creator', 'public.activities'))->>'rows', '202',
  'the creator does not see the member''s draft'
);
select is(
  (tests.helper_calls_reading('member', 'public.courses'))->>'rows', '3',
  'a member reads alpha''s published course, their own draft and the public course'
);
select throws_ok(
  $$ select tests.helper_calls_reading('anon', 'public.source_chunks') $$,
  '42501', null,
  'anon may not read chunks at all'
);
select is(
  (select count(*)::integer from pg_catalog.pg_policies
   where qual like '%can_read_%(%' and cmd = 'SELECT'
     and tablename in ('source_chunks', 'topic_sources', 'courses', 'chapters', 'activities',
                       'activity_citations', 'episode_audio', 'quiz_attempts')),
  0,
  'no read policy on these tables calls a per-row helper'
);

select * from finish();
rollback;
