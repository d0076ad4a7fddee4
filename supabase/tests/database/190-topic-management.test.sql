-- Topic management (20261127002410_topic_management.sql): rename and describe, move, delete. Every role
-- of the world tries every operation on alpha's topic; only its organisation's active content managers
-- (admin, creator, manager) get through. Deleting queues the topic's files (sources, its own thumbnail
-- folder, its episodes' audio) and takes its generated content with it.

begin;
select plan(45);
select tests.create_world();

insert into public.modules (id, entity_id, title, created_by)
values (tests.id('module:alpha-2'), tests.id('entity:alpha'), 'Second alpha collection', tests.id('user:creator'));

-- Who may: one row per role and operation --------------------------------------------------------------

create temporary table who_may (who text, allowed boolean) on commit drop;
insert into who_may values
  ('admin', true), ('creator', true), ('manager', true),
  ('member', false), ('lapsed', false), ('other_admin', false), ('other_member', false),
  ('outsider', false), ('invitee', false), ('anon', false);
grant select on who_may to authenticated, anon;

create function pg_temp.attempt(p_who text, p_statement text)
returns text
language plpgsql
as $$
begin
  perform tests.impersonate(p_who);
  execute p_statement;
  perform tests.clear_authentication();
  return 'done';
exception when others then
  perform tests.clear_authentication();
  return sqlstate;
end;
$$;

-- Rename: each refused caller gets 42501 and changes nothing; each content manager renames.
select is(
  pg_temp.attempt(w.who, format(
    $$select public.update_topic_details(%L, %L, 'Described by %s')$$,
    tests.id('topic:alpha'), 'Renamed by ' || w.who, w.who
  )),
  case when w.allowed then 'done' else '42501' end,
  format('update_topic_details: %s %s', w.who, case when w.allowed then 'may' else 'may not' end)
)
from who_may w;

select is(
  (select title || ' / ' || description from public.topics where id = tests.id('topic:alpha')),
  'Renamed by manager / Described by manager',
  '... and the last one allowed wrote the title and the description'
);

-- Move: the same table.
select is(
  pg_temp.attempt(w.who, format(
    $$select public.move_topic(%L, %L)$$, tests.id('topic:alpha'), tests.id('module:alpha-2')
  )),
  case when w.allowed then 'done' else '42501' end,
  format('move_topic: %s %s', w.who, case when w.allowed then 'may' else 'may not' end)
)
from who_may w;

select is(
  (select module_id from public.topics where id = tests.id('topic:alpha')),
  tests.id('module:alpha-2'),
  '... and the topic is in the other collection'
);

-- Delete: every refused caller first, then a creator.
select is(
  pg_temp.attempt(w.who, format($$select public.delete_topic(%L)$$, tests.id('topic:alpha'))),
  '42501',
  format('delete_topic: %s may not', w.who)
)
from who_may w
where not w.allowed;

select ok(exists (select 1 from public.topics where id = tests.id('topic:alpha')), '... and the topic is still there');

-- The rules of the values ----------------------------------------------------------------------------------

select tests.authenticate_as('creator');

select throws_ok(
  format($$select public.update_topic_details(%L, '   ', null)$$, tests.id('topic:alpha')),
  'PT400', 'A title needs 1 to 300 characters.',
  'a blank title is refused with a sentence'
);
select throws_ok(
  format($$select public.update_topic_details(%L, %L, null)$$, tests.id('topic:alpha'), repeat('t', 301)),
  'PT400', 'A title needs 1 to 300 characters.',
  'a title of 301 characters is refused'
);
select lives_ok(
  format($$select public.update_topic_details(%L, %L, '  ')$$, tests.id('topic:alpha'), '  ' || repeat('t', 300) || ' '),
  'a title of 300 characters (padding trimmed) is taken'
);
select is(
  (select description from public.topics where id = tests.id('topic:alpha')),
  null,
  '... and a blank description means none'
);
select throws_ok(
  format($$select public.update_topic_details(%L, 'T', %L)$$, tests.id('topic:alpha'), repeat('d', 5001)),
  'PT400', 'A description can be at most 5000 characters.',
  'a description over 5000 characters is refused'
);
select throws_ok(
  format($$select public.move_topic(%L, %L)$$, tests.id('topic:alpha'), tests.id('module:beta')),
  'PT400', 'That collection is not one of this topic''s organisation.',
  'a collection of another organisation is refused'
);
select throws_ok(
  format($$select public.move_topic(%L, %L)$$, tests.id('topic:alpha'), gen_random_uuid()),
  'PT400', 'That collection is not one of this topic''s organisation.',
  '... and an unknown one alike'
);
select lives_ok(
  format($$select public.move_topic(%L, null)$$, tests.id('topic:alpha')),
  'a topic can leave every collection'
);
select throws_ok(
  format($$select public.delete_topic(%L)$$, gen_random_uuid()),
  '42501', null,
  'an unknown topic is refused as a forbidden one'
);
select throws_ok(
  format($$select public.delete_topic(%L)$$, tests.id('topic:beta')),
  '42501', null,
  'a creator cannot delete a topic of another organisation'
);

select tests.authenticate_as_service_role();
select throws_ok(
  format($$select public.delete_topic(%L)$$, tests.id('topic:alpha')),
  '42501', null,
  'the service role has no user and is not granted the RPCs'
);
select tests.clear_authentication();

-- Deleting: files queued, generated content gone ---------------------------------------------------------

insert into storage.objects (bucket_id, name) values
  ('sources', tests.id('entity:alpha') || '/' || tests.id('topic:alpha') || '/cells.pdf'),
  ('assets', tests.id('entity:alpha') || '/' || tests.id('topic:alpha') || '/thumbnail-cells.png'),
  ('assets', tests.id('entity:alpha') || '/' || tests.id('topic:alpha') || '/thumbnail-shared.png'),
  ('assets', tests.id('entity:alpha') || '/logo.png'),
  ('episode-audio', tests.id('activity:alpha') || '/episode.wav');
update public.topics
set thumbnail_image_url = tests.id('entity:alpha') || '/' || tests.id('topic:alpha') || '/thumbnail-shared.png'
where id = tests.id('topic:alpha-public');

select tests.authenticate_as('creator');
select lives_ok(format($$select public.delete_topic(%L)$$, tests.id('topic:alpha')), 'a creator deletes the topic');
select tests.clear_authentication();

select is_empty(
  format($$select 1 from public.topics where id = %L$$, tests.id('topic:alpha')),
  '... which is gone'
);
select is(
  (select count(*)::int from public.courses where topic_id = tests.id('topic:alpha'))
    + (select count(*)::int from public.activities where id = tests.id('activity:alpha'))
    + (select count(*)::int from public.topic_sources where topic_id = tests.id('topic:alpha'))
    + (select count(*)::int from public.source_chunks where topic_id = tests.id('topic:alpha')),
  0,
  '... with its sources, chunks, courses and activities'
);
select set_eq(
  'select bucket_id || '':'' || object_name from private.orphaned_files',
  array[
    'sources:' || tests.id('entity:alpha') || '/' || tests.id('topic:alpha') || '/cells.pdf',
    'assets:' || tests.id('entity:alpha') || '/' || tests.id('topic:alpha') || '/thumbnail-cells.png',
    'episode-audio:' || tests.id('activity:alpha') || '/episode.wav'
  ],
  '... and its source file, own thumbnail and episode audio are queued; a thumbnail another topic shows and the organisation''s logo stay'
);

select * from finish();
rollback;
