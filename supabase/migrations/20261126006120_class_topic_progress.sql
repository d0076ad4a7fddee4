-- The class view of a topic (issue 23, docs/teachers.md): per chapter and subtopic, how many learners
-- started, were excused by the diagnostic, passed or failed mastery, and are stuck. Counts only, for the
-- topic organisation's active creators, managers and admins; names are in class_subtopic_learners.
--
-- Security definer because the counts are over other learners' rows, which their policies rightly keep
-- from everyone else. The function asks the caller's own active memberships (private.can_manage_topic),
-- not caller_bypasses_rls, which is always true inside a security definer function: the service role,
-- which has no user, is refused too. An unknown topic gets the same 42501 as a refused one.

create or replace function private.require_class_viewer(p_topic_id uuid, p_stuck_days integer)
returns void
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not coalesce(private.can_manage_topic(p_topic_id), false) then
    raise exception 'Only the creators, managers and admins of this topic''s organisation can see its class.'
      using errcode = '42501';
  end if;
  if p_stuck_days is null or p_stuck_days not between 1 and 365 then
    raise exception 'Stuck means no progress for 1 to 365 days.' using errcode = 'PT400';
  end if;
end;
$$;

comment on function private.require_class_viewer(uuid, integer) is
  'Raises 42501 unless the signed-in caller is an active creator, manager or admin of the topic''s '
  'organisation (alike for an unknown topic), and PT400 for a stuck period outside 1-365 days.';

create or replace function public.class_topic_progress(p_topic_id uuid, p_stuck_days integer default 7)
returns table (
  chapter_id uuid,
  chapter_position integer,
  chapter_title text,
  subtopic_id text,
  subtopic_title text,
  started integer,
  excused integer,
  passed integer,
  failed integer,
  stuck integer
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.require_class_viewer(p_topic_id, p_stuck_days);
  return query
    select u.chapter_id, u.chapter_position, u.chapter_title, u.subtopic_id, u.subtopic_title,
           count(s.user_id)::integer,
           count(*) filter (where s.excused)::integer,
           count(*) filter (where s.passed)::integer,
           count(*) filter (where s.failed)::integer,
           count(*) filter (where s.stuck)::integer
    from private.class_units(p_topic_id) u
    left join private.class_learner_states(p_topic_id, p_stuck_days) s
      on s.chapter_id = u.chapter_id and s.subtopic_id is not distinct from u.subtopic_id
    group by u.chapter_id, u.chapter_position, u.chapter_title, u.subtopic_id, u.subtopic_title,
             u.subtopic_position
    order by u.chapter_position, u.subtopic_position;
end;
$$;

comment on function public.class_topic_progress(uuid, integer) is
  'The class view of a topic''s latest published course: per chapter (subtopic_id null) and subtopic, how '
  'many learners of its organisation started, were excused by the diagnostic, passed and failed mastery, '
  'and are stuck (no progress for p_stuck_days days, default 7). Active creators, managers and admins of '
  'the organisation only (42501); docs/teachers.md.';

revoke execute on function private.require_class_viewer(uuid, integer) from public, anon, authenticated, service_role;
revoke execute on function public.class_topic_progress(uuid, integer) from public, anon, authenticated, service_role;
grant execute on function public.class_topic_progress(uuid, integer) to authenticated;
