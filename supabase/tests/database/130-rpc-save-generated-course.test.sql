-- save_generated_course: the generation task saves a whole course in one transaction — course, chapters,
-- activities and citations — and replaces the requester's older drafts of the topic; nothing else is
-- touched, only the service role may call it, and content of the wrong shape writes nothing.

begin;
select plan(30);
select tests.create_world();

-- Two chapters: the first with two activities (two citations on its overview), the second with a recap.
create function pg_temp.content()
returns jsonb
language sql
as $$
  select replace($json$[
    {"title": "Cells", "summary": "What cells are", "section_id": "s1", "activities": [
      {"kind": "overview", "title": "Intro", "position": 1,
       "payload": {"slides": [{"title": "Cells", "bullets": ["Small"]}], "objectives": ["Know cells"]},
       "citations": [
         {"chunk_id": ":chunk", "source_url": null, "file_path": null, "page_number": null,
          "line_start": 0, "line_end": 0, "snippet": "Line one"},
         {"chunk_id": null, "source_url": "https://example.org/cells", "file_path": null,
          "page_number": 3, "line_start": null, "line_end": null, "snippet": "On the web"}]},
      {"kind": "diagnostic", "title": "Check", "position": 2, "payload": {"questions": []},
       "citations": []}]},
    {"title": "Organs", "summary": null, "section_id": "s2", "activities": [
      {"kind": "recap", "title": "Recap", "position": 6,
       "payload": {"transcript": "Kort samengevat.", "bullets": ["Cells form organs"]},
       "citations": [{"chunk_id": ":chunk", "line_start": 1, "line_end": 1, "snippet": "Line two"}]}]}
  ]$json$, ':chunk', tests.id('chunk:alpha')::text)::jsonb
$$;

-- The ids the calls return, by name, readable by the service role that makes them.
create temp table saved (name text primary key, course_id uuid not null);
grant select, insert on saved to service_role;

-- More drafts around the member's: an older one of the same topic, the creator's of the same topic,
-- and the member's own of another topic.
insert into public.courses (id, topic_id, title, created_by, created_at) values
  (tests.id('course:alpha-draft-older'), tests.id('topic:alpha'), 'Older draft', tests.id('user:member'),
   now() - interval '3 days'),
  (tests.id('course:alpha-creator-draft'), tests.id('topic:alpha'), 'Creator draft', tests.id('user:creator'),
   now() - interval '1 day'),
  (tests.id('course:shared-member-draft'), tests.id('topic:alpha-shared'), 'Member shared draft',
   tests.id('user:member'), now() - interval '1 day');

-- The courses of a topic, labelled by fixture name, or "new: <title>" for those the calls made.
create function pg_temp.courses_of(p_topic text)
returns text[]
language sql
as $$
  select coalesce(array_agg(label order by label), '{}')
  from (
    select coalesce(
      tests.fixture_name(
        c.id, array['course:alpha-draft-older', 'course:alpha-creator-draft', 'course:shared-member-draft']
      ),
      'new: ' || c.title
    ) as label
    from public.courses c
    where c.topic_id = tests.id(p_topic)
  ) as labelled
$$;

-- Who may call it -----------------------------------------------------------------------------------------

select ok(
  (select p.prosecdef and p.proconfig @> array['search_path=""']
   from pg_proc p where p.oid = 'public.save_generated_course(uuid, uuid, text, boolean, jsonb)'::regprocedure),
  'save_generated_course is security definer with an empty search_path'
);
select tests.authenticate_as('member');
select throws_ok(
  $$ select public.save_generated_course(tests.id('topic:alpha'), tests.id('user:member'), 'Mine', false,
       pg_temp.content()) $$,
  '42501', 'permission denied for function save_generated_course',
  'a signed-in learner cannot save a course for anyone, themselves included'
);
select tests.authenticate_as('admin');
select throws_ok(
  $$ select public.save_generated_course(tests.id('topic:alpha'), tests.id('user:admin'), 'Mine', true,
       pg_temp.content()) $$,
  '42501', null,
  'nor can an admin of the topic''s entity'
);
select tests.authenticate_as_anon();
select throws_ok(
  $$ select public.save_generated_course(tests.id('topic:alpha'), tests.id('user:member'), 'Mine', false,
       pg_temp.content()) $$,
  '42501', null,
  'nor the anonymous key'
);
select tests.clear_authentication();
select is(
  pg_temp.courses_of('topic:alpha'),
  array['course:alpha', 'course:alpha-creator-draft', 'course:alpha-draft', 'course:alpha-draft-older'],
  'refused calls wrote nothing'
);

