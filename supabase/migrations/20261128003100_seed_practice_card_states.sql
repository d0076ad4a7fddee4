-- The diagnostic seeds spaced repetition (docs/decisions.md "The diagnostic seeds spaced repetition"):
-- the client computes each card's starting state with the rule in src/domain/diagnostic-seeding.ts and
-- writes them here in one call. The function runs as the caller (security invoker), so the table's
-- row-level security decides as for any other write: only the caller's own rows, only on a practice
-- activity they can read. What it adds is what a plain upsert cannot say: a card the learner already
-- reviewed keeps its schedule, and only cards of the activity's own payload are written.

create function public.seed_practice_card_states(p_activity_id uuid, p_states jsonb)
returns integer
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v_cards jsonb;
  v_written integer;
begin
  if (select auth.uid()) is null then
    raise exception 'not signed in' using errcode = '42501';
  end if;
  if jsonb_typeof(p_states) is distinct from 'array' then
    raise exception 'p_states must be an array of {card_id, card}' using errcode = '22023';
  end if;
  -- Read under the caller's own policies: an activity they cannot read is not there.
  select a.payload -> 'cards' into v_cards
  from public.activities a
  where a.id = p_activity_id and a.kind = 'practice';
  if v_cards is null then
    raise exception 'no practice activity % for this user', p_activity_id using errcode = '42501';
  end if;

  insert into public.practice_card_states as s (user_id, activity_id, card_id, card, due_at)
  select (select auth.uid()), p_activity_id, seed ->> 'card_id', seed -> 'card', (seed -> 'card' ->> 'due')::timestamptz
  from jsonb_array_elements(p_states) seed
  where exists (select 1 from jsonb_array_elements(v_cards) c where c ->> 'id' = seed ->> 'card_id')
  on conflict (user_id, activity_id, card_id) do update
    set card = excluded.card, due_at = excluded.due_at
    -- Never over a review: only a state nobody graded yet (reps 0, e.g. an earlier wrong answer) moves.
    where coalesce((s.card ->> 'reps')::numeric, 0) = 0;
  get diagnostics v_written = row_count;
  return v_written;
end;
$$;

comment on function public.seed_practice_card_states(uuid, jsonb) is
  'Writes the caller''s starting states for cards of one practice activity after a diagnostic; a card '
  'already reviewed keeps its state. Runs as the caller: row-level security applies. Returns the rows written.';

revoke execute on function public.seed_practice_card_states(uuid, jsonb) from public, anon;
grant execute on function public.seed_practice_card_states(uuid, jsonb) to authenticated;
