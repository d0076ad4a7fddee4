-- Writing a regenerated item or chapter in place (docs/teachers.md "Regenerating one item or one chapter"),
-- for the regenerate-course-parts task (service role only), each in one transaction.
--
-- An item: the new question takes the old one's place in the same activity (same position), under its
-- own new id. The learners' progress rows are not touched: their answers to the old question stay in the
-- history (activity_progress.result.answers, quiz_attempts) under the old id, so they no longer count
-- for the new question's analysis, which matches answers by question id.
--
-- A chapter: the chapter keeps its id, position and section. An activity whose kind and payload did not
-- change is not touched at all (its progress, card states, audio). A changed activity keeps its id, so
-- links to its phase keep working, and takes the new title, payload and citations; its learners'
-- progress and card states are dropped, as a regenerated course drops them (20261127002510): their
-- answers refer to questions that are gone. A kind the new chapter no longer has is removed; a new kind
-- is added. Other chapters are not read or written.

/** Marks a running request finished with its result. */
create or replace function private.finish_course_part_regeneration(p_request_id uuid, p_result jsonb)
returns void
language sql
volatile
security definer
set search_path = ''
as $$
  update public.course_part_regenerations r
  set status = 'done', result = p_result, error = null, finished_at = now(), updated_at = now()
  where r.id = p_request_id
$$;

/** The running request of the given part, locked; 22023 when there is none. */
create or replace function private.running_course_part_regeneration(p_request_id uuid, p_part text)
returns public.course_part_regenerations
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_request public.course_part_regenerations;
begin
  select * into v_request from public.course_part_regenerations r
  where r.id = p_request_id and r.part = p_part and r.status = 'running'
  for update;
  if v_request.id is null then
    raise exception 'No running % regeneration %.', p_part, p_request_id using errcode = '22023';
  end if;
  return v_request;
end;
$$;

-- apply_item_regeneration ------------------------------------------------------------------------------

create or replace function public.apply_item_regeneration(p_request_id uuid, p_question jsonb)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_request public.course_part_regenerations := private.running_course_part_regeneration(p_request_id, 'item');
  v_payload jsonb;
  v_index integer;
  v_result jsonb;
begin
  if jsonb_typeof(p_question) <> 'object'
     or coalesce(p_question ->> 'id', '') = '' or coalesce(p_question ->> 'stem', '') = ''
     or jsonb_typeof(p_question -> 'options') <> 'array' or jsonb_array_length(p_question -> 'options') < 2
     or jsonb_typeof(p_question -> 'correct_option') <> 'number'
     or (p_question ->> 'correct_option')::numeric not between 0 and jsonb_array_length(p_question -> 'options') - 1
     or jsonb_typeof(p_question -> 'citations') <> 'array' then
    raise exception 'Invalid question: {id, stem, options (2 or more), correct_option indexing them, citations} expected.'
      using errcode = '22023';
  end if;

  select a.payload into v_payload from public.activities a where a.id = v_request.activity_id for update;
  select q.ord::integer - 1 into v_index
  from jsonb_array_elements(v_payload -> 'questions') with ordinality as q(question, ord)
  where q.question ->> 'id' = v_request.question_id;
  if v_index is null then
    raise exception 'The question % is no longer in its check.', v_request.question_id using errcode = '22023';
  end if;
  if exists (
    select 1 from jsonb_array_elements(v_payload -> 'questions') as q(question)
    where q.question ->> 'id' = p_question ->> 'id'
  ) then
    raise exception 'The new question must have an id of its own.' using errcode = '22023';
  end if;

  update public.activities a
  set payload = jsonb_set(v_payload, array['questions', v_index::text], p_question)
  where a.id = v_request.activity_id;

  -- The activity's citations are what its items rest on: add the new question's lines it lacks.
  insert into public.activity_citations
    (activity_id, chunk_id, source_url, file_path, page_number, line_start, line_end, snippet)
  select v_request.activity_id, c.chunk_id, c.source_url, c.file_path, c.page_number, c.line_start, c.line_end,
         c.snippet
  from jsonb_to_recordset(p_question -> 'citations') as c(
    chunk_id uuid, source_url text, file_path text, page_number integer, line_start integer, line_end integer,
    snippet text
  )
  where not exists (
    select 1 from public.activity_citations ac
    where ac.activity_id = v_request.activity_id and ac.chunk_id is not distinct from c.chunk_id
      and ac.line_start is not distinct from c.line_start and ac.line_end is not distinct from c.line_end
  );

  v_result := jsonb_build_object('replaced', v_request.question_id, 'question_id', p_question ->> 'id',
                                 'stem', p_question ->> 'stem');
  perform private.finish_course_part_regeneration(p_request_id, v_result);
  return v_result;
