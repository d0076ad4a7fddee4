-- The review queue across topics (docs/decisions.md "The review queue"): the caller's practice cards
-- whose next review has come, with the card's text and its topic, from every topic they can still read.
-- It runs as the caller (security invoker): the caller's own card states, and only on activities their
-- read policies let through, so a card of a topic they lost access to (a deactivated membership, an
-- unpublished course) drops out; so does a card a regeneration removed from the payload.

create function public.due_practice_cards()
returns table (
  topic_id uuid,
  topic_title text,
  chapter_id uuid,
  chapter_title text,
  activity_id uuid,
  card_id text,
  content jsonb,
  card jsonb,
  due_at timestamptz
)
language sql
stable
security invoker
set search_path = ''
as $$
  select t.id, t.title, ch.id, ch.title, a.id, s.card_id, c.content, s.card, s.due_at
  from public.practice_card_states s
  join public.activities a on a.id = s.activity_id and a.kind = 'practice'
  join public.chapters ch on ch.id = a.chapter_id
  join public.courses co on co.id = ch.course_id
  join public.topics t on t.id = co.topic_id
  cross join lateral (
    select card_item as content
    from jsonb_array_elements(a.payload -> 'cards') card_item
    where card_item ->> 'id' = s.card_id
    limit 1
  ) c
  where s.user_id = (select auth.uid()) and s.due_at <= now()
  order by t.title, t.id, ch.position, s.due_at, s.card_id
$$;

comment on function public.due_practice_cards() is
  'The caller''s practice cards due now, across the topics they can read, with the card and its topic. '
  'Runs as the caller: row-level security applies.';

revoke execute on function public.due_practice_cards() from public, anon;
grant execute on function public.due_practice_cards() to authenticated;
