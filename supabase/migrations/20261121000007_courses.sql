-- Micro-learning courses (SPEC §3, §4): a course per topic, split into chapters ("Onderdeel"), each with
-- one activity per phase (overview, diagnostic, study, practice, mastery, recap) and the citations that
-- ground it.
--
-- A published course is readable by everyone who can read its topic. An unpublished course is a
-- learner's own draft (DECISIONS §1): readable by its creator alone. Content managers of the topic's
-- entity edit and publish courses; the generation task writes them with the service role.

-- Courses --------------------------------------------------------------------------------------------------

create table public.courses (
  id uuid primary key default gen_random_uuid(),
  topic_id uuid not null references public.topics (id) on delete cascade,
  title text not null,
  published_at timestamptz,
  created_at timestamptz not null default now(),
  created_by uuid default auth.uid() references public.profiles (id) on delete set null,
  updated_at timestamptz not null default now(),
  constraint courses_title_not_blank check (char_length(btrim(title)) between 1 and 300)
);

comment on table public.courses is
  'A generated micro-learning path for a topic. Published: readable as its topic. Unpublished: readable '
  'by its creator only. Written by the topic''s content managers and the generation task.';
comment on column public.courses.id is 'Course id.';
comment on column public.courses.topic_id is 'The topic; cannot be changed.';
comment on column public.courses.title is 'Course title.';
comment on column public.courses.published_at is 'When it was published for every reader of the topic; null while a draft.';
comment on column public.courses.created_at is 'When it was generated.';
comment on column public.courses.created_by is 'The learner it was generated for; cannot be changed.';
comment on column public.courses.updated_at is 'Last change, maintained by trigger.';

-- The two lookups of SPEC §4: latest published course, else the caller's latest draft.
create index courses_topic_published_idx on public.courses (topic_id, published_at desc);
create index courses_topic_creator_idx on public.courses (topic_id, created_by, created_at desc);
create index courses_created_by_idx on public.courses (created_by);

create trigger courses_set_updated_at
  before update on public.courses
  for each row execute function private.set_updated_at();

create trigger courses_forbid_owner_change
  before update on public.courses
  for each row execute function private.forbid_column_changes('topic_id', 'created_by');

-- Chapters -------------------------------------------------------------------------------------------------

create table public.chapters (
  id uuid primary key default gen_random_uuid(),
  course_id uuid not null references public.courses (id) on delete cascade,
  title text not null,
  summary text,
  position integer not null,
  section_id text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint chapters_title_not_blank check (char_length(btrim(title)) between 1 and 300),
  constraint chapters_position_positive check (position >= 1),
  constraint chapters_course_position_key unique (course_id, position)
);

comment on table public.chapters is
  'A chapter ("Onderdeel {position}") of a course, made from one section of the topic structure. '
  'Readable and writable as its course.';
comment on column public.chapters.id is 'Chapter id.';
comment on column public.chapters.course_id is 'The course; cannot be changed.';
comment on column public.chapters.title is 'Chapter title.';
comment on column public.chapters.summary is 'Short summary of the chapter.';
comment on column public.chapters.position is '1-based order within the course, shown as "Onderdeel {position}".';
comment on column public.chapters.section_id is 'section_id of the structure section it was made from.';
comment on column public.chapters.created_at is 'When the chapter was generated.';
comment on column public.chapters.updated_at is 'Last change, maintained by trigger.';

create trigger chapters_set_updated_at
  before update on public.chapters
  for each row execute function private.set_updated_at();

create trigger chapters_forbid_parent_change
  before update on public.chapters
  for each row execute function private.forbid_column_changes('course_id');

-- Activities -----------------------------------------------------------------------------------------------

create table public.activities (
  id uuid primary key default gen_random_uuid(),
  chapter_id uuid not null references public.chapters (id) on delete cascade,
  kind text not null,
  title text not null,
  position integer not null,
  payload jsonb not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint activities_kind_valid check (
    kind in ('overview', 'diagnostic', 'study', 'practice', 'mastery', 'recap')
  ),
  constraint activities_title_not_blank check (char_length(btrim(title)) between 1 and 300),
  constraint activities_position_positive check (position >= 1),
  -- The top-level shape of each kind's payload (SPEC §3); the items inside are validated by the writers'
  -- zod schemas (src/domain/activity-payload.ts).
  constraint activities_payload_shape check (
    jsonb_typeof(payload) = 'object'
    and case kind
      when 'overview' then
        coalesce(jsonb_typeof(payload -> 'slides'), 'missing') = 'array'
        and coalesce(jsonb_typeof(payload -> 'objectives'), 'missing') = 'array'
      when 'diagnostic' then coalesce(jsonb_typeof(payload -> 'questions'), 'missing') = 'array'
      when 'mastery' then coalesce(jsonb_typeof(payload -> 'questions'), 'missing') = 'array'
      when 'study' then coalesce(jsonb_typeof(payload -> 'blocks'), 'missing') = 'array'
      when 'practice' then coalesce(jsonb_typeof(payload -> 'cards'), 'missing') = 'array'
      when 'recap' then
        coalesce(jsonb_typeof(payload -> 'bullets'), 'missing') = 'array'
        and coalesce(jsonb_typeof(payload -> 'transcript'), 'null') in ('string', 'null')
      else false
    end
  ),
  -- One activity per phase: the phase screen reads "the activity of this chapter and kind".
  constraint activities_chapter_kind_key unique (chapter_id, kind),
  constraint activities_chapter_position_key unique (chapter_id, position)
);

