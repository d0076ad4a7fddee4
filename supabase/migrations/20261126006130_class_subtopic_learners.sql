-- The class view's drill-down (issue 23, docs/teachers.md): the learners behind one chapter's or
-- subtopic's counts, by name. Names are more than counts, so only the organisation's active managers and
-- admins see them (they already see its members); a creator sees the counts alone. Security definer for
-- the same reason as class_topic_progress, with the same refusal for everyone else and unknown topics.

create or replace function public.class_subtopic_learners(
  p_topic_id uuid,
  p_chapter_id uuid,
  p_subtopic_id text default null,
  p_stuck_days integer default 7
)
returns table (
  user_id uuid,
  display_name text,
  email text,
  excused boolean,
  passed boolean,
  failed boolean,
  stuck boolean,
  last_progress_at timestamptz
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not coalesce(
    private.has_role_on_entity((select t.entity_id from public.topics t where t.id = p_topic_id), array['manager']),
    false
  ) then
    raise exception 'Only the managers and admins of this topic''s organisation can see who its learners are.'
      using errcode = '42501';
  end if;
  perform private.require_class_viewer(p_topic_id, p_stuck_days);
  return query
    select s.user_id, p.display_name, p.email, s.excused, s.passed, s.failed, s.stuck, s.last_progress_at
    from private.class_learner_states(p_topic_id, p_stuck_days) s
    join public.profiles p on p.id = s.user_id
    where s.chapter_id = p_chapter_id
      and s.subtopic_id is not distinct from p_subtopic_id
    order by s.stuck desc, s.failed desc, lower(coalesce(p.display_name, p.email)), s.user_id;
end;
$$;

comment on function public.class_subtopic_learners(uuid, uuid, text, integer) is
  'The learners of a topic''s class who started a chapter, with their state in it (p_subtopic_id null) or '
  'in one of its subtopics: excused, passed, failed, stuck (no progress for p_stuck_days days), last '
  'progress. Stuck and failed first. Active managers and admins of the organisation only (42501).';

revoke execute on function public.class_subtopic_learners(uuid, uuid, text, integer)
  from public, anon, authenticated, service_role;
grant execute on function public.class_subtopic_learners(uuid, uuid, text, integer) to authenticated;
