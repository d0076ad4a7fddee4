-- What each generation run used (docs/llm-provider.md, "Usage"): the tasks already add their token use to
-- the run's metadata on Trigger.dev, which an organisation's admin cannot query; at the end of a run they
-- also write one row here, so admins see their organisation's usage and cost in the settings screen.
-- Written by the tasks (service role) only; readable by the organisation's active admins.

create table public.generation_usage (
  id uuid primary key default gen_random_uuid(),
  entity_id uuid not null references public.core_entities (id) on delete cascade,
  topic_id uuid references public.topics (id) on delete set null,
  task text not null,
  generator text not null,
  model_source text not null,
  calls integer not null default 0,
  input_tokens bigint not null default 0,
  output_tokens bigint not null default 0,
  cost_usd numeric(14, 6) not null default 0,
  created_at timestamptz not null default now(),
  constraint generation_usage_task_valid check (task in ('generate-topic-structure', 'generate-course-content')),
  constraint generation_usage_model_source_valid check (model_source in ('organisation', 'deployment', 'offline')),
  constraint generation_usage_generator_length check (char_length(generator) between 1 and 200),
  constraint generation_usage_counts_valid check (
    calls >= 0 and input_tokens >= 0 and output_tokens >= 0 and cost_usd >= 0
  )
);

comment on table public.generation_usage is
  'One row per finished structure or course run: which generator wrote it and the LLM tokens and cost it '
  'used. Written by the generation tasks; readable by the organisation''s active admins.';
comment on column public.generation_usage.id is 'Row id.';
comment on column public.generation_usage.entity_id is 'The organisation of the topic generated for.';
comment on column public.generation_usage.topic_id is 'The topic; null once the topic is deleted (usage stays).';
comment on column public.generation_usage.task is 'generate-topic-structure or generate-course-content.';
comment on column public.generation_usage.generator is 'The model name, or "Offline generator".';
comment on column public.generation_usage.model_source is
  'Whose model wrote it: organisation (connected by an admin), deployment (the environment''s default) or '
  'offline (no model).';
comment on column public.generation_usage.calls is 'LLM calls, failed and repair calls included.';
comment on column public.generation_usage.input_tokens is 'Input tokens over all calls.';
comment on column public.generation_usage.output_tokens is 'Output tokens over all calls.';
comment on column public.generation_usage.cost_usd is 'Cost in USD from the configured prices; 0 when unknown.';
comment on column public.generation_usage.created_at is 'When the run finished.';

create index generation_usage_entity_recent_idx on public.generation_usage (entity_id, created_at desc);
create index generation_usage_topic_id_idx on public.generation_usage (topic_id);

alter table public.generation_usage enable row level security;

revoke all on public.generation_usage from public, anon, authenticated, service_role;
grant select on public.generation_usage to authenticated;
grant select, insert, update, delete on public.generation_usage to service_role;

create policy "Generation usage is visible to the organisation's admins"
  on public.generation_usage for select
  to authenticated
  using (entity_id in (select private.entity_ids_with_role(array['admin'])));

-- entity_generation_usage ------------------------------------------------------------------------------------

create or replace function public.entity_generation_usage(p_entity_id uuid, p_days integer default 30)
returns table (
  generator text,
  model_source text,
  runs integer,
  calls bigint,
  input_tokens bigint,
  output_tokens bigint,
  cost_usd numeric
)
language plpgsql
stable
security invoker
set search_path = ''
as $$
begin
  if not private.has_role_on_entity(p_entity_id, array['admin']) then
    raise exception 'Only an admin of this organisation can see its generation usage.' using errcode = '42501';
  end if;
  -- As the caller: RLS shows admins their organisation's rows only.
  return query
    select u.generator, u.model_source, count(*)::integer, sum(u.calls)::bigint, sum(u.input_tokens)::bigint,
           sum(u.output_tokens)::bigint, sum(u.cost_usd)
    from public.generation_usage u
    where u.entity_id = p_entity_id
      and u.created_at > now() - make_interval(days => greatest(1, least(coalesce(p_days, 30), 366)))
    group by u.generator, u.model_source
    order by sum(u.cost_usd) desc, count(*) desc, u.generator;
end;
$$;

comment on function public.entity_generation_usage(uuid, integer) is
  'The organisation''s generation runs of the last p_days days (1 to 366, default 30) per generator: '
  'runs, LLM calls, tokens and cost. Active admins only (42501).';

revoke execute on function public.entity_generation_usage(uuid, integer) from public, anon, authenticated, service_role;
grant execute on function public.entity_generation_usage(uuid, integer) to authenticated;
