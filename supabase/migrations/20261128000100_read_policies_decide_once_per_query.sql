-- Read policies that decide once per query.
--
-- The read policies on a topic's sources, chunks, courses and their parts called a boolean helper with the
-- row's key (`(select private.can_read_topic(topic_id))`): the `select` wrapper does not help when the
-- argument is a column, so Postgres ran the helper, and the queries inside it, for every row it read —
-- 2,000 chunks meant 2,000 membership lookups. The policies now ask whether the row's key is in the set of
-- keys the caller may read. A `security definer` set-returning function is never inlined, so the planner
-- computes that set once per query (a hashed subplan) and each row costs one hash probe.
--
-- The rules are unchanged (private.can_read_topic and private.can_read_course say them for one key and
-- stay for write checks and RPCs): a topic is readable while public or while the caller is an active member
-- of its entity; a course once published, or by its creator before, when its topic is readable; chapters,
-- activities, citations and episode audio as their course.
--
-- The sets are per caller and as large as what they may read (their organisations' topics and every public
-- one), which is small next to the rows a read scans.

create or replace function private.readable_topic_ids()
returns setof uuid
language sql
stable
security definer
set search_path = ''
as $$
  select t.id
  from public.topics t
  where (select auth.uid()) is not null
    and (t.visibility = 'public' or t.entity_id in (select private.member_entity_ids()))
$$;

comment on function private.readable_topic_ids() is
  'The topics the signed-in caller may read now (as private.can_read_topic decides for one), for read '
  'policies that test membership in the set once per query.';

create or replace function private.readable_course_ids()
returns setof uuid
language sql
stable
security definer
set search_path = ''
as $$
  select c.id
  from public.courses c
  where c.topic_id in (select private.readable_topic_ids())
    and (c.published_at is not null or c.created_by = (select auth.uid()))
$$;

comment on function private.readable_course_ids() is
  'The courses the caller may read (as private.can_read_course decides for one).';

create or replace function private.readable_chapter_ids()
returns setof uuid
language sql
stable
security definer
set search_path = ''
as $$
  select ch.id
  from public.chapters ch
  where ch.course_id in (select private.readable_course_ids())
$$;

comment on function private.readable_chapter_ids() is 'The chapters of the courses the caller may read.';

create or replace function private.readable_activity_ids()
returns setof uuid
language sql
stable
security definer
set search_path = ''
as $$
  select a.id
  from public.activities a
  where a.chapter_id in (select private.readable_chapter_ids())
$$;

comment on function private.readable_activity_ids() is 'The activities of the courses the caller may read.';

revoke execute on function private.readable_topic_ids() from public;
revoke execute on function private.readable_course_ids() from public;
revoke execute on function private.readable_chapter_ids() from public;
revoke execute on function private.readable_activity_ids() from public;
grant execute on function private.readable_topic_ids() to authenticated, service_role;
grant execute on function private.readable_course_ids() to authenticated, service_role;
grant execute on function private.readable_chapter_ids() to authenticated, service_role;
grant execute on function private.readable_activity_ids() to authenticated, service_role;

alter policy "Sources are visible to those who can read the topic"
  on public.topic_sources
  using (topic_id in (select private.readable_topic_ids()));

alter policy "Chunks are visible to those who can read the topic"
  on public.source_chunks
  using (topic_id in (select private.readable_topic_ids()));

alter policy "Courses are visible to topic readers once published, and to their creator before"
  on public.courses
  using (id in (select private.readable_course_ids()));

alter policy "Chapters are visible as their course"
  on public.chapters
  using (id in (select private.readable_chapter_ids()));

alter policy "Activities are visible as their course"
  on public.activities
  using (id in (select private.readable_activity_ids()));

alter policy "Citations are visible as their course"
  on public.activity_citations
  using (activity_id in (select private.readable_activity_ids()));

alter policy "Episode audio is visible to those who may read its episode"
  on public.episode_audio
  using (activity_id in (select private.readable_activity_ids()));

alter policy "Learners read their own quiz attempts on topics they can read"
  on public.quiz_attempts
  using (user_id = (select auth.uid()) and topic_id in (select private.readable_topic_ids()));

alter policy "Source files are readable by those who may read their topic"
  on storage.objects
  using (
    bucket_id = 'sources'
    and private.source_object_topic_id(name) in (select private.readable_topic_ids())
  );

alter policy "Episode audio files are readable by those who may read their episode"
  on storage.objects
  using (
    bucket_id = 'episode-audio'
    and private.uuid_or_null(split_part(name, '/', 1)) in (select private.readable_activity_ids())
  );
