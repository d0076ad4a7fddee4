-- The coverage map (issue 23 point 5, docs/teachers.md "Coverage"): which lines of each source of a topic
-- no item of its published learning path tests, so a teacher can add items for exactly those lines.
--
-- An item is a diagnostic or mastery question or a practice card: what a learner answers. (The topic
-- quiz asks the checks' own questions; study text, slides and recaps explain lines but do not test them.)
-- A line is tested when an item's citation range includes it.
--
-- A body line is one generation reads as prose: not blank, not a heading, and without a layout role other
-- than "list" (captions, footnotes and a table of contents are read around sentences, tables, code and
-- reference lists never; trigger/generation/ingest/layout.ts), with at least one letter.
--
-- An untested run is a stretch of consecutive untested body lines of one chunk (one page); a tested line,
-- a heading or a line of another role ends it, a blank line does not (paragraphs of one untested passage
-- stay one run). Each run names the chapter new items for it would go to: the chapter of the published
-- path citing lines nearest to it in the same source (same page first, then the nearest page, then the
-- nearest line), since that is where a learner meets the passage.

/** Each line of a topic's chunks with whether it is a body line and whether an item of the course tests it. */
create or replace function private.topic_line_coverage(p_topic_id uuid, p_course_id uuid)
returns table (
  source_id uuid,
  chunk_id uuid,
  page_number integer,
  line_number integer,
  text text,
  body boolean,
  tested boolean
)
language sql
stable
security definer
set search_path = ''
as $$
  -- Every line an item cites, once: a hash join with the lines below, not a scan per line.
  with tested_lines as materialized (
    select distinct r.chunk_id, r.line_number
    from (
      select (c.citation ->> 'chunk_id') as chunk_id,
             -- A citation spans a few lines; the bound keeps a malformed one from expanding without end.
             generate_series((c.citation ->> 'line_start')::integer,
                             least((c.citation ->> 'line_end')::integer, (c.citation ->> 'line_start')::integer + 10000))
               as line_number
      from public.chapters ch
      join public.activities a on a.chapter_id = ch.id and a.kind in ('diagnostic', 'mastery', 'practice')
      cross join lateral jsonb_array_elements(
        case when a.kind = 'practice' then a.payload -> 'cards' else a.payload -> 'questions' end
      ) as i(item)
      cross join lateral jsonb_array_elements(
        case when jsonb_typeof(i.item -> 'citations') = 'array' then i.item -> 'citations' else '[]' end
      ) as c(citation)
      where ch.course_id = p_course_id
        and jsonb_typeof(case when a.kind = 'practice' then a.payload -> 'cards' else a.payload -> 'questions' end) = 'array'
        and c.citation ->> 'line_start' ~ '^\d{1,9}$' and c.citation ->> 'line_end' ~ '^\d{1,9}$'
    ) as r
  ),
  lines as (
    select sc.source_id, sc.id as chunk_id, sc.page_number, sc.layout,
           sc.line_start + l.ord::integer - 1 as line_number, l.text
    from public.source_chunks sc
    cross join lateral unnest(string_to_array(sc.content, E'\n')) with ordinality as l(text, ord)
    where sc.topic_id = p_topic_id
  ),
  marked as (
    select l.*,
      exists (
        select 1 from jsonb_array_elements(coalesce(l.layout -> 'headings', '[]')) as h(heading)
        where l.line_number between (h.heading ->> 'line')::integer
          and coalesce((h.heading ->> 'end')::integer, (h.heading ->> 'line')::integer)
      ) as heading,
      exists (
        select 1 from jsonb_array_elements(coalesce(l.layout -> 'roles', '[]')) as r(role)
        where r.role ->> 'role' <> 'list'
          and l.line_number between (r.role ->> 'line')::integer
          and coalesce((r.role ->> 'end')::integer, (r.role ->> 'line')::integer)
      ) as other_role
    from lines l
  )
  select m.source_id, m.chunk_id, m.page_number, m.line_number, m.text,
         not m.heading and not m.other_role and m.text ~ '[[:alpha:]]' as body,
         t.line_number is not null as tested
  from marked m
  left join tested_lines t on t.chunk_id = m.chunk_id::text and t.line_number = m.line_number
$$;

comment on function private.topic_line_coverage(uuid, uuid) is
  'Every line of a topic''s sources: whether it is a body line (prose generation reads) and whether a '
  'check question or practice card of the given course cites it. For class_source_coverage.';

/** Where each chapter of a course cites its sources: one row per activity citation of a chunk. */
create or replace function private.course_cited_places(p_course_id uuid)
returns table (
  source_id uuid,
  page_number integer,
  line_start integer,
  line_end integer,
  chapter_id uuid,
  chapter_position integer
)
language sql
stable
security definer
set search_path = ''
as $$
  select sc.source_id, sc.page_number, ac.line_start, ac.line_end, ch.id, ch.position
  from public.chapters ch
  join public.activities a on a.chapter_id = ch.id
  join public.activity_citations ac on ac.activity_id = a.id
  join public.source_chunks sc on sc.id = ac.chunk_id
  where ch.course_id = p_course_id
$$;

comment on function private.course_cited_places(uuid) is
  'The source, page and lines of every activity citation of a course, with its chapter: where new items '
  'for untested lines belong (private.citation_distance).';

/**
 * How far a cited place is from some lines of the same source, as a sort key: pages apart first, then
 * lines apart (0 when they overlap). The nearest chapter is the one whose cited place sorts first.
 */
create or replace function private.citation_distance(
  p_page integer,
  p_line_start integer,
  p_line_end integer,
  p_cited_page integer,
  p_cited_start integer,
  p_cited_end integer
)
returns integer[]
language sql
immutable
security definer
set search_path = ''
as $$
  select array[
    abs(coalesce(p_cited_page, 0) - coalesce(p_page, 0)),
    greatest(p_line_start - p_cited_end, p_cited_start - p_line_end, 0)
  ]
$$;

/** The chapter of a course citing lines nearest to the given lines of a chunk; null when none cites its source. */
create or replace function private.coverage_chapter(
  p_course_id uuid,
  p_chunk_id uuid,
  p_line_start integer,
  p_line_end integer
)
returns uuid
language sql
stable
security definer
set search_path = ''
as $$
  select place.chapter_id
  from public.source_chunks here
  join private.course_cited_places(p_course_id) as place on place.source_id = here.source_id
  where here.id = p_chunk_id
  order by private.citation_distance(here.page_number, p_line_start, p_line_end,
                                     place.page_number, place.line_start, place.line_end),
           place.chapter_position, place.chapter_id
  limit 1
$$;

comment on function private.coverage_chapter(uuid, uuid, integer, integer) is
  'The chapter of the course that cites lines nearest to the given lines in the same source (same page, '
  'nearest page, nearest line); where new items for those lines belong. Null when none cites the source.';

create or replace function public.class_source_coverage(p_topic_id uuid)
returns table (
  source_id uuid,
  file_name text,
  file_path text,
  source_url text,
  body_lines integer,
  tested_lines integer,
  chunk_id uuid,
  page_number integer,
  line_start integer,
  line_end integer,
  excerpt text,
  chapter_id uuid,
  chapter_title text
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_course uuid;
begin
  perform private.require_class_viewer(p_topic_id, 7);
  v_course := private.class_course_id(p_topic_id);
  return query
  with coverage as (
    select * from private.topic_line_coverage(p_topic_id, v_course)
  ),
  -- Gaps and islands: in each chunk's sequence of non-blank lines, consecutive untested body lines share
  -- (position in the sequence - position among untested lines).
  sequence as (
    select c.*,
      row_number() over (partition by c.chunk_id order by c.line_number) as seq
    from coverage c
    where btrim(c.text) <> ''
  ),
  untested as (
    select s.*,
      s.seq - row_number() over (partition by s.chunk_id order by s.line_number) as island
    from sequence s
    where s.body and not s.tested
  ),
  runs as (
    select u.source_id, u.chunk_id, min(u.page_number) as page_number,
           min(u.line_number) as line_start, max(u.line_number) as line_end,
           string_agg(btrim(u.text), ' ' order by u.line_number) as text
    from untested u
    group by u.source_id, u.chunk_id, u.island
  ),
  places as materialized (
    select * from private.course_cited_places(v_course)
  ),
  nearest as (
    select r.chunk_id, r.line_start, (
      select p.chapter_id from places p
      where p.source_id = r.source_id
      order by private.citation_distance(r.page_number, r.line_start, r.line_end,
                                         p.page_number, p.line_start, p.line_end),
               p.chapter_position, p.chapter_id
      limit 1
    ) as chapter_id
    from runs r
  ),
  totals as (
    select c.source_id, count(*) filter (where c.body)::integer as body_lines,
           count(*) filter (where c.body and c.tested)::integer as tested_lines
    from coverage c
    group by c.source_id
  )
  select ts.id, ts.file_name, ts.file_path, ts.source_url,
         coalesce(t.body_lines, 0), coalesce(t.tested_lines, 0),
         r.chunk_id, r.page_number, r.line_start, r.line_end,
         case when char_length(r.text) > 300 then left(r.text, 299) || '…' else r.text end,
         ch.id, ch.title
  from public.topic_sources ts
  left join totals t on t.source_id = ts.id
  left join runs r on r.source_id = ts.id
  left join nearest n on n.chunk_id = r.chunk_id and n.line_start = r.line_start
  left join public.chapters ch on ch.id = n.chapter_id
  where ts.topic_id = p_topic_id and ts.status = 'ingested'
  order by ts.created_at, ts.id, r.page_number nulls first, r.line_start;
end;
$$;

comment on function public.class_source_coverage(uuid) is
  'The coverage map of a topic''s published learning path: per ingested source, its body lines and how '
  'many a check question or practice card cites, and one row per untested run of body lines (chunk, page, '
  'lines, an excerpt of at most 300 characters, the chapter new items would go to); a fully tested source '
  'has one row with the run columns null. Creators, managers and admins of the organisation only (42501).';

revoke execute on function private.topic_line_coverage(uuid, uuid), private.course_cited_places(uuid),
  private.citation_distance(integer, integer, integer, integer, integer, integer),
  private.coverage_chapter(uuid, uuid, integer, integer) from public, anon, authenticated, service_role;
revoke execute on function public.class_source_coverage(uuid) from public, anon, authenticated, service_role;
grant execute on function public.class_source_coverage(uuid) to authenticated;
