-- Asking for one item or one chapter to be regenerated
-- (docs/teachers.md "Regenerating one item or one chapter").
--
-- Who: the same people as the class view and its item analysis, the active creators, managers and admins
-- of the topic's organisation, since the flags that prompt a fix are theirs to see, and they are the
-- ones who may regenerate the whole course. Like the class RPCs these are security definer with an empty
-- search_path and ask the caller's own memberships (private.can_manage_topic), so the service role, a
-- deactivated member, a learner, another organisation and anon are refused (42501), and an unknown
-- activity or chapter is refused exactly like a foreign one.
--
-- Only the topic's published learning path (private.class_course_id) can be fixed this way: that is the
-- course the class answers and the item analysis reads. A request is a generation: it is counted in
-- generation_requests and limited per user like the others (private.claim_generation, PT429 over a limit).
-- One open request per chapter (PT409 otherwise).

/** Refuses (42501) a caller who may not fix the topic's course, and (22023) a course that is not the class's. */
create or replace function private.require_course_part_fixer(p_topic_id uuid, p_course_id uuid)
returns void
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if p_topic_id is null or not coalesce(private.can_manage_topic(p_topic_id), false) then
    raise exception 'Only the creators, managers and admins of this topic''s organisation may regenerate its items.'
      using errcode = '42501';
  end if;
  if p_course_id is distinct from private.class_course_id(p_topic_id) then
    raise exception 'Only the published learning path''s items and chapters can be regenerated one at a time.'
      using errcode = '22023';
  end if;
end;
$$;

comment on function private.require_course_part_fixer(uuid, uuid) is
  'Raises 42501 unless the caller is an active creator, manager or admin of the topic''s organisation, '
  'and 22023 when the course is not the topic''s published learning path.';

/** Queues one request after the limits and the one-open-per-chapter rule; returns its id. */
create or replace function private.queue_course_part_regeneration(
  p_topic_id uuid,
  p_chapter_id uuid,
  p_activity_id uuid,
  p_question_id text
)
returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_id uuid;
begin
  -- Requests for one chapter take turns, so two clicks cannot both pass the check below.
  perform pg_advisory_xact_lock(hashtextextended('course_part_regenerations:' || p_chapter_id::text, 0));
  if exists (
    select 1 from public.course_part_regenerations r
    where r.chapter_id = p_chapter_id and r.status in ('queued', 'running')
  ) then
    raise exception 'This chapter is being regenerated already; wait until that is done.'
      using errcode = 'PT409';
  end if;
  perform private.claim_generation(p_topic_id, 'regenerate-course-part');
  insert into public.course_part_regenerations (topic_id, chapter_id, activity_id, question_id, part, requested_by)
  values (p_topic_id, p_chapter_id, p_activity_id, p_question_id,
          case when p_activity_id is null then 'chapter' else 'item' end, (select auth.uid()))
  returning id into v_id;
  return v_id;
end;
$$;

comment on function private.queue_course_part_regeneration(uuid, uuid, uuid, text) is
  'Counts the request against the caller''s generation limits (PT429), refuses a second open request for '
  'the chapter (PT409) and queues it. Called by the request_*_regeneration RPCs after their checks.';

-- request_item_regeneration ----------------------------------------------------------------------------

create or replace function public.request_item_regeneration(p_activity_id uuid, p_question_id text)
returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_topic uuid;
  v_course uuid;
  v_chapter uuid;
  v_payload jsonb;
begin
  select c.topic_id, c.id, ch.id, a.payload into v_topic, v_course, v_chapter, v_payload
  from public.activities a
  join public.chapters ch on ch.id = a.chapter_id
  join public.courses c on c.id = ch.course_id
  where a.id = p_activity_id and a.kind in ('diagnostic', 'mastery');
  perform private.require_course_part_fixer(v_topic, v_course);
  if not exists (
    select 1 from jsonb_array_elements(
      case when jsonb_typeof(v_payload -> 'questions') = 'array' then v_payload -> 'questions' else '[]' end
    ) as q(question)
    where q.question ->> 'id' = p_question_id
  ) then
    raise exception 'This check has no question %.', p_question_id using errcode = '22023';
  end if;
  return private.queue_course_part_regeneration(v_topic, v_chapter, p_activity_id, p_question_id);
end;
$$;

comment on function public.request_item_regeneration(uuid, text) is
  'Queues the regeneration of one diagnostic or mastery question of the topic''s published learning path '
  'from its cited lines (the regenerate-course-parts task). Active creators, managers and admins of the '
  'organisation only (42501); PT409 while the chapter has an open request; PT429 over the generation '
  'limits; 22023 for a question the check does not have. Returns the request id.';

-- request_chapter_regeneration -------------------------------------------------------------------------

create or replace function public.request_chapter_regeneration(p_chapter_id uuid)
returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_topic uuid;
  v_course uuid;
begin
  select c.topic_id, c.id into v_topic, v_course
  from public.chapters ch
  join public.courses c on c.id = ch.course_id
  where ch.id = p_chapter_id;
  perform private.require_course_part_fixer(v_topic, v_course);
  return private.queue_course_part_regeneration(v_topic, p_chapter_id, null, null);
end;
$$;

comment on function public.request_chapter_regeneration(uuid) is
  'Queues the regeneration of one chapter of the topic''s published learning path from its section''s '
  'lines (the regenerate-course-parts task); the other chapters are untouched. Same rules as '
  'request_item_regeneration. Returns the request id.';

revoke execute on function private.require_course_part_fixer(uuid, uuid),
  private.queue_course_part_regeneration(uuid, uuid, uuid, text) from public, anon, authenticated, service_role;
revoke execute on function public.request_item_regeneration(uuid, text), public.request_chapter_regeneration(uuid) from public, anon, authenticated, service_role;
grant execute on function public.request_item_regeneration(uuid, text), public.request_chapter_regeneration(uuid) to authenticated;
