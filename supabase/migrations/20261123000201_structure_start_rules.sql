-- Structure starts decided by the database alone. Only the conditional UPDATE of a start or a
-- regenerate may launch a structure run, so two callers (or one caller twice) can never start two runs
-- for one topic: the second finds the topic already generating. A topic whose run was lost is not
-- restarted by a later visit (that guess raced with the run it could not see); the sweep below fails
-- it, and Regenerate starts it anew. Every start is counted against the caller's generation limits.

alter table public.topics
  add column structure_variant integer not null default 0,
  add constraint topics_structure_variant_non_negative check (structure_variant >= 0);

comment on column public.topics.structure_variant is
  'Which version of the structure generation writes: 0 at first, one more on every regenerate, so each '
  'regenerate yields a different valid structure.';

create or replace function private.is_generating_structure(p_status text)
returns boolean
language sql
immutable
security definer
set search_path = ''
as $$
  select p_status in ('generating_structure', 'generating_structue')
$$;

comment on function private.is_generating_structure(text) is
  'Whether a processing status means a structure run is under way (the misspelling counts too).';

revoke execute on function private.is_generating_structure(text) from public;
grant execute on function private.is_generating_structure(text) to authenticated, service_role;

-- start_structure_generation -------------------------------------------------------------------------------

create or replace function public.start_structure_generation(p_topic_id uuid)
returns boolean
language plpgsql
security invoker
set search_path = ''
as $$
begin
  perform private.assert_can_manage_topic(p_topic_id);

  update public.topics
  set processing_status = 'generating_structure',
      processing_progress = 1,
      processing_error = null
  where id = p_topic_id
    and (processing_status is null or processing_status = 'pending');
  if not found then
    return false;
  end if;

  -- Over the limit this raises, and the transition above is undone with it.
  perform private.claim_generation(p_topic_id, 'generate-topic-structure');
  return true;
end;
$$;

comment on function public.start_structure_generation(uuid) is
  'Moves a topic whose structure generation has not started (status null or pending) to '
  'generating_structure with progress 1 and counts the start against the caller''s limits. Returns '
  'true when this call made the transition (and so must launch the run), false otherwise.';

-- regenerate_structure -------------------------------------------------------------------------------------

drop function public.regenerate_structure(uuid);

create function public.regenerate_structure(p_topic_id uuid)
returns integer
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_variant integer;
begin
  perform private.assert_can_manage_topic(p_topic_id);

  update public.topics
  set structure = null,
      structure_variant = structure_variant + 1,
      processing_status = 'generating_structure',
      processing_progress = 1,
      processing_error = null
  where id = p_topic_id
    and not coalesce(private.is_generating_structure(processing_status), false)
  returning structure_variant into v_variant;
  if not found then
    raise exception 'A structure is already being generated for this topic'
      using errcode = 'PT409',
            hint = 'Wait for it to finish; a run that stopped is marked failed within a few minutes.';
  end if;

  perform private.claim_generation(p_topic_id, 'generate-topic-structure');
  return v_variant;
end;
$$;

comment on function public.regenerate_structure(uuid) is
  'Discards the structure and restarts generation as a new variant: structure null, variant + 1, '
  'status generating_structure, progress 1, no error. Returns the new variant. Raises PT409 while a '
  'structure is already being generated, PT429 over the caller''s generation limits.';

revoke execute on function public.regenerate_structure(uuid) from public, anon, authenticated, service_role;
grant execute on function public.regenerate_structure(uuid) to authenticated, service_role;

-- The stalled-run sweep ------------------------------------------------------------------------------------

create or replace function public.stalled_structure_candidates()
returns table (topic_id uuid, run_id text, requested_at timestamptz, last_change_at timestamptz)
language sql
stable
security invoker
set search_path = ''
as $$
  select t.id, latest.run_id, latest.created_at, t.updated_at
  from public.topics t
  left join lateral (
    select r.run_id, r.created_at
    from public.generation_requests r
    where r.topic_id = t.id and r.task = 'generate-topic-structure'
    order by r.created_at desc
    limit 1
  ) latest on true
  where private.is_generating_structure(t.processing_status)
$$;

comment on function public.stalled_structure_candidates() is
  'Topics whose structure is being generated, with the run of their latest start (if recorded) and '
  'when the topic last changed: what the sweep checks against the task service. Service role only.';

revoke execute on function public.stalled_structure_candidates() from public, anon, authenticated, service_role;
grant execute on function public.stalled_structure_candidates() to service_role;

create or replace function public.fail_stalled_structure(p_topic_id uuid, p_run_id text, p_message text)
returns boolean
language plpgsql
security invoker
set search_path = ''
as $$
begin
  update public.topics t
  set processing_status = 'failed',
      processing_error = left(p_message, 1000)
  where t.id = p_topic_id
    and private.is_generating_structure(t.processing_status)
    -- A topic restarted since the sweep looked has a newer run: leave it to that one.
    and p_run_id is not distinct from (
      select r.run_id from public.generation_requests r
      where r.topic_id = t.id and r.task = 'generate-topic-structure'
      order by r.created_at desc
      limit 1
    );
  return found;
end;
$$;

comment on function public.fail_stalled_structure(uuid, text, text) is
  'Marks a topic failed when it is still generating under the run the sweep checked (p_run_id, or '
  'null for a start without a recorded run). Returns whether it did. Service role only.';

revoke execute on function public.fail_stalled_structure(uuid, text, text) from public, anon, authenticated, service_role;
grant execute on function public.fail_stalled_structure(uuid, text, text) to service_role;