-- Content of the wrong shape writes nothing ---------------------------------------------------------------

select tests.authenticate_as_service_role();
select throws_ok(
  $$ select public.save_generated_course(tests.id('topic:alpha'), tests.id('user:member'), 'Bad', false,
       '{"title": "Not a list"}') $$,
  '22023', 'Invalid course content: p_chapters must be a JSON array of chapters',
  'p_chapters must be an array'
);
select throws_ok(
  $$ select public.save_generated_course(tests.id('topic:alpha'), tests.id('user:member'), 'Bad', false, null) $$,
  '22023', 'Invalid course content: p_chapters must be a JSON array of chapters',
  'p_chapters is required'
);
select throws_ok(
  $$ select public.save_generated_course(tests.id('topic:alpha'), tests.id('user:member'), 'Bad', false,
       pg_temp.content() || '[{"title": "No activities"}]'::jsonb) $$,
  '22023',
  'Invalid course content: chapter 3 needs a title, an activities array and text or null summary and section_id',
  'a chapter without activities is named'
);
select throws_ok(
  $$ select public.save_generated_course(tests.id('topic:alpha'), tests.id('user:member'), 'Bad', false,
       jsonb_set(pg_temp.content(), '{1,activities,0,payload}', '"text"')) $$,
  '22023',
  'Invalid course content: activity 1 of chapter 2 needs a kind, a title, a position, a payload object and a citations array',
  'an activity whose payload is not an object is named'
);
select throws_ok(
  $$ select public.save_generated_course(tests.id('topic:alpha'), tests.id('user:member'), 'Bad', false,
       jsonb_set(pg_temp.content(), '{0,activities,0,citations,1,line_start}', '"one"')) $$,
  '22023',
  'Invalid course content: citation 2 of activity 1 of chapter 1 must be an object of text and number fields',
  'a citation with a line number that is not a number is named'
);
select throws_ok(
  $$ select public.save_generated_course(tests.id('topic:alpha'), tests.id('user:member'), 'Bad', false,
       jsonb_set(pg_temp.content(), '{1,activities,0,citations,0,line_end}', '0')) $$,
  '23514', null,
  'a citation the table refuses (line_end before line_start), in the last chapter, fails the whole call'
);
select throws_ok(
  $$ select public.save_generated_course(tests.id('topic:alpha'), null, 'Bad', false, pg_temp.content()) $$,
  '22023', 'Invalid course: p_created_by and p_publish are required',
  'the requester is required'
);
select tests.clear_authentication();
select is(
  pg_temp.courses_of('topic:alpha'),
  array['course:alpha', 'course:alpha-creator-draft', 'course:alpha-draft', 'course:alpha-draft-older'],
  'refused content wrote no course and deleted no draft'
);
select is(
  (select count(*)::integer from public.chapters where title in ('Cells', 'Organs')),
  0,
  '... nor any chapter'
);

-- A saved course ------------------------------------------------------------------------------------------

select tests.authenticate_as_service_role();
insert into saved
select 'member', public.save_generated_course(
  tests.id('topic:alpha'), tests.id('user:member'), 'My path', false, pg_temp.content()
);
select tests.clear_authentication();

