-- get_microlearning_outline: the course docs/product.md §4 chooses (latest published, else the caller's own latest
-- draft), chapters and activities by position, and the caller's own progress (not_started by default).

begin;
select plan(17);
select tests.create_world();

-- Course alpha gets a second phase in chapter 1 and two more chapters, inserted out of order.
insert into public.activities (id, chapter_id, kind, title, position, payload)
values (tests.id('activity:alpha-diagnostic'), tests.id('chapter:alpha'), 'diagnostic', 'Check', 2,
        '{"questions": []}');
insert into public.chapters (id, course_id, title, summary, position, section_id) values
  (tests.id('chapter:alpha-3'), tests.id('course:alpha'), 'Third', 'Last part', 3, 's3'),
  (tests.id('chapter:alpha-2'), tests.id('course:alpha'), 'Second', 'Middle part', 2, 's2');
insert into public.activities (id, chapter_id, kind, title, position, payload) values
  (tests.id('activity:alpha-2-recap'), tests.id('chapter:alpha-2'), 'recap', 'Recap', 6,
   '{"transcript": "Kort samengevat.", "bullets": []}'),
  (tests.id('activity:alpha-2-overview'), tests.id('chapter:alpha-2'), 'overview', 'Intro', 1,
   '{"slides": [], "objectives": []}');
insert into public.activity_progress (activity_id, user_id, status) values
  (tests.id('activity:alpha-2-recap'), tests.id('user:member'), 'completed'),
  (tests.id('activity:alpha-diagnostic'), tests.id('user:creator'), 'completed');

-- Topic alpha-shared has drafts only: two of the member's and a newer one of the creator's.
insert into public.courses (id, topic_id, title, created_by, created_at) values
  (tests.id('course:shared-old'), tests.id('topic:alpha-shared'), 'Old draft', tests.id('user:member'),
   now() - interval '2 days'),
  (tests.id('course:shared-new'), tests.id('topic:alpha-shared'), 'New draft', tests.id('user:member'),
   now() - interval '1 day'),
  (tests.id('course:shared-creator'), tests.id('topic:alpha-shared'), 'Creator draft', tests.id('user:creator'),
   now());

-- The outline's course and chapters by fixture name.
create function pg_temp.outline_summary(p_topic text)
returns jsonb
language sql
as $$
  select jsonb_build_object(
    'course', tests.fixture_name(((outline -> 'course') ->> 'id')::uuid, names),
    'chapters', (
      select coalesce(jsonb_agg(tests.fixture_name((chapter ->> 'id')::uuid, names) order by ord), '[]')
      from jsonb_array_elements(outline -> 'chapters') with ordinality as c(chapter, ord)
    )
  )
  from (select public.get_microlearning_outline(tests.id(p_topic)) as outline) as o,
       (select array['chapter:alpha-2', 'chapter:alpha-3', 'course:alpha-newer', 'course:shared-old',
                     'course:shared-new', 'course:shared-creator'] as names) as n
$$;

-- The published course, in order, with the caller's progress ----------------------------------------------

