-- Saving a generated course (issue 4: never a half-written row). The generation task hands over the whole
-- course at once; one transaction writes the course, its chapters, activities and citations and then
-- removes the requester's older drafts of the topic, so a learner sees the previous course or the new one,
-- never a part of either. Only the service role (the task) may call it: it writes for any learner.

-- The shape of p_chapters ----------------------------------------------------------------------------------

-- Whether a JSON value has one of the given jsonb_typeof types; a missing key counts as 'missing'.
create or replace function private.json_is(p_value jsonb, variadic p_types text[])
returns boolean
language sql
immutable
set search_path = ''
as $$
  select coalesce(jsonb_typeof(p_value), 'missing') = any (p_types)
$$;

comment on function private.json_is(jsonb, variadic text[]) is
  'Whether p_value''s jsonb_typeof is one of p_types; an absent value (SQL null) is ''missing''.';

/*
 * The first thing wrong with the shape of p_chapters, or null when it fits:
 *   [{title, summary?, section_id?, activities: [{kind, title, position, payload: {}, citations: [
 *     {chunk_id?, source_url?, file_path?, page_number?, line_start?, line_end?, snippet?}]}]}]
 * Values the tables check themselves (kinds, blank titles, line ranges, uuids) are left to them; this
 * only makes sure every row can be read from the JSON, so a bad call fails with a clear message.
 */
create or replace function private.generated_chapters_problem(p_chapters jsonb)
returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_problem text;
begin
  if not private.json_is(p_chapters, 'array') then
    return 'p_chapters must be a JSON array of chapters';
  end if;

  select format('chapter %s needs a title, an activities array and text or null summary and section_id', c.ord)
  into v_problem
  from jsonb_array_elements(p_chapters) with ordinality as c(chapter, ord)
  where not (
    private.json_is(c.chapter, 'object')
    and private.json_is(c.chapter -> 'title', 'string')
    and private.json_is(c.chapter -> 'summary', 'string', 'null', 'missing')
    and private.json_is(c.chapter -> 'section_id', 'string', 'null', 'missing')
    and private.json_is(c.chapter -> 'activities', 'array')
  )
  order by c.ord
  limit 1;
  if v_problem is not null then
    return v_problem;
  end if;

  select format(
    'activity %s of chapter %s needs a kind, a title, a position, a payload object and a citations array',
    a.ord, c.ord
  )
  into v_problem
  from jsonb_array_elements(p_chapters) with ordinality as c(chapter, ord)
  cross join lateral jsonb_array_elements(c.chapter -> 'activities') with ordinality as a(activity, ord)
  where not (
    private.json_is(a.activity, 'object')
    and private.json_is(a.activity -> 'kind', 'string')
    and private.json_is(a.activity -> 'title', 'string')
    and private.json_is(a.activity -> 'position', 'number')
    and private.json_is(a.activity -> 'payload', 'object')
    and private.json_is(a.activity -> 'citations', 'array')
  )
  order by c.ord, a.ord
  limit 1;
  if v_problem is not null then
    return v_problem;
  end if;

  select format(
    'citation %s of activity %s of chapter %s must be an object of text and number fields', r.ord, a.ord, c.ord
  )
  into v_problem
  from jsonb_array_elements(p_chapters) with ordinality as c(chapter, ord)
  cross join lateral jsonb_array_elements(c.chapter -> 'activities') with ordinality as a(activity, ord)
  cross join lateral jsonb_array_elements(a.activity -> 'citations') with ordinality as r(citation, ord)
  where not (
    private.json_is(r.citation, 'object')
    and private.json_is(r.citation -> 'chunk_id', 'string', 'null', 'missing')
    and private.json_is(r.citation -> 'source_url', 'string', 'null', 'missing')
    and private.json_is(r.citation -> 'file_path', 'string', 'null', 'missing')
    and private.json_is(r.citation -> 'snippet', 'string', 'null', 'missing')
    and private.json_is(r.citation -> 'page_number', 'number', 'null', 'missing')
    and private.json_is(r.citation -> 'line_start', 'number', 'null', 'missing')
    and private.json_is(r.citation -> 'line_end', 'number', 'null', 'missing')
  )
  order by c.ord, a.ord, r.ord
  limit 1;
  return v_problem;
end;
$$;

comment on function private.generated_chapters_problem(jsonb) is
  'The first problem with the shape of save_generated_course''s p_chapters (which chapter, activity or '
  'citation), or null when every row can be read from it.';

