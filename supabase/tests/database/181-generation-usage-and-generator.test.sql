-- Generation usage (20261126002200_generation_usage.sql) is written by the tasks and read by the
-- organisation's admins only; the generator of a structure or course
-- (20261126002300_content_generator.sql) is set by the tasks, never by an editor.

begin;
select plan(16);
select tests.create_world();

insert into public.generation_usage
  (entity_id, topic_id, task, generator, model_source, calls, input_tokens, output_tokens, cost_usd)
values
  (tests.id('entity:alpha'), tests.id('topic:alpha'), 'generate-topic-structure', 'gpt-4o-mini', 'organisation',
   11, 20000, 3000, 0.0048),
  (tests.id('entity:alpha'), tests.id('topic:alpha'), 'generate-course-content', 'gpt-4o-mini', 'organisation',
   20, 40000, 9000, 0.0114),
  (tests.id('entity:alpha'), tests.id('topic:alpha'), 'generate-course-content', 'Offline generator', 'offline',
   0, 0, 0, 0),
  (tests.id('entity:beta'), tests.id('topic:beta'), 'generate-course-content', 'Offline generator', 'offline',
   0, 0, 0, 0);
insert into public.generation_usage (entity_id, task, generator, model_source, created_at)
values (tests.id('entity:alpha'), 'generate-course-content', 'old-model', 'deployment', now() - interval '40 days');

-- Usage ---------------------------------------------------------------------------------------------------

select tests.authenticate_as('admin');
select results_eq(
  $$ select generator, model_source, runs, calls, input_tokens, output_tokens, cost_usd
     from public.entity_generation_usage(tests.id('entity:alpha')) $$,
  $$ values ('gpt-4o-mini', 'organisation', 2, 31::bigint, 60000::bigint, 12000::bigint, 0.0162::numeric),
            ('Offline generator', 'offline', 1, 0::bigint, 0::bigint, 0::bigint, 0::numeric) $$,
  'admin: the last 30 days per generator, dearest first'
);
select is(
  (select count(*)::int from public.entity_generation_usage(tests.id('entity:alpha'), 60)), 3,
  'admin: a longer window includes older runs'
);
select is((select count(*)::int from public.generation_usage), 4, 'admin: reads their organisation''s rows only');
select throws_ok(
  $$ select * from public.entity_generation_usage(tests.id('entity:beta')) $$,
  '42501', 'Only an admin of this organisation can see its generation usage.',
  'admin: not another organisation''s usage'
);
select throws_ok(
  $$ insert into public.generation_usage (entity_id, task, generator, model_source)
     values (tests.id('entity:alpha'), 'generate-course-content', 'x', 'offline') $$,
  '42501', null, 'admin: may not write usage'
);
select tests.clear_authentication();

create function pg_temp.sees_usage(p_who text) returns text language plpgsql as $$
begin
  perform tests.authenticate_as(p_who);
  begin
    perform public.entity_generation_usage(md5('studymap-pgtap:entity:alpha')::uuid);
    return 'summary';
  exception when insufficient_privilege then
    -- The failed block took its role with it.
    perform tests.authenticate_as(p_who);
    return (select count(*)::text || ' rows' from public.generation_usage);
  end;
end;
$$;
grant execute on function pg_temp.sees_usage(text) to authenticated;

select is(pg_temp.sees_usage(who), '0 rows', who || ': no summary and no rows')
from unnest(array['creator', 'manager', 'member', 'lapsed']) as who;
select tests.clear_authentication();

select tests.authenticate_as('other_admin');
select is((select count(*)::int from public.generation_usage), 1, 'another organisation''s admin: only their own row');
select tests.clear_authentication();

select tests.authenticate_as_anon();
select throws_ok('select * from public.generation_usage', '42501', null, 'anon: reads no usage');
select tests.clear_authentication();

-- Generator ---------------------------------------------------------------------------------------------

select tests.authenticate_as('creator');
select throws_ok(
  $$ update public.topics set structure_generator = 'gpt-5' where id = tests.id('topic:alpha') $$,
  '42501', 'topics.structure_generator is set by the generation tasks',
  'creator: may not relabel who wrote the structure'
);
select lives_ok(
  $$ update public.topics set title = 'Alpha topic, renamed' where id = tests.id('topic:alpha') $$,
  'creator: other edits of the topic still work'
);
select throws_ok(
  $$ update public.courses set generator = 'gpt-5' where id = tests.id('course:alpha') $$,
  '42501', 'courses.generator is set by the generation tasks', 'creator: may not relabel who wrote a course'
);
select tests.clear_authentication();

select tests.authenticate_as_service_role();
select lives_ok(
  $$ update public.courses set generator = 'gpt-4o-mini' where id = tests.id('course:alpha') $$,
  'service_role: the course task records the generator'
);
select tests.clear_authentication();

select tests.authenticate_as('member');
select is(
  (select generator from public.courses where id = tests.id('course:alpha')), 'gpt-4o-mini',
  'member: reads who wrote the course with it'
);
select tests.clear_authentication();

select * from finish();
rollback;
