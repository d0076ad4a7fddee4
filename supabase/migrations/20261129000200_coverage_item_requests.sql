-- "Add items for these lines" (issue 23 point 5, docs/teachers.md "Coverage"): from the coverage map a
-- teacher asks for new items written from one untested run of lines. It is a third part of the
-- regeneration queue (part 'lines'), under the same rules as regenerating an item or a chapter: the same
-- people may ask, it is counted and limited as a generation, one open request per chapter. The
-- regenerate-course-parts task writes the items with the topic's provider from those lines alone and
-- adds them through apply_coverage_items: new questions at the end of the chapter's mastery check, new
-- cards at the end of its practice deck. Nothing else changes; no learner's progress is touched.

alter table public.course_part_regenerations
  add column chunk_id uuid references public.source_chunks (id) on delete cascade,
  add column line_start integer,
  add column line_end integer;

comment on column public.course_part_regenerations.chunk_id is 'The chunk whose lines new items are written from (part lines only).';
comment on column public.course_part_regenerations.line_start is 'First line (0-based, as in citations) of those lines (part lines only).';
comment on column public.course_part_regenerations.line_end is 'Last line, inclusive (part lines only).';

alter table public.course_part_regenerations drop constraint course_part_regenerations_part_valid;
alter table public.course_part_regenerations add constraint course_part_regenerations_part_valid check (
  (part = 'item' and activity_id is not null and question_id is not null and chunk_id is null)
  or (part = 'chapter' and activity_id is null and question_id is null and chunk_id is null)
  or (part = 'lines' and activity_id is null and question_id is null and chunk_id is not null
      and line_start between 0 and line_end)
);
alter table public.course_part_regenerations
  add constraint course_part_regenerations_lines_only_with_chunk check (
    (chunk_id is null) = (line_start is null and line_end is null)
  );

comment on column public.course_part_regenerations.part is
  'item (one question), chapter, or lines (new items for untested lines).';
comment on column public.course_part_regenerations.result is
  'What changed: for an item {replaced, question_id, stem}, for a chapter {kept, replaced, added, removed}, '
  'for lines {questions, cards, stems}.';

create index course_part_regenerations_chunk_idx on public.course_part_regenerations (chunk_id);

-- The queue learns the third part: the one function that counts, locks and inserts every request.
drop function private.queue_course_part_regeneration(uuid, uuid, uuid, text);

