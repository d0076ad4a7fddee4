-- Topic quiz attempts (issue 13): a learner takes a quiz drawn from every chapter's checks; each finished
-- attempt is kept with its answers and score, so the quizzes screen can show the last score. An attempt
-- is the learner's own: only they read it, only for topics they can still read, and nobody records one
-- in someone else's name. Attempts are history: never edited; removed with the learner or the topic.

-- The shape of answers ---------------------------------------------------------------------------------

/*
 * Whether `answers` is what src/domain/quiz.ts `quizAnswersSchema` accepts: a JSON array of 1 to 50
 * objects with exactly activity_id (a uuid), question_id (non-empty text), chosen (a whole number ≥ 0)
 * and correct (a boolean).
 */
create or replace function private.quiz_answers_valid(p_answers jsonb)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select jsonb_typeof(p_answers) = 'array'
    and jsonb_array_length(p_answers) between 1 and 50
    and not exists (
      select 1
      from jsonb_array_elements(p_answers) as a(answer)
      where not (
        jsonb_typeof(a.answer) = 'object'
        and (select array_agg(k order by k) from jsonb_object_keys(a.answer) as k)
          = array['activity_id', 'chosen', 'correct', 'question_id']
        and jsonb_typeof(a.answer -> 'activity_id') = 'string'
        and (a.answer ->> 'activity_id') ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
        and jsonb_typeof(a.answer -> 'question_id') = 'string'
        and char_length(a.answer ->> 'question_id') > 0
        and jsonb_typeof(a.answer -> 'chosen') = 'number'
        and (a.answer ->> 'chosen') ~ '^[0-9]+$'
        and jsonb_typeof(a.answer -> 'correct') = 'boolean'
      )
    )
$$;

comment on function private.quiz_answers_valid(jsonb) is
  'Whether a quiz attempt''s answers have the shape of src/domain/quiz.ts quizAnswersSchema.';

/** The number of answers marked correct; the check ties an attempt's score to its answers. */
create or replace function private.quiz_answers_score(p_answers jsonb)
returns integer
language sql
immutable
set search_path = ''
as $$
  select count(*)::integer
  from jsonb_array_elements(p_answers) as a(answer)
  where (a.answer -> 'correct') = 'true'::jsonb
$$;

comment on function private.quiz_answers_score(jsonb) is
  'How many of a quiz attempt''s answers are marked correct.';

-- The table ----------------------------------------------------------------------------------------------

create table public.quiz_attempts (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  topic_id uuid not null references public.topics (id) on delete cascade,
  answers jsonb not null,
  score integer not null,
  total integer not null,
  created_at timestamptz not null default now(),
  constraint quiz_attempts_answers_valid check (private.quiz_answers_valid(answers)),
  constraint quiz_attempts_total_counts_answers check (total = jsonb_array_length(answers)),
  constraint quiz_attempts_score_counts_correct check (score = private.quiz_answers_score(answers))
);

comment on table public.quiz_attempts is
  'A learner''s finished topic quiz: the answers and the score. Each user sees and records only their own, '
  'for topics they can read.';
comment on column public.quiz_attempts.id is 'The attempt.';
comment on column public.quiz_attempts.user_id is 'The learner (defaults to the caller).';
comment on column public.quiz_attempts.topic_id is 'The topic whose quiz was taken.';
comment on column public.quiz_attempts.answers is
  'One object per question asked: activity_id, question_id, chosen option index, correct.';
comment on column public.quiz_attempts.score is 'How many answers were correct.';
comment on column public.quiz_attempts.total is 'How many questions were asked.';
comment on column public.quiz_attempts.created_at is 'When the attempt was finished.';

create index quiz_attempts_user_topic_idx on public.quiz_attempts (user_id, topic_id, created_at desc);
create index quiz_attempts_topic_id_idx on public.quiz_attempts (topic_id);

alter table public.quiz_attempts enable row level security;

create policy "Learners read their own quiz attempts on topics they can read"
  on public.quiz_attempts for select
  to authenticated
  using (
    user_id = (select auth.uid())
    and (select private.can_read_topic(topic_id))
  );

create policy "Learners record their own quiz attempts on topics they can read"
  on public.quiz_attempts for insert
  to authenticated
  with check (
    user_id = (select auth.uid())
    and (select private.can_read_topic(topic_id))
  );

-- Privileges ---------------------------------------------------------------------------------------------

-- Attempts are recorded and read, never edited or deleted by the learner.
grant select, insert on public.quiz_attempts to authenticated;
grant select, insert, update, delete on public.quiz_attempts to service_role;
-- The checks run as the inserting role, which therefore executes the two shape helpers.
revoke execute on function private.quiz_answers_valid(jsonb), private.quiz_answers_score(jsonb)
  from public, anon;
grant execute on function private.quiz_answers_valid(jsonb), private.quiz_answers_score(jsonb)
  to authenticated, service_role;