comment on table public.activities is
  'One phase of a chapter (overview, diagnostic, study, practice, mastery, recap) with its content. '
  'Readable and writable as its course.';
comment on column public.activities.id is 'Activity id.';
comment on column public.activities.chapter_id is 'The chapter; cannot be changed.';
comment on column public.activities.kind is 'overview, diagnostic, study, practice, mastery or recap; one of each per chapter.';
comment on column public.activities.title is 'Title shown instead of the phase description.';
comment on column public.activities.position is '1-based order within the chapter (the phase order).';
comment on column public.activities.payload is
  'Content by kind (SPEC §3): overview {slides, objectives}; diagnostic/mastery {questions}; '
  'study {blocks}; practice {cards}; recap {transcript, bullets}.';
comment on column public.activities.created_at is 'When the activity was generated.';
comment on column public.activities.updated_at is 'Last change, maintained by trigger.';

create trigger activities_set_updated_at
  before update on public.activities
  for each row execute function private.set_updated_at();

create trigger activities_forbid_parent_change
  before update on public.activities
  for each row execute function private.forbid_column_changes('chapter_id');

-- Activity citations ---------------------------------------------------------------------------------------

create table public.activity_citations (
  id bigint generated always as identity primary key,
  activity_id uuid not null references public.activities (id) on delete cascade,
  chunk_id uuid references public.source_chunks (id) on delete set null,
  source_url text,
  file_path text,
  page_number integer,
  line_start integer,
  line_end integer,
  snippet text,
  created_at timestamptz not null default now(),
  constraint activity_citations_page_positive check (page_number > 0),
  constraint activity_citations_line_range check (
    (line_start is null and line_end is null)
    or (line_start is not null and line_end is not null and line_start >= 0 and line_end >= line_start)
  )
);

comment on table public.activity_citations is
  'A source an activity rests on ("Bronnen" on the phase screen). Readable and writable as its course.';
comment on column public.activity_citations.id is 'Citation id; the phase screen lists citations in id order.';
comment on column public.activity_citations.activity_id is 'The activity.';
comment on column public.activity_citations.chunk_id is 'The cited chunk of the learner''s source; null for web sources or when the chunk is gone.';
comment on column public.activity_citations.source_url is 'Web address of a web source; null for the learner''s own files.';
comment on column public.activity_citations.file_path is 'Object path of the cited file in the sources bucket.';
comment on column public.activity_citations.page_number is '1-based page of the cited lines, when paged.';
comment on column public.activity_citations.line_start is 'First cited line, 0-based.';
comment on column public.activity_citations.line_end is 'Last cited line, 0-based and inclusive.';
comment on column public.activity_citations.snippet is 'The quoted text.';
comment on column public.activity_citations.created_at is 'When the citation was written.';

create index activity_citations_activity_id_idx on public.activity_citations (activity_id, id);
create index activity_citations_chunk_id_idx on public.activity_citations (chunk_id);

-- Course helpers -------------------------------------------------------------------------------------------

create or replace function private.can_read_course(p_course_id uuid)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return exists (
    select 1
    from public.courses c
    where c.id = p_course_id
      and (c.published_at is not null or c.created_by = (select auth.uid()))
      and private.can_read_topic(c.topic_id)
  );
end;
$$;

comment on function private.can_read_course(uuid) is
  'Whether the caller may read the course: it is published and they can read its topic, or it is their '
  'own draft of a topic they can read.';

create or replace function private.can_manage_course(p_course_id uuid)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return exists (
    select 1
    from public.courses c
    where c.id = p_course_id
      and private.can_manage_topic(c.topic_id)
  );
end;
$$;

comment on function private.can_manage_course(uuid) is
  'Whether the caller is a content manager of the entity of the course''s topic.';