select results_eq(
  $$ select c.topic_id, c.created_by, c.title, c.published_at, c.created_at = now()
     from public.courses c join saved s on s.course_id = c.id where s.name = 'member' $$,
  $$ values (tests.id('topic:alpha'), tests.id('user:member'), 'My path', null::timestamptz, true) $$,
  'the returned id is the requester''s new unpublished course of the topic, created now'
);
select results_eq(
  $$ select ch.position, ch.title, ch.summary, ch.section_id
     from public.chapters ch join saved s on s.course_id = ch.course_id where s.name = 'member'
     order by ch.position $$,
  $$ values (1, 'Cells', 'What cells are', 's1'), (2, 'Organs', null, 's2') $$,
  'its chapters are numbered in the order given'
);
select results_eq(
  $$ select ch.position, a.position, a.kind, a.title, a.payload
     from public.activities a
     join public.chapters ch on ch.id = a.chapter_id
     join saved s on s.course_id = ch.course_id
     where s.name = 'member'
     order by ch.position, a.position $$,
  $$ values
       (1, 1, 'overview', 'Intro',
        '{"slides": [{"title": "Cells", "bullets": ["Small"]}], "objectives": ["Know cells"]}'::jsonb),
       (1, 2, 'diagnostic', 'Check', '{"questions": []}'::jsonb),
       (2, 6, 'recap', 'Recap', '{"transcript": "Kort samengevat.", "bullets": ["Cells form organs"]}'::jsonb) $$,
  'its activities carry kind, title, position and payload in their chapters'
);
select results_eq(
  $$ select a.kind, r.chunk_id, r.source_url, r.file_path, r.page_number, r.line_start, r.line_end, r.snippet
     from public.activity_citations r
     join public.activities a on a.id = r.activity_id
     join public.chapters ch on ch.id = a.chapter_id
     join saved s on s.course_id = ch.course_id
     where s.name = 'member'
     order by r.id $$,
  $$ values
       ('overview', tests.id('chunk:alpha'), null, null, null::integer, 0, 0, 'Line one'),
       ('overview', null::uuid, 'https://example.org/cells', null, 3, null::integer, null::integer, 'On the web'),
       ('recap', tests.id('chunk:alpha'), null, null, null::integer, 1, 1, 'Line two') $$,
  'its citations are saved on their activities, listed by id in the order given'
);

-- Replacing drafts ----------------------------------------------------------------------------------------

select is(
  pg_temp.courses_of('topic:alpha'),
  array['course:alpha', 'course:alpha-creator-draft', 'new: My path'],
  'the requester''s older drafts of the topic are gone; the published course and another learner''s draft stay'
);
select is(
  (select count(*)::integer from public.chapters where id = tests.id('chapter:alpha-draft')),
  0,
  '... and the replaced draft''s chapters went with it'
);
select is(
  pg_temp.courses_of('topic:alpha-shared'),
  array['course:shared-member-draft'],
  'the requester''s draft of another topic stays'
);
select is(
  (select count(*)::integer from public.activity_citations where snippet like 'citation:%'),
  3,
  'the citations of untouched courses stay (only the replaced draft''s one is gone)'
);

select tests.authenticate_as('member');
select is(
  public.get_microlearning_outline(tests.id('topic:alpha-shared')) #>> '{course,id}',
  tests.id('course:shared-member-draft')::text,
  'the member still reads their draft of the other topic'
);
select tests.clear_authentication();

-- Publishing, and another requester ----------------------------------------------------------------------

select tests.authenticate_as_service_role();
insert into saved
select 'creator', public.save_generated_course(
  tests.id('topic:alpha'), tests.id('user:creator'), 'Published path', true, pg_temp.content()
);
select tests.clear_authentication();
select is(
  (select c.published_at from public.courses c join saved s on s.course_id = c.id where s.name = 'creator'),
  now(),
  'p_publish publishes the course now'
);
select is(
  pg_temp.courses_of('topic:alpha'),
  array['course:alpha', 'new: My path', 'new: Published path'],
  'the creator''s draft is replaced; the member''s new draft and the older published course stay'
);
select tests.authenticate_as('outsider');
select is(
  public.get_microlearning_outline(tests.id('topic:alpha')),
  '{"course": null, "chapters": []}',
  'a published course is still only readable by readers of its topic'
);
select tests.authenticate_as('member');
select is(
  public.get_microlearning_outline(tests.id('topic:alpha')) #>> '{course,title}',
  'Published path',
  'a reader of the topic now gets the newly published course'
);
select tests.clear_authentication();

-- An unknown topic ---------------------------------------------------------------------------------------

select tests.authenticate_as_service_role();
select throws_ok(
  $$ select public.save_generated_course(gen_random_uuid(), tests.id('user:member'), 'Nowhere', false,
       pg_temp.content()) $$,
  '23503', null,
  'an unknown topic is refused by the foreign key'
);
select tests.clear_authentication();
select is(
  (select count(*)::integer from public.courses where title = 'Nowhere'),
  0,
  '... and leaves nothing behind'
);
select is(
  (select count(*)::integer from public.chapters ch join saved s on s.course_id = ch.course_id),
  4,
  'both saved courses kept their two chapters each'
);

select * from finish();
rollback;
