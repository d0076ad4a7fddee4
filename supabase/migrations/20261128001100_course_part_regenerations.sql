-- Fixing one thing at a time (issue 23 point 3, docs/teachers.md "Regenerating one item or one chapter"):
-- a teacher regenerates one flagged check question, or one chapter, of the topic's published learning
-- path. The request is queued here by a security definer RPC (who may, how often) and carried out by the
-- scheduled task `regenerate-course-parts` (trigger/regenerate-course-parts.ts), which writes the result
-- through apply_item_regeneration / apply_chapter_regeneration (20261128001120). Everything else of the
-- course, and every learner's progress on it, stays as it was.

-- The queue -------------------------------------------------------------------------------------------------

create table public.course_part_regenerations (
  id uuid primary key default gen_random_uuid(),
  topic_id uuid not null references public.topics (id) on delete cascade,
  chapter_id uuid not null references public.chapters (id) on delete cascade,
  activity_id uuid references public.activities (id) on delete cascade,
  question_id text,
  part text not null,
  requested_by uuid not null references public.profiles (id) on delete cascade,
  status text not null default 'queued',
  error text,
  result jsonb,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  finished_at timestamptz,
  constraint course_part_regenerations_part_valid check (
    (part = 'item' and activity_id is not null and question_id is not null)
    or (part = 'chapter' and activity_id is null and question_id is null)
  ),
  constraint course_part_regenerations_status_valid check (status in ('queued', 'running', 'done', 'failed')),
  constraint course_part_regenerations_question_id_length check (
    question_id is null or char_length(question_id) between 1 and 200
  ),
  constraint course_part_regenerations_error_length check (error is null or char_length(error) <= 2000)
);

comment on table public.course_part_regenerations is
  'One row per regeneration of a single check question (part item) or a single chapter (part chapter) of '
  'a topic''s published learning path: queued by request_item_regeneration / request_chapter_regeneration, '
  'carried out by the regenerate-course-parts task. Readable by the topic''s class viewers (creators, '
  'managers, admins); written by those functions and the task (service role) only.';
comment on column public.course_part_regenerations.id is 'Request id.';
comment on column public.course_part_regenerations.topic_id is 'The topic whose published learning path is fixed.';
comment on column public.course_part_regenerations.chapter_id is 'The chapter regenerated, or holding the question.';
comment on column public.course_part_regenerations.activity_id is 'The check holding the question (part item only).';
comment on column public.course_part_regenerations.question_id is 'The question replaced (part item only).';
comment on column public.course_part_regenerations.part is 'item (one question) or chapter.';
comment on column public.course_part_regenerations.requested_by is 'The creator, manager or admin who asked.';
comment on column public.course_part_regenerations.status is 'queued, running, done or failed.';
comment on column public.course_part_regenerations.error is 'Why a failed request failed, in words a teacher can read.';
comment on column public.course_part_regenerations.created_at is 'When it was asked for.';
comment on column public.course_part_regenerations.updated_at is 'Last status change (a running request idle for long is failed by the task).';
comment on column public.course_part_regenerations.finished_at is 'When it was done or failed.';
comment on column public.course_part_regenerations.result is
  'What changed: for an item {replaced, question_id, stem}, for a chapter {kept, replaced, added, removed}.';

-- At most one open request per chapter: two writers of the same chapter would overwrite each other.
create unique index course_part_regenerations_one_open_per_chapter
  on public.course_part_regenerations (chapter_id) where status in ('queued', 'running');
create index course_part_regenerations_topic_recent_idx
  on public.course_part_regenerations (topic_id, created_at desc);
create index course_part_regenerations_queued_idx
  on public.course_part_regenerations (created_at) where status = 'queued';

-- Every foreign key indexed (010-schema): cascades from an activity or a profile find their rows.
create index course_part_regenerations_activity_idx on public.course_part_regenerations (activity_id);
create index course_part_regenerations_requested_by_idx on public.course_part_regenerations (requested_by);

create trigger course_part_regenerations_set_updated_at
  before update on public.course_part_regenerations
  for each row execute function private.set_updated_at();

-- Read by whoever sees the class view (its active creators, managers and admins): the screen shows a
-- request's status and result. The topics they manage are decided once per query (an uncorrelated
-- subquery), not per row. Nobody writes rows directly: the request RPCs and the task (service role) do.
alter table public.course_part_regenerations enable row level security;

create policy "Class viewers read their topics' regenerations"
  on public.course_part_regenerations
  for select
  to authenticated
  using (
    topic_id in (
      select t.id from public.topics t where t.entity_id in (select private.content_manager_entity_ids())
    )
  );

revoke all on public.course_part_regenerations from anon, authenticated;
grant select on public.course_part_regenerations to authenticated;
grant select, insert, update, delete on public.course_part_regenerations to service_role;

-- A regeneration is a generation: counted in the ledger and limited like every other one.
alter table public.generation_requests
  drop constraint generation_requests_task_valid,
  add constraint generation_requests_task_valid check (
    task in ('generate-topic-structure', 'generate-course-content', 'render-episode-audio',
             'regenerate-course-part')
  );

comment on column public.generation_requests.task is
  'generate-topic-structure, generate-course-content, render-episode-audio or regenerate-course-part.';