select tests.authenticate_as('member');
select is(
  pg_temp.outline_summary('topic:alpha'),
  '{"course": "course:alpha", "chapters": ["chapter:alpha", "chapter:alpha-2", "chapter:alpha-3"]}',
  'member: the published course wins over their own draft; chapters come by position'
);
select is(
  public.get_microlearning_outline(tests.id('topic:alpha')) -> 'course',
  (select to_jsonb(c) from (
     select id, title, published_at, created_at, created_by from public.courses where id = tests.id('course:alpha')
   ) as c),
  'the course carries id, title, published_at, created_at and created_by'
);
select is(
  public.get_microlearning_outline(tests.id('topic:alpha')) -> 'chapters' -> 0,
  jsonb_build_object(
    'id', tests.id('chapter:alpha'), 'title', 'Chapter of alpha', 'summary', null, 'position', 1,
    'section_id', null,
    'activities', jsonb_build_array(
      jsonb_build_object('id', tests.id('activity:alpha'), 'kind', 'overview', 'title', 'Overview of alpha',
                         'position', 1, 'status', 'in_progress'),
      jsonb_build_object('id', tests.id('activity:alpha-diagnostic'), 'kind', 'diagnostic', 'title', 'Check',
                         'position', 2, 'status', 'not_started')
    )
  ),
  'a chapter lists its activities by position with the member''s own status, not_started where none'
);
select is(
  public.get_microlearning_outline(tests.id('topic:alpha')) #> '{chapters,1,activities}',
  jsonb_build_array(
    jsonb_build_object('id', tests.id('activity:alpha-2-overview'), 'kind', 'overview', 'title', 'Intro',
                       'position', 1, 'status', 'not_started'),
    jsonb_build_object('id', tests.id('activity:alpha-2-recap'), 'kind', 'recap', 'title', 'Recap',
                       'position', 6, 'status', 'completed')
  ),
  'activities inserted out of order come back by position'
);
select is(
  public.get_microlearning_outline(tests.id('topic:alpha')) #> '{chapters,2,activities}',
  '[]'::jsonb,
  'a chapter without activities has an empty list'
);

select tests.authenticate_as('creator');
select is(
  public.get_microlearning_outline(tests.id('topic:alpha')) #>> '{chapters,0,activities,1,status}',
  'completed',
  'creator: sees their own progress'
);
select is(
  public.get_microlearning_outline(tests.id('topic:alpha')) #>> '{chapters,0,activities,0,status}',
  'not_started',
  'creator: never the member''s progress'
);

-- The latest published course -----------------------------------------------------------------------------

select tests.clear_authentication();
insert into public.courses (id, topic_id, title, published_at, created_by)
values (tests.id('course:alpha-newer'), tests.id('topic:alpha'), 'Newer course', now(), tests.id('user:creator'));
select tests.authenticate_as('member');
select is(
  pg_temp.outline_summary('topic:alpha'),
  '{"course": "course:alpha-newer", "chapters": []}',
  'member: the most recently published course is chosen'
);

-- Drafts: only one's own, the latest ----------------------------------------------------------------------

select is(
  pg_temp.outline_summary('topic:alpha-shared'),
  '{"course": "course:shared-new", "chapters": []}',
  'member: without a published course, their own latest draft'
);
select tests.authenticate_as('creator');
select is(
  pg_temp.outline_summary('topic:alpha-shared'),
  '{"course": "course:shared-creator", "chapters": []}',
  'creator: their own draft, not the member''s'
);
select tests.authenticate_as('admin');
select is(
  public.get_microlearning_outline(tests.id('topic:alpha-shared')),
  '{"course": null, "chapters": []}',
  'admin: no published course and no draft of their own gives no course'
);

-- Nothing leaks -------------------------------------------------------------------------------------------

select tests.authenticate_as('outsider');
select is(
  public.get_microlearning_outline(tests.id('topic:alpha')),
  '{"course": null, "chapters": []}',
  'outsider: a topic they cannot read has no outline for them'
);
select is(
  pg_temp.outline_summary('topic:alpha-public'),
  '{"course": "course:alpha-public", "chapters": ["chapter:alpha-public"]}',
  'outsider: a public topic''s published course is readable'
);
select tests.authenticate_as('other_member');
select is(
  public.get_microlearning_outline(tests.id('topic:alpha-shared')),
  '{"course": null, "chapters": []}',
  'other_member: a subscriber never sees other learners'' drafts'
);
select is(
  public.get_microlearning_outline(gen_random_uuid()),
  '{"course": null, "chapters": []}',
  'an unknown topic has an empty outline'
);
select tests.authenticate_as_anon();
select throws_ok(
  $$ select public.get_microlearning_outline(tests.id('topic:alpha-public')) $$,
  '42501', null,
  'the anonymous key cannot read outlines'
);
select tests.clear_authentication();

select ok(
  (select p.prosrc !~* '\m(loop|perform|execute|into)\M'
   from pg_proc p where p.oid = 'public.get_microlearning_outline(uuid)'::regprocedure),
  'the outline is one statement returned as is (one round trip, no procedural steps)'
);

select * from finish();
rollback;