revoke execute on function private.json_is(jsonb, variadic text[]) from public;
revoke execute on function private.generated_chapters_problem(jsonb) from public;

-- save_generated_course ------------------------------------------------------------------------------------

create or replace function public.save_generated_course(
  p_topic_id uuid,
  p_created_by uuid,
  p_title text,
  p_publish boolean,
  p_chapters jsonb
)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_problem text := private.generated_chapters_problem(p_chapters);
  v_course_id uuid;
begin
  if v_problem is not null then
    raise exception 'Invalid course content: %', v_problem
      using errcode = '22023',
            hint = 'p_chapters is [{title, summary, section_id, activities: [{kind, title, position, '
                   'payload, citations: [...]}]}].';
  end if;
  if p_created_by is null or p_publish is null then
    raise exception 'Invalid course: p_created_by and p_publish are required'
      using errcode = '22023';
  end if;

  -- Two saves for the same learner and topic take turns, so the later one sees (and replaces) the
  -- earlier one's course instead of both keeping theirs.
  perform pg_advisory_xact_lock(hashtextextended(p_topic_id::text || '/' || p_created_by::text, 0));

  insert into public.courses (topic_id, created_by, title, published_at)
  values (p_topic_id, p_created_by, p_title, case when p_publish then now() end)
  returning id into v_course_id;

  -- One statement: each insert hands its new ids to the next; chapters are numbered by their order.
  with chapter_input as (
    select c.chapter, c.ord::integer as position
    from jsonb_array_elements(p_chapters) with ordinality as c(chapter, ord)
  ),
  saved_chapters as (
    insert into public.chapters (course_id, title, summary, position, section_id)
    select v_course_id, ci.chapter ->> 'title', ci.chapter ->> 'summary', ci.position, ci.chapter ->> 'section_id'
    from chapter_input ci
    returning id, position
  ),
  activity_input as (
    select sc.id as chapter_id, ci.position as chapter_position, a.activity
    from saved_chapters sc
    join chapter_input ci on ci.position = sc.position
    cross join lateral jsonb_array_elements(ci.chapter -> 'activities') as a(activity)
  ),
  saved_activities as (
    insert into public.activities (chapter_id, kind, title, position, payload)
    select ai.chapter_id, ai.activity ->> 'kind', ai.activity ->> 'title', (ai.activity ->> 'position')::integer,
           ai.activity -> 'payload'
    from activity_input ai
    returning id, chapter_id, kind
  )
  insert into public.activity_citations
    (activity_id, chunk_id, source_url, file_path, page_number, line_start, line_end, snippet)
  select sa.id, r.chunk_id, r.source_url, r.file_path, r.page_number, r.line_start, r.line_end, r.snippet
  from saved_activities sa
  join activity_input ai on ai.chapter_id = sa.chapter_id and ai.activity ->> 'kind' = sa.kind
  cross join lateral rows from (
    jsonb_to_recordset(ai.activity -> 'citations') as (
      chunk_id uuid, source_url text, file_path text, page_number integer, line_start integer,
      line_end integer, snippet text
    )
  ) with ordinality as r(chunk_id, source_url, file_path, page_number, line_start, line_end, snippet, ord)
  -- Citation ids follow the given order: the phase screen lists them by id.
  order by ai.chapter_position, (ai.activity ->> 'position')::integer, r.ord;

  delete from public.courses c
  where c.topic_id = p_topic_id
    and c.created_by = p_created_by
    and c.published_at is null
    and c.id <> v_course_id;

  return v_course_id;
end;
$$;

comment on function public.save_generated_course(uuid, uuid, text, boolean, jsonb) is
  'Saves a generated course in one transaction: the course of p_topic_id for p_created_by (published now '
  'when p_publish), its chapters numbered in the order of p_chapters ([{title, summary, section_id, '
  'activities: [{kind, title, position, payload, citations: [{chunk_id, source_url, file_path, '
  'page_number, line_start, line_end, snippet}]}]}]), their activities and citations; then deletes '
  'p_created_by''s other unpublished courses of the topic. Returns the new course id. A p_chapters of the '
  'wrong shape raises 22023 and writes nothing. Service role only.';

revoke execute on function public.save_generated_course(uuid, uuid, text, boolean, jsonb)
  from public, anon, authenticated, service_role;
grant execute on function public.save_generated_course(uuid, uuid, text, boolean, jsonb) to service_role;
