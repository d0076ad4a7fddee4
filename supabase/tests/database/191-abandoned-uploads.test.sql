-- Abandoned uploads (20261127002430_abandoned_upload_sweep.sql): the sweep removes a pending topic
-- without sources that nobody started and that has not changed for the quiet time (never under 25
-- hours), and nothing else. One row per kind of topic.

begin;
select plan(4);
select tests.create_world();

create temporary table kinds (name text, status text, quiet interval, with_source boolean, started boolean, removed boolean)
  on commit drop;
insert into kinds values
  ('abandoned', 'pending', '3 days', false, false, true),
  ('recent', 'pending', '1 hour', false, false, false),
  ('quiet for a day, inside the draft''s 24 hours plus margin', 'pending', '24 hours 30 minutes', false, false, false),
  ('with a source', 'pending', '3 days', true, false, false),
  ('started without sources', 'pending', '3 days', false, true, false),
  ('never pending (no status)', null, '3 days', false, false, false),
  ('failed', 'failed', '3 days', false, false, false);

insert into public.topics (id, entity_id, created_by, title, processing_status, processing_error)
select tests.id('topic:kind-' || k.name), tests.id('entity:alpha'), tests.id('user:creator'), k.name, k.status,
       case when k.status = 'failed' then 'It failed.' end
from kinds k;
insert into public.topic_sources (topic_id, kind, file_name, pasted_text, status, created_by)
select tests.id('topic:kind-' || k.name), 'pasted', 'Notes', 'Some text.', 'pending', tests.id('user:creator')
from kinds k where k.with_source;
insert into public.generation_requests (user_id, topic_id, task)
select tests.id('user:creator'), tests.id('topic:kind-' || k.name), 'generate-topic-structure'
from kinds k where k.started;

-- Backdated past the trigger that keeps updated_at current.
set local session_replication_role = replica;
update public.topics t set updated_at = now() - k.quiet
from kinds k where t.id = tests.id('topic:kind-' || k.name);
set local session_replication_role = origin;

select tests.authenticate_as('admin');
select throws_ok(
  $$ select public.remove_abandoned_topics('48 hours') $$,
  '42501', null,
  'a signed-in user, even an admin, may not run the sweep'
);
select tests.clear_authentication();

select tests.authenticate_as_service_role();
select set_eq(
  $$ select public.remove_abandoned_topics('1 second') $$,
  array[tests.id('topic:kind-abandoned')],
  'the sweep removes only the abandoned topic, and waits at least 25 hours whatever it is asked'
);
select tests.clear_authentication();

select set_eq(
  $$ select title from public.topics where title in (select name from kinds) $$,
  array(select name from kinds where not removed),
  'every other kind of topic stays'
);
select is_empty(
  $$ select public.remove_abandoned_topics('48 hours') $$,
  'a second sweep finds nothing more'
);

select * from finish();
rollback;
