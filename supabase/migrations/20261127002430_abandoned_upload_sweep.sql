-- Abandoned uploads. The new-topic form writes the topic first (status pending), uploads the files, and
-- adds the topic_sources rows last (src/features/topics/create-topic.ts); closing the tab in between leaves
-- a pending topic without sources on the dashboard. Its draft lives 24 hours in the browser (Storage's own
-- limit for an unfinished upload), so after that nobody can finish it. The sweep task
-- (trigger/sweep-stalled-generation.ts) removes such topics once they have not changed for a while: the
-- topic's own delete triggers queue whatever files did arrive.
--
-- A topic made on purpose without sources (its structure comes from the title and description) is
-- started at once by the structure review, which records a generation request: a topic with one is never
-- taken for abandoned, nor is any topic past pending.

create or replace function public.remove_abandoned_topics(p_quiet_for interval)
returns setof uuid
language sql
security invoker
set search_path = ''
as $$
  delete from public.topics t
  where t.processing_status = 'pending'
    and t.updated_at < now() - greatest(p_quiet_for, interval '25 hours')
    and not exists (select 1 from public.topic_sources s where s.topic_id = t.id)
    and not exists (select 1 from public.generation_requests r where r.topic_id = t.id)
  returning t.id
$$;

comment on function public.remove_abandoned_topics(interval) is
  'Deletes pending topics without sources and without a generation start that have not changed for '
  'p_quiet_for (at least 25 hours, past the form''s 24-hour draft); returns their ids. Service role only.';

revoke execute on function public.remove_abandoned_topics(interval) from public, anon, authenticated, service_role;
grant execute on function public.remove_abandoned_topics(interval) to service_role;

create index topics_pending_updated_at_idx on public.topics (updated_at) where processing_status = 'pending';
