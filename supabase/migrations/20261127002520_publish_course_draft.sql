-- A manager's new version of a published path. "Genereer leerpad" on a topic whose path is published saves
-- the caller's own draft, which nobody sees: the latest published course wins (docs/product.md §4). The
-- overview now tells a manager that their draft exists, lets them preview it, discard it (a plain delete,
-- which the courses' policies already allow content managers), or publish it here.
--
-- Publishing replaces the topic's latest published course with the draft and keeps what did not change,
-- as a regeneration does (20261127002510): a chapter of the same section keeps the published chapter's id,
-- an activity of the same kind with an identical payload keeps the published activity's id, and with it
-- its learners' progress, card states and recorded audio. What changed keeps the draft's own ids (so the
-- manager's preview links and the draft's recorded audio stay valid); the learners' progress on the
-- replaced version of a changed activity is dropped, its answers refer to questions that are gone.

-- The course as save_generated_course's p_chapters, plus the ids ---------------------------------------------

create or replace function private.course_chapters(p_course_id uuid)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(jsonb_agg(
    jsonb_build_object(
      'id', ch.id, 'title', ch.title, 'summary', ch.summary, 'section_id', ch.section_id,
      'activities', coalesce((
        select jsonb_agg(
          jsonb_build_object(
            'id', a.id, 'kind', a.kind, 'title', a.title, 'position', a.position, 'payload', a.payload,
            'citations', coalesce((
              select jsonb_agg(
                jsonb_build_object(
                  'chunk_id', ac.chunk_id, 'source_url', ac.source_url, 'file_path', ac.file_path,
                  'page_number', ac.page_number, 'line_start', ac.line_start, 'line_end', ac.line_end,
                  'snippet', ac.snippet
                )
                order by ac.id
              )
              from public.activity_citations ac
              where ac.activity_id = a.id
            ), '[]'::jsonb)
          )
          order by a.position, a.id
        )
        from public.activities a
        where a.chapter_id = ch.id
      ), '[]'::jsonb)
    )
    order by ch.position, ch.id
  ), '[]'::jsonb)
  from public.chapters ch
  where ch.course_id = p_course_id
$$;

comment on function private.course_chapters(uuid) is
  'A course''s chapters in save_generated_course''s p_chapters shape (in position order), each chapter and '
  'activity with its id: what publish_course_draft rebuilds the draft from.';

revoke execute on function private.course_chapters(uuid) from public;

-- publish_course_draft ---------------------------------------------------------------------------------------

create or replace function public.publish_course_draft(p_course_id uuid)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_draft public.courses;
  v_published_id uuid;
  v_chapters jsonb;
  v_reused jsonb := '{"chapters": {}, "activities": {}}';
  v_final_ids uuid[];
  v_kept_progress jsonb;
  v_kept_cards jsonb;
  v_kept_audio jsonb;
begin
  select * into v_draft from public.courses c where c.id = p_course_id;
  -- The caller's own memberships decide (inside this function RLS would see the owner). An unknown course
  -- is refused exactly like a foreign one.
  if v_draft.id is null or not coalesce(
    private.has_role_on_entity((select t.entity_id from public.topics t where t.id = v_draft.topic_id),
                               array['manager']),
    false
  ) then
    raise exception 'Only the managers and admins of this topic''s organisation may publish its learning path.'
      using errcode = '42501';
  end if;
  if v_draft.created_by is distinct from (select auth.uid()) or v_draft.published_at is not null then
    raise exception 'Only your own unpublished version of a learning path can be published.'
      using errcode = '22023';
  end if;

  -- A run saving this user's next draft of the topic (save_generated_course takes the same lock) and this
  -- publish take turns; so do publishes of one topic, each replacing the course the previous one left.
  perform pg_advisory_xact_lock(hashtextextended(v_draft.topic_id::text || '/' || v_draft.created_by::text, 0));
  perform pg_advisory_xact_lock(hashtextextended('publish/' || v_draft.topic_id::text, 0));
  if not exists (
    select 1 from public.courses c where c.id = p_course_id and c.published_at is null for update
  ) then
    raise exception 'This version of the learning path was replaced or published meanwhile.'
      using errcode = '22023';
  end if;

  select c.id into v_published_id
  from public.courses c
  where c.topic_id = v_draft.topic_id and c.published_at is not null
  order by c.published_at desc, c.created_at desc, c.id
  limit 1;

  v_chapters := private.course_chapters(p_course_id);
  if v_published_id is not null then
    v_reused := private.reusable_course_ids(v_published_id, v_chapters);
  end if;

  -- The activity ids of the published path after this: taken over where unchanged, the draft's own elsewhere.
  select array_agg(coalesce(
           (v_reused -> 'activities' ->> (
             private.chapter_match_key(c.chapter ->> 'section_id', c.ord) || '/' || (a.activity ->> 'kind')
           ))::uuid,
           (a.activity ->> 'id')::uuid
         ))
  into v_final_ids
  from jsonb_array_elements(v_chapters) with ordinality as c(chapter, ord)
  cross join lateral jsonb_array_elements(c.chapter -> 'activities') as a(activity);

  -- What learners keep, locked so that a write in the meantime waits and then lands on the same id.
  select jsonb_agg(to_jsonb(p)) into v_kept_progress
  from (select * from public.activity_progress ap where ap.activity_id = any (v_final_ids) for update) p;
  select jsonb_agg(to_jsonb(s)) into v_kept_cards
  from (select * from public.practice_card_states cs where cs.activity_id = any (v_final_ids) for update) s;
  select jsonb_agg(to_jsonb(e)) into v_kept_audio
  from (select * from public.episode_audio ea where ea.activity_id = any (v_final_ids) for update) e;

  -- One transaction: readers see the old published path or the new one.
  delete from public.courses c where c.id = v_published_id;
  delete from public.chapters ch where ch.course_id = p_course_id;

  perform private.insert_course_chapters(p_course_id, v_chapters, v_reused);

  insert into public.activity_progress
  select * from jsonb_populate_recordset(null::public.activity_progress, v_kept_progress);
  insert into public.practice_card_states
  select * from jsonb_populate_recordset(null::public.practice_card_states, v_kept_cards);
  insert into public.episode_audio
  select * from jsonb_populate_recordset(null::public.episode_audio, v_kept_audio);

  update public.courses c set published_at = now() where c.id = p_course_id;
  return p_course_id;
end;
$$;

comment on function public.publish_course_draft(uuid) is
  'Publishes the caller''s own unpublished course p_course_id as its topic''s learning path, replacing the '
  'latest published course: chapters of the same section and activities whose kind and payload did not '
  'change keep the published ids, with their learners'' progress, card states and recorded audio '
  '(private.reusable_course_ids); the rest keeps the draft''s ids. Active managers and admins of the '
  'topic''s organisation only (42501); another user''s or an already published course raises 22023. '
  'Returns p_course_id.';

revoke execute on function public.publish_course_draft(uuid) from public, anon, authenticated, service_role;
grant execute on function public.publish_course_draft(uuid) to authenticated;
