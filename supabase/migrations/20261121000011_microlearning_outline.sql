-- The micro-learning outline of a topic in one round trip and one statement: the course SPEC §4 chooses,
-- its chapters by position, their activities by position, and the caller's progress per activity.
-- Security invoker: what the caller may not read (another learner's draft, an unreadable topic) is
-- filtered out by the tables' own policies.

create or replace function public.get_microlearning_outline(p_topic_id uuid)
returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
as $$
begin
  -- One statement; PL/pgSQL keeps its plan for the session (Postgres 17 re-plans SQL functions).
  return (
    with chosen_course as (
      -- The latest published course; otherwise the caller's own latest draft.
      select c.id, c.title, c.published_at, c.created_at, c.created_by
      from public.courses c
      where c.topic_id = p_topic_id
        and (c.published_at is not null or c.created_by = (select auth.uid()))
      order by c.published_at desc nulls last, c.created_at desc, c.id
      limit 1
    )
    select jsonb_build_object(
      'course', (select to_jsonb(cc) from chosen_course cc),
      'chapters', coalesce(
        (
          select jsonb_agg(
            jsonb_build_object(
              'id', ch.id,
              'title', ch.title,
              'summary', ch.summary,
              'position', ch.position,
              'section_id', ch.section_id,
              'activities', coalesce(
                (
                  select jsonb_agg(
                    jsonb_build_object(
                      'id', a.id,
                      'kind', a.kind,
                      'title', a.title,
                      'position', a.position,
                      'status', coalesce(p.status, 'not_started')
                    )
                    order by a.position
                  )
                  from public.activities a
                  left join public.activity_progress p
                    on p.activity_id = a.id
                   and p.user_id = (select auth.uid())
                  where a.chapter_id = ch.id
                ),
                '[]'::jsonb
              )
            )
            order by ch.position
          )
          from public.chapters ch
          where ch.course_id = (select cc.id from chosen_course cc)
        ),
        '[]'::jsonb
      )
    )
  );
end;
$$;

comment on function public.get_microlearning_outline(uuid) is
  'Outline of a topic''s micro-learning path: {course: {id, title, published_at, created_at, created_by} '
  '| null, chapters: [{id, title, summary, position, section_id, activities: [{id, kind, title, '
  'position, status}]}]}. The course is the latest published one, else the caller''s latest draft; '
  'status is the caller''s progress, not_started where none is recorded.';

revoke execute on function public.get_microlearning_outline(uuid) from public, anon, authenticated, service_role;
grant execute on function public.get_microlearning_outline(uuid) to authenticated, service_role;