create or replace function private.course_id_of_chapter(p_chapter_id uuid)
returns uuid
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return (
    select ch.course_id from public.chapters ch where ch.id = p_chapter_id
  );
end;
$$;

comment on function private.course_id_of_chapter(uuid) is 'The course a chapter belongs to.';

create or replace function private.course_id_of_activity(p_activity_id uuid)
returns uuid
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return (
    select ch.course_id
    from public.activities a
    join public.chapters ch on ch.id = a.chapter_id
    where a.id = p_activity_id
  );
end;
$$;

comment on function private.course_id_of_activity(uuid) is 'The course an activity belongs to.';

create or replace function private.can_read_activity(p_activity_id uuid)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return private.can_read_course(private.course_id_of_activity(p_activity_id));
end;
$$;

comment on function private.can_read_activity(uuid) is 'Whether the caller may read the activity''s course.';

revoke execute on function private.can_read_course(uuid) from public;
revoke execute on function private.can_manage_course(uuid) from public;
revoke execute on function private.course_id_of_chapter(uuid) from public;
revoke execute on function private.course_id_of_activity(uuid) from public;
revoke execute on function private.can_read_activity(uuid) from public;
grant execute on function private.can_read_course(uuid) to authenticated, service_role;
grant execute on function private.can_manage_course(uuid) to authenticated, service_role;
grant execute on function private.course_id_of_chapter(uuid) to authenticated, service_role;
grant execute on function private.course_id_of_activity(uuid) to authenticated, service_role;
grant execute on function private.can_read_activity(uuid) to authenticated, service_role;

-- Row-level security ---------------------------------------------------------------------------------------

alter table public.courses enable row level security;
alter table public.chapters enable row level security;
alter table public.activities enable row level security;
alter table public.activity_citations enable row level security;

create policy "Courses are visible to topic readers once published, and to their creator before"
  on public.courses for select
  to authenticated
  using ((select private.can_read_course(id)));

create policy "Courses can be created by the topic's content managers"
  on public.courses for insert
  to authenticated
  with check (
    (select private.can_manage_topic(topic_id))
    and created_by = (select auth.uid())
  );

create policy "Courses can be edited and published by the topic's content managers"
  on public.courses for update
  to authenticated
  using ((select private.can_manage_topic(topic_id)))
  with check ((select private.can_manage_topic(topic_id)));

create policy "Courses can be deleted by the topic's content managers"
  on public.courses for delete
  to authenticated
  using ((select private.can_manage_topic(topic_id)));

create policy "Chapters are visible as their course"
  on public.chapters for select
  to authenticated
  using ((select private.can_read_course(course_id)));

create policy "Chapters can be added by the topic's content managers"
  on public.chapters for insert
  to authenticated
  with check ((select private.can_manage_course(course_id)));

create policy "Chapters can be edited by the topic's content managers"
  on public.chapters for update
  to authenticated
  using ((select private.can_manage_course(course_id)))
  with check ((select private.can_manage_course(course_id)));

create policy "Chapters can be deleted by the topic's content managers"
  on public.chapters for delete
  to authenticated
  using ((select private.can_manage_course(course_id)));

create policy "Activities are visible as their course"
  on public.activities for select
  to authenticated
  using ((select private.can_read_course(private.course_id_of_chapter(chapter_id))));

create policy "Activities can be added by the topic's content managers"
  on public.activities for insert
  to authenticated
  with check ((select private.can_manage_course(private.course_id_of_chapter(chapter_id))));

create policy "Activities can be edited by the topic's content managers"
  on public.activities for update
  to authenticated
  using ((select private.can_manage_course(private.course_id_of_chapter(chapter_id))))
  with check ((select private.can_manage_course(private.course_id_of_chapter(chapter_id))));

create policy "Activities can be deleted by the topic's content managers"
  on public.activities for delete
  to authenticated
  using ((select private.can_manage_course(private.course_id_of_chapter(chapter_id))));

create policy "Citations are visible as their course"
  on public.activity_citations for select
  to authenticated
  using ((select private.can_read_activity(activity_id)));

create policy "Citations can be added by the topic's content managers"
  on public.activity_citations for insert
  to authenticated
  with check ((select private.can_manage_course(private.course_id_of_activity(activity_id))));

create policy "Citations can be edited by the topic's content managers"
  on public.activity_citations for update
  to authenticated
  using ((select private.can_manage_course(private.course_id_of_activity(activity_id))))
  with check ((select private.can_manage_course(private.course_id_of_activity(activity_id))));

create policy "Citations can be deleted by the topic's content managers"
  on public.activity_citations for delete
  to authenticated
  using ((select private.can_manage_course(private.course_id_of_activity(activity_id))));