end;
$$;

comment on function public.apply_item_regeneration(uuid, jsonb) is
  'Puts a regenerated question in the place of the requested one (same activity, same position, its own '
  'id), adds its citations to the activity''s and finishes the request. Learners'' progress is not '
  'touched. 22023 for a request that is not running, a malformed question or a question that is gone. '
  'Service role only (the regenerate-course-parts task).';

-- apply_chapter_regeneration ---------------------------------------------------------------------------

create or replace function public.apply_chapter_regeneration(p_request_id uuid, p_chapter jsonb)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_request public.course_part_regenerations :=
    private.running_course_part_regeneration(p_request_id, 'chapter');
  v_problem text := private.generated_chapters_problem(jsonb_build_array(p_chapter));
  v_new jsonb;
  v_old public.activities;
  v_kept integer := 0;
  v_replaced integer := 0;
  v_added integer := 0;
  v_removed integer := 0;
  v_result jsonb;
begin
  if v_problem is not null then
    raise exception 'Invalid chapter content: %', v_problem using errcode = '22023';
  end if;
  perform 1 from public.chapters ch where ch.id = v_request.chapter_id for update;

  update public.chapters ch
  set title = p_chapter ->> 'title', summary = p_chapter ->> 'summary'
  where ch.id = v_request.chapter_id;

  -- Kinds the new chapter no longer has.
  with gone as (
    delete from public.activities a
    where a.chapter_id = v_request.chapter_id
      and not exists (
        select 1 from jsonb_array_elements(p_chapter -> 'activities') as n(activity)
        where n.activity ->> 'kind' = a.kind
      )
    returning 1
  )
  select count(*) into v_removed from gone;

  for v_new in select n.activity from jsonb_array_elements(p_chapter -> 'activities') as n(activity) loop
    select * into v_old from public.activities a
    where a.chapter_id = v_request.chapter_id and a.kind = v_new ->> 'kind'
    order by a.position, a.id
    limit 1;
    if v_old.id is null then
      insert into public.activities (chapter_id, kind, title, position, payload)
      values (v_request.chapter_id, v_new ->> 'kind', v_new ->> 'title', (v_new ->> 'position')::integer,
              v_new -> 'payload')
      returning * into v_old;
      v_added := v_added + 1;
    elsif v_old.payload = v_new -> 'payload' then
      v_kept := v_kept + 1;
      continue;
    else
      update public.activities a
      set title = v_new ->> 'title', position = (v_new ->> 'position')::integer, payload = v_new -> 'payload'
      where a.id = v_old.id;
      delete from public.activity_progress p where p.activity_id = v_old.id;
      delete from public.practice_card_states s where s.activity_id = v_old.id;
      delete from public.activity_citations ac where ac.activity_id = v_old.id;
      v_replaced := v_replaced + 1;
    end if;
    insert into public.activity_citations
      (activity_id, chunk_id, source_url, file_path, page_number, line_start, line_end, snippet)
    select v_old.id, c.chunk_id, c.source_url, c.file_path, c.page_number, c.line_start, c.line_end, c.snippet
    from rows from (
      jsonb_to_recordset(v_new -> 'citations') as (
        chunk_id uuid, source_url text, file_path text, page_number integer, line_start integer,
        line_end integer, snippet text
      )
    ) with ordinality as c(chunk_id, source_url, file_path, page_number, line_start, line_end, snippet, ord)
    -- Citation ids follow the given order: the phase screen lists them by id.
    order by c.ord;
  end loop;

  v_result := jsonb_build_object('kept', v_kept, 'replaced', v_replaced, 'added', v_added, 'removed', v_removed);
  perform private.finish_course_part_regeneration(p_request_id, v_result);
  return v_result;
end;
$$;

comment on function public.apply_chapter_regeneration(uuid, jsonb) is
  'Writes a regenerated chapter (one element of save_generated_course''s p_chapters) over the requested '
  'chapter: unchanged activities untouched, changed ones keep their id with new content (their progress '
  'and card states dropped), missing kinds removed, new kinds added; then finishes the request with '
  '{kept, replaced, added, removed}. 22023 for a request that is not running or malformed content. '
  'Service role only (the regenerate-course-parts task).';

revoke execute on function private.finish_course_part_regeneration(uuid, jsonb),
  private.running_course_part_regeneration(uuid, text) from public, anon, authenticated, service_role;
revoke execute on function public.apply_item_regeneration(uuid, jsonb), public.apply_chapter_regeneration(uuid, jsonb)
  from public, anon, authenticated, service_role;
grant execute on function public.apply_item_regeneration(uuid, jsonb), public.apply_chapter_regeneration(uuid, jsonb)
  to service_role;
