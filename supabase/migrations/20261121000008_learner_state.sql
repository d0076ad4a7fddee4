-- What belongs to one learner alone (SPEC §6: "Progress is read only for the current user"): progress
-- per activity, spaced-repetition state per practice card, and favourite topics. Each user reads and
-- writes only their own rows, and only for activities and topics they can read.

-- Activity progress ----------------------------------------------------------------------------------------

create table public.activity_progress (
  activity_id uuid not null references public.activities (id) on delete cascade,
  user_id uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  status text not null,
  result jsonb,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (activity_id, user_id),
  constraint activity_progress_status_valid check (status in ('not_started', 'in_progress', 'completed')),
  constraint activity_progress_result_is_object check (result is null or jsonb_typeof(result) = 'object')
);

comment on table public.activity_progress is
  'A learner''s progress on one activity; no row means not_started (SPEC §4). Each user sees and writes '
  'only their own.';
comment on column public.activity_progress.activity_id is 'The activity.';
comment on column public.activity_progress.user_id is 'The learner (defaults to the caller).';
comment on column public.activity_progress.status is 'not_started, in_progress or completed.';
comment on column public.activity_progress.result is 'Outcome of the activity, e.g. the diagnostic or mastery answers and score.';
comment on column public.activity_progress.created_at is 'When the learner first opened the activity.';
comment on column public.activity_progress.updated_at is 'Last change, maintained by trigger.';

create index activity_progress_user_id_idx on public.activity_progress (user_id);

create trigger activity_progress_set_updated_at
  before update on public.activity_progress
  for each row execute function private.set_updated_at();

create trigger activity_progress_forbid_key_change
  before update on public.activity_progress
  for each row execute function private.forbid_column_changes('activity_id', 'user_id');

-- Practice card states -------------------------------------------------------------------------------------

create table public.practice_card_states (
  user_id uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  activity_id uuid not null references public.activities (id) on delete cascade,
  card_id text not null,
  card jsonb not null,
  due_at timestamptz not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (user_id, activity_id, card_id),
  constraint practice_card_states_card_is_object check (jsonb_typeof(card) = 'object'),
  constraint practice_card_states_card_id_not_blank check (char_length(card_id) between 1 and 200)
);

comment on table public.practice_card_states is
  'Spaced-repetition (FSRS) state of one practice card for one learner. Each user sees and writes only '
  'their own.';
comment on column public.practice_card_states.user_id is 'The learner (defaults to the caller).';
comment on column public.practice_card_states.activity_id is 'The practice activity holding the card.';
comment on column public.practice_card_states.card_id is 'The card''s id within the activity payload.';
comment on column public.practice_card_states.card is 'FSRS card state (stability, difficulty, reps, lapses, state, last_review, ...).';
comment on column public.practice_card_states.due_at is 'When the card is next due.';
comment on column public.practice_card_states.created_at is 'First review.';
comment on column public.practice_card_states.updated_at is 'Last change, maintained by trigger.';

create index practice_card_states_activity_id_idx on public.practice_card_states (activity_id);
create index practice_card_states_due_idx on public.practice_card_states (user_id, due_at);

create trigger practice_card_states_set_updated_at
  before update on public.practice_card_states
  for each row execute function private.set_updated_at();

create trigger practice_card_states_forbid_key_change
  before update on public.practice_card_states
  for each row execute function private.forbid_column_changes('user_id', 'activity_id', 'card_id');

-- Favourites -----------------------------------------------------------------------------------------------

create table public.favorites (
  user_id uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  topic_id uuid not null references public.topics (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (user_id, topic_id)
);

comment on table public.favorites is 'Topics a learner marked as favourite. Each user sees and writes only their own.';
comment on column public.favorites.user_id is 'The learner (defaults to the caller).';
comment on column public.favorites.topic_id is 'The favourite topic.';
comment on column public.favorites.created_at is 'When it was marked.';

create index favorites_topic_id_idx on public.favorites (topic_id);

-- Row-level security ---------------------------------------------------------------------------------------

alter table public.activity_progress enable row level security;
alter table public.practice_card_states enable row level security;
alter table public.favorites enable row level security;

create policy "Progress is visible to its learner"
  on public.activity_progress for select
  to authenticated
  using (user_id = (select auth.uid()));

create policy "Learners record their own progress on activities they can read"
  on public.activity_progress for insert
  to authenticated
  with check (
    user_id = (select auth.uid())
    and (select private.can_read_activity(activity_id))
  );

create policy "Learners update their own progress"
  on public.activity_progress for update
  to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));

create policy "Learners delete their own progress"
  on public.activity_progress for delete
  to authenticated
  using (user_id = (select auth.uid()));

create policy "Card states are visible to their learner"
  on public.practice_card_states for select
  to authenticated
  using (user_id = (select auth.uid()));

create policy "Learners record their own card states on activities they can read"
  on public.practice_card_states for insert
  to authenticated
  with check (
    user_id = (select auth.uid())
    and (select private.can_read_activity(activity_id))
  );

create policy "Learners update their own card states"
  on public.practice_card_states for update
  to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));

create policy "Learners delete their own card states"
  on public.practice_card_states for delete
  to authenticated
  using (user_id = (select auth.uid()));

create policy "Favourites are visible to their learner"
  on public.favorites for select
  to authenticated
  using (user_id = (select auth.uid()));

create policy "Learners mark topics they can read as favourite"
  on public.favorites for insert
  to authenticated
  with check (
    user_id = (select auth.uid())
    and (select private.can_read_topic(topic_id))
  );

create policy "Learners remove their own favourites"
  on public.favorites for delete
  to authenticated
  using (user_id = (select auth.uid()));
