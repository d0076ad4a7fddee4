-- A deactivated member loses every way to a topic of her former entity at once, subscriptions included:
-- the topic, its sources' text, its chunks, its courses and their content, and its private files in
-- Storage (without which no new signed link can be made). Public topics stay readable.

begin;
select plan(21);
select tests.create_world();

insert into storage.objects (bucket_id, name)
values
  ('sources', tests.id('entity:alpha') || '/' || tests.id('topic:alpha') || '/pgtap-private.pdf'),
  ('sources', tests.id('entity:alpha') || '/' || tests.id('topic:alpha-public') || '/pgtap-public.pdf');

-- While active, the member subscribes, favourites and reads everything of topic alpha.
select tests.authenticate_as('member');
select lives_ok(
  $$ insert into public.topic_subscriptions (topic_id, entity_id, entity_kind)
     values (tests.id('topic:alpha'), tests.id('entity:alpha'), 'school'),
            (tests.id('topic:alpha-shared'), null, null) $$,
  'member: subscribes to two entity-only topics while active'
);

create temporary table reads_of_alpha (what text, query text) on commit drop;
grant select on reads_of_alpha to authenticated;
insert into reads_of_alpha values
  ('the topic', $$ select 1 from public.topics where id = tests.id('topic:alpha') $$),
  ('the subscribed shared topic', $$ select 1 from public.topics where id = tests.id('topic:alpha-shared') $$),
  ('its sources'' text', $$ select pasted_text from public.topic_sources where topic_id = tests.id('topic:alpha') $$),
  ('its chunks', $$ select content from public.source_chunks where topic_id = tests.id('topic:alpha') $$),
  ('its published course', $$ select 1 from public.courses where id = tests.id('course:alpha') $$),
  ('the course''s activities', $$ select payload from public.activities where id = tests.id('activity:alpha') $$),
  ('the course''s citations', $$ select snippet from public.activity_citations where activity_id = tests.id('activity:alpha') $$),
  ('its private file', $$ select 1 from storage.objects where bucket_id = 'sources' and name like '%/pgtap-private.pdf' $$);

select isnt_empty(query, 'member, active: reads ' || what) from reads_of_alpha order by what;
select tests.clear_authentication();

-- An admin deactivates her.
select tests.authenticate_as('admin');
select lives_ok(
  $$ update public.core_memberships set status = 'inactive' where id = tests.id('membership:member') $$,
  'admin: deactivates the member'
);
select tests.clear_authentication();

select tests.authenticate_as('member');
select is_empty(query, 'member, deactivated: no longer reads ' || what) from reads_of_alpha order by what;
select isnt_empty(
  $$ select 1 from public.topic_subscriptions where topic_id = tests.id('topic:alpha') $$,
  'member, deactivated: her subscription is still listed (a bookmark), it just opens nothing'
);
select isnt_empty(
  $$ select 1 from storage.objects where bucket_id = 'sources' and name like '%/pgtap-public.pdf' $$,
  'member, deactivated: a public topic''s file stays readable like any signed-in user''s'
);
select throws_ok(
  $$ insert into public.favorites (topic_id) values (tests.id('topic:alpha-shared')) $$,
  '42501', null,
  'member, deactivated: cannot favourite a former entity''s topic'
);
select tests.clear_authentication();

select * from finish();
rollback;
