-- A topic's processing_status and structure are written only through the product's transitions
-- (issue 25): content managers could PATCH them through REST, which started two structure runs for one
-- topic (status set back to pending, then two starts) and saved a structure the review never saw.
--
-- Who writes them, and keeps doing so:
-- * the browser inserts a new topic with processing_status 'pending' (src/features/topics/create-topic.ts);
-- * start_structure_generation, regenerate_structure and accept_structure (security invoker, called by
--   the browser and by the edge functions with the caller's JWT) make the transitions;
-- * the generation tasks, the stalled-run sweep (fail_stalled_structure) and the upload sweep run as
--   service_role; security definer functions run as their owner.
--
-- Column privileges cannot tell those RPCs from a direct PATCH (both run as `authenticated`), so a
-- trigger does: for anon and authenticated, an UPDATE that changes either column must come from one of
-- the three functions, which it reads from the PL/pgSQL call stack (PG_CONTEXT, which no client can
-- write); an INSERT may only start a topic (status null or pending, no structure). Refusals are 42501,
-- which PostgREST answers with 403.

create or replace function private.guard_topic_generation_columns()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_stack text;
begin
  if current_user not in ('anon', 'authenticated') then
    return new;
  end if;
  if tg_op = 'INSERT' then
    if new.structure is not null or coalesce(new.processing_status, 'pending') <> 'pending' then
      raise exception 'a new topic starts without a structure, as pending'
        using errcode = '42501',
              hint = 'Generation is started with start_structure_generation.';
    end if;
    return new;
  end if;
  if new.processing_status is not distinct from old.processing_status
     and new.structure is not distinct from old.structure then
    return new;
  end if;
  get diagnostics v_stack = pg_context;
  if v_stack ~ 'function (public\.)?(start_structure_generation|regenerate_structure|accept_structure)\(' then
    return new;
  end if;
  raise exception 'processing_status and structure change only through the structure transitions'
    using errcode = '42501',
          hint = 'Use start_structure_generation, regenerate_structure or accept_structure.';
end;
$$;

comment on function private.guard_topic_generation_columns() is
  'BEFORE INSERT OR UPDATE trigger on topics: for anon and authenticated, processing_status and '
  'structure change only inside start_structure_generation, regenerate_structure or accept_structure; '
  'a new topic starts as pending without a structure. 42501 otherwise.';

revoke execute on function private.guard_topic_generation_columns() from public;

create trigger topics_guard_generation_columns
  before insert or update on public.topics
  for each row execute function private.guard_topic_generation_columns();
