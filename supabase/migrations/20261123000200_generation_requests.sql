-- Generation requests: a ledger of every generation a user starts, so that what costs money (a
-- generation run, with an LLM a paid one) is limited per user and per topic, decided here on the server
-- and not by the browser. Rows are written only by the security definer functions below; a user reads
-- their own rows (how many starts they have left is no secret).

create table public.generation_requests (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.profiles (id) on delete cascade,
  topic_id uuid not null references public.topics (id) on delete cascade,
  task text not null,
  run_id text,
  created_at timestamptz not null default now(),
  constraint generation_requests_task_valid check (
    task in ('generate-topic-structure', 'generate-course-content')
  ),
  constraint generation_requests_run_id_length check (run_id is null or char_length(run_id) between 1 and 200)
);

comment on table public.generation_requests is
  'One row per generation a user started (or was given a trigger token for): the ledger the per-user '
  'and per-topic limits count, and the run a structure start launched, which the stalled-run sweep '
  'checks. Written only by server-side functions; each user reads their own rows.';
comment on column public.generation_requests.id is 'Request id.';
comment on column public.generation_requests.user_id is 'Who asked for the generation.';
comment on column public.generation_requests.topic_id is 'The topic generated for.';
comment on column public.generation_requests.task is 'generate-topic-structure or generate-course-content.';
comment on column public.generation_requests.run_id is 'The task run started for it, once known (structure starts record it).';
comment on column public.generation_requests.created_at is 'When the generation was requested; the limits count these.';

create index generation_requests_user_recent_idx on public.generation_requests (user_id, created_at desc);
create index generation_requests_topic_recent_idx
  on public.generation_requests (topic_id, task, created_at desc);

alter table public.generation_requests enable row level security;

create policy "Users read their own generation requests"
  on public.generation_requests
  for select
  to authenticated
  using (user_id = (select auth.uid()));

revoke insert, update, delete, truncate on public.generation_requests from anon, authenticated;

-- Limits ------------------------------------------------------------------------------------------------
-- Per user, 30 starts an hour over all topics: far more than a person reviewing structures or studying
-- needs, far less than a script. Per user, topic and task, 10 an hour: a reviewer who regenerates every
-- six minutes, or a learner who rebuilds a path as often, is already unusual. Over a limit the caller gets SQLSTATE PT429, which PostgREST (and
-- the edge functions) answer as HTTP 429.

create or replace function private.claim_generation(p_topic_id uuid, p_task text)
returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_user uuid := (select auth.uid());
  v_request uuid;
begin
  -- Trusted server roles (the service role) act for nobody in particular and are not limited.
  if v_user is null then
    return null;
  end if;
  -- One user's claims are counted and inserted one at a time, so parallel requests cannot all slip
  -- under the limit together.
  perform pg_advisory_xact_lock(hashtextextended('generation_requests:' || v_user::text, 0));

  if (select count(*) from public.generation_requests r
      where r.user_id = v_user and r.created_at > now() - interval '1 hour') >= 30 then
    raise exception 'Generation limit reached: at most 30 generations an hour. Try again later.'
      using errcode = 'PT429';
  end if;
  if (select count(*) from public.generation_requests r
      where r.user_id = v_user and r.topic_id = p_topic_id and r.task = p_task
        and r.created_at > now() - interval '1 hour') >= 10 then
    raise exception 'Generation limit reached for this topic: at most 10 an hour. Try again later.'
      using errcode = 'PT429';
  end if;

  insert into public.generation_requests (user_id, topic_id, task)
  values (v_user, p_topic_id, p_task)
  returning id into v_request;
  return v_request;
end;
$$;

comment on function private.claim_generation(uuid, text) is
  'Records a generation the caller starts, or raises PT429 (HTTP 429) when they are over a limit. '
  'Returns the request id; null for trusted roles without a user, which are not limited.';

revoke execute on function private.claim_generation(uuid, text) from public;
grant execute on function private.claim_generation(uuid, text) to authenticated, service_role;

-- claim_course_generation --------------------------------------------------------------------------------

create or replace function public.claim_course_generation(p_topic_id uuid)
returns uuid
language plpgsql
volatile
security invoker
set search_path = ''
as $$
begin
  -- As the caller: RLS decides whether they can read the topic, and so may generate a course for it.
  perform 1 from public.topics t where t.id = p_topic_id;
  if not found then
    raise exception 'Topic not found' using errcode = 'PT404';
  end if;
  return private.claim_generation(p_topic_id, 'generate-course-content');
end;
$$;

comment on function public.claim_course_generation(uuid) is
  'Counts a learning-path generation the caller is about to start on a topic they can read (a trigger '
  'token is only issued after this). Raises PT404 (HTTP 404) for a topic they cannot read, PT429 over the limits.';

revoke execute on function public.claim_course_generation(uuid) from public, anon, authenticated, service_role;
grant execute on function public.claim_course_generation(uuid) to authenticated;

-- record_structure_run -------------------------------------------------------------------------------------

create or replace function public.record_structure_run(p_topic_id uuid, p_run_id text)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  update public.generation_requests r
  set run_id = p_run_id
  where r.id = (
    select latest.id from public.generation_requests latest
    where latest.topic_id = p_topic_id
      and latest.task = 'generate-topic-structure'
      and latest.user_id = (select auth.uid())
      and latest.run_id is null
    order by latest.created_at desc
    limit 1
  );
end;
$$;

comment on function public.record_structure_run(uuid, text) is
  'Links the caller''s latest structure start on a topic to the run it launched, so the sweep can '
  'tell when that run ended without finishing the topic.';

revoke execute on function public.record_structure_run(uuid, text) from public, anon, authenticated, service_role;
grant execute on function public.record_structure_run(uuid, text) to authenticated;