create function private.queue_course_part_regeneration(
  p_topic_id uuid,
  p_chapter_id uuid,
  p_activity_id uuid,
  p_question_id text,
  p_chunk_id uuid default null,
  p_line_start integer default null,
  p_line_end integer default null
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
  insert into public.course_part_regenerations
    (topic_id, chapter_id, activity_id, question_id, chunk_id, line_start, line_end, part, requested_by)
  values (p_topic_id, p_chapter_id, p_activity_id, p_question_id, p_chunk_id, p_line_start, p_line_end,
          case when p_activity_id is not null then 'item' when p_chunk_id is not null then 'lines' else 'chapter' end,
          (select auth.uid()))
  returning id into v_id;
  return v_id;
end;
$$;

comment on function private.queue_course_part_regeneration(uuid, uuid, uuid, text, uuid, integer, integer) is
  'Counts the request against the caller''s generation limits (PT429), refuses a second open request for '
  'the chapter (PT409) and queues it: an item (activity and question), lines (chunk and range) or the '
  'chapter. Called by the request RPCs after their checks.';

-- request_coverage_items ---------------------------------------------------------------------------------

create or replace function public.request_coverage_items(
  p_topic_id uuid,
  p_chunk_id uuid,
  p_line_start integer,
  p_line_end integer
)
returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_course uuid := private.class_course_id(p_topic_id);
  v_chapter uuid;
begin
  perform private.require_course_part_fixer(p_topic_id, v_course);
  if v_course is null then
    raise exception 'This topic has no published learning path to add items to.' using errcode = '22023';
  end if;
  if not exists (
    select 1 from public.source_chunks sc
    where sc.id = p_chunk_id and sc.topic_id = p_topic_id
      and p_line_start between sc.line_start and sc.line_end
      and p_line_end between p_line_start and sc.line_end
  ) then
    raise exception 'These lines are not in this topic''s sources.' using errcode = '22023';
  end if;
  v_chapter := private.coverage_chapter(v_course, p_chunk_id, p_line_start, p_line_end);
  if v_chapter is null then
    raise exception 'No chapter of the learning path draws on this source; regenerate the whole path.'
      using errcode = '22023';
  end if;
  return private.queue_course_part_regeneration(p_topic_id, v_chapter, null, null, p_chunk_id, p_line_start, p_line_end);
end;
$$;

comment on function public.request_coverage_items(uuid, uuid, integer, integer) is
  'Queues new items (mastery questions and practice cards) written from the given lines of a source, for '
  'the chapter of the published learning path nearest to them (private.coverage_chapter). Same rules as '
  'request_item_regeneration; 22023 for lines outside the topic''s sources or a topic without a published '
  'path. Returns the request id.';

-- apply_coverage_items -----------------------------------------------------------------------------------

/** Appends items to the chapter's activity of a kind, with their citations; how many were added. */
create or replace function private.append_activity_items(
  p_chapter_id uuid,
  p_kind text,
  p_key text,
  p_items jsonb
)
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_activity public.activities;
begin
  if jsonb_array_length(p_items) = 0 then
    return 0;
  end if;
  select * into v_activity from public.activities a
  where a.chapter_id = p_chapter_id and a.kind = p_kind
  order by a.position, a.id
  limit 1
  for update;
  if v_activity.id is null then
    return 0;
  end if;
  if exists (
    select 1
    from jsonb_array_elements(v_activity.payload -> p_key) as o(item)
    join jsonb_array_elements(p_items) as n(item) on n.item ->> 'id' = o.item ->> 'id'
  ) then
    raise exception 'A new item must have an id of its own.' using errcode = '22023';
  end if;
  update public.activities a
  set payload = jsonb_set(a.payload, array[p_key], (a.payload -> p_key) || p_items)
  where a.id = v_activity.id;
  insert into public.activity_citations
    (activity_id, chunk_id, source_url, file_path, page_number, line_start, line_end, snippet)
  select distinct v_activity.id, c.chunk_id, c.source_url, c.file_path, c.page_number, c.line_start, c.line_end,
         c.snippet
  from jsonb_array_elements(p_items) as n(item)
  cross join lateral jsonb_to_recordset(n.item -> 'citations') as c(
    chunk_id uuid, source_url text, file_path text, page_number integer, line_start integer, line_end integer,
    snippet text
  )
  where not exists (
    select 1 from public.activity_citations ac
    where ac.activity_id = v_activity.id and ac.chunk_id is not distinct from c.chunk_id
      and ac.line_start is not distinct from c.line_start and ac.line_end is not distinct from c.line_end
  );
  return jsonb_array_length(p_items);
end;
$$;

comment on function private.append_activity_items(uuid, text, text, jsonb) is
  'Appends questions or cards to the first activity of a kind in a chapter (none: nothing) and adds '
  'their citations to the activity''s. For apply_coverage_items.';

create or replace function public.apply_coverage_items(p_request_id uuid, p_questions jsonb, p_cards jsonb)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_request public.course_part_regenerations := private.running_course_part_regeneration(p_request_id, 'lines');
  v_questions integer;
  v_cards integer;
  v_result jsonb;
begin
  if jsonb_typeof(p_questions) <> 'array' or jsonb_typeof(p_cards) <> 'array'
     or jsonb_path_exists(p_questions, '$[*] ? (@.type() != "object" || !exists(@.id) || !exists(@.stem)
          || @.options.type() != "array" || @.options.size() < 2 || @.correct_option.type() != "number"
          || @.correct_option < 0 || @.correct_option >= @.options.size() || @.citations.type() != "array")')
     or jsonb_path_exists(p_cards, '$[*] ? (@.type() != "object" || !exists(@.id) || !exists(@.q) || !exists(@.a)
          || @.citations.type() != "array")') then
    raise exception 'Invalid items: questions {id, stem, options, correct_option, citations} and cards {id, q, a, citations} expected.'
      using errcode = '22023';
  end if;
  perform 1 from public.chapters ch where ch.id = v_request.chapter_id for update;
  v_questions := private.append_activity_items(v_request.chapter_id, 'mastery', 'questions', p_questions);
  v_cards := private.append_activity_items(v_request.chapter_id, 'practice', 'cards', p_cards);
  v_result := jsonb_build_object(
    'questions', v_questions,
    'cards', v_cards,
    'stems', case when v_questions = 0 then '[]'::jsonb else coalesce(
      (select jsonb_agg(q.question -> 'stem') from jsonb_array_elements(p_questions) as q(question)), '[]') end
  );
  perform private.finish_course_part_regeneration(p_request_id, v_result);
  return v_result;
end;
$$;

comment on function public.apply_coverage_items(uuid, jsonb, jsonb) is
  'Adds the questions written for a lines request at the end of its chapter''s mastery check and the cards '
  'at the end of its practice deck, with their citations, and finishes the request. Learners'' progress is '
  'not touched. 22023 for a request that is not running or malformed items. Service role only (the '
  'regenerate-course-parts task).';

revoke execute on function private.queue_course_part_regeneration(uuid, uuid, uuid, text, uuid, integer, integer),
  private.append_activity_items(uuid, text, text, jsonb) from public, anon, authenticated, service_role;
revoke execute on function public.request_coverage_items(uuid, uuid, integer, integer),
  public.apply_coverage_items(uuid, jsonb, jsonb) from public, anon, authenticated, service_role;
grant execute on function public.request_coverage_items(uuid, uuid, integer, integer) to authenticated;
grant execute on function public.apply_coverage_items(uuid, jsonb, jsonb) to service_role;
