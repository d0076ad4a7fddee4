-- Structure transitions of a topic (SPEC §4). Each is one conditional UPDATE, so concurrent callers
-- cannot both win: Postgres re-checks the WHERE clause on the row a competing transaction just changed.
-- They run as the caller (security invoker), so the topics policies still apply; the explicit check in
-- front only turns "not allowed" into a clear error instead of a silent no-op. Content managers of the
-- topic's entity may call them (DECISIONS §1), as may roles that bypass RLS (the service role).

create or replace function private.assert_can_manage_topic(p_topic_id uuid)
returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  if not (private.caller_bypasses_rls() or private.can_manage_topic(p_topic_id)) then
    raise exception 'not allowed to manage topic %', p_topic_id
      using errcode = '42501',
            hint = 'Only creators, managers and admins of the topic''s entity may change its structure.';
  end if;
end;
$$;

comment on function private.assert_can_manage_topic(uuid) is
  'Raises 42501 unless the caller may manage the topic (content manager of its entity, or a role that '
  'bypasses RLS). Unknown topics are refused the same way, so their existence is not revealed.';

revoke execute on function private.assert_can_manage_topic(uuid) from public;
grant execute on function private.assert_can_manage_topic(uuid) to authenticated, service_role;

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

  return found;
end;
$$;

comment on function public.start_structure_generation(uuid) is
  'Moves a topic whose structure generation has not started (status null or pending) to '
  'generating_structure with progress 1. Returns true when this call made the transition, false when '
  'the topic was already past it (e.g. another caller started it first).';

revoke execute on function public.start_structure_generation(uuid) from public, anon, authenticated, service_role;
grant execute on function public.start_structure_generation(uuid) to authenticated, service_role;

-- accept_structure -----------------------------------------------------------------------------------------

create or replace function public.accept_structure(p_topic_id uuid, p_structure jsonb default null)
returns void
language plpgsql
security invoker
set search_path = ''
as $$
begin
  perform private.assert_can_manage_topic(p_topic_id);

  update public.topics
  set structure = coalesce(p_structure, structure),
      processing_status = 'completed',
      processing_progress = 100,
      processing_error = null
  where id = p_topic_id
    and jsonb_typeof(coalesce(p_structure, structure)) = 'object';

  if not found then
    raise exception 'No structure to accept'
      using errcode = '22023',
            hint = 'Pass the structure to accept, or wait until one has been generated.';
  end if;
end;
$$;

comment on function public.accept_structure(uuid, jsonb) is
  'Accepts a structure: saves p_structure (or keeps the generated one when null), status completed, '
  'progress 100. Raises "No structure to accept" (22023) when there is none.';

revoke execute on function public.accept_structure(uuid, jsonb) from public, anon, authenticated, service_role;
grant execute on function public.accept_structure(uuid, jsonb) to authenticated, service_role;

-- regenerate_structure -------------------------------------------------------------------------------------

create or replace function public.regenerate_structure(p_topic_id uuid)
returns void
language plpgsql
security invoker
set search_path = ''
as $$
begin
  perform private.assert_can_manage_topic(p_topic_id);

  update public.topics
  set structure = null,
      processing_status = 'generating_structure',
      processing_progress = 1,
      processing_error = null
  where id = p_topic_id;
end;
$$;

comment on function public.regenerate_structure(uuid) is
  'Discards the structure and restarts generation: structure null, status generating_structure, '
  'progress 1, no error.';

revoke execute on function public.regenerate_structure(uuid) from public, anon, authenticated, service_role;
grant execute on function public.regenerate_structure(uuid) to authenticated, service_role;
