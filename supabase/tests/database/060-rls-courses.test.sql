-- RLS matrix for courses, chapters, activities and activity citations: published content is readable as
-- its topic, a draft only by its creator; content managers of the topic's entity write.

begin;
select plan(118);
select tests.create_world();

-- courses -------------------------------------------------------------------------------------------------

select tests.check_visibility(
  'public.courses', 'tests.fixture_name(id)',
  anon => '{denied}',
  outsider => '{course:alpha-public}',
  member => '{course:alpha,course:alpha-draft,course:alpha-public}',
  creator => '{course:alpha,course:alpha-public}',
  manager => '{course:alpha,course:alpha-public}',
  admin => '{course:alpha,course:alpha-public}',
  other_member => '{course:alpha-public,course:beta}',
  lapsed => '{course:alpha-public}'
);

select tests.check_matrix(
  $$ insert into public.courses (topic_id, title) values (tests.id('topic:alpha'), 'New course') returning 1 $$,
  'create a course for topic alpha',
  anon => 'denied', outsider => 'denied', member => 'denied', creator => '1 row',
  manager => '1 row', admin => '1 row', other_member => 'denied'
);

select tests.check_matrix(
  $$ update public.courses set published_at = now() where id = tests.id('course:alpha') returning 1 $$,
  'republish course alpha',
  anon => 'denied', outsider => 'none', member => 'none', creator => '1 row',
  manager => '1 row', admin => '1 row', other_member => 'none'
);

select tests.check_matrix(
  $$ delete from public.courses where id = tests.id('course:alpha') returning 1 $$,
  'delete course alpha',
  anon => 'denied', outsider => 'none', member => 'none', creator => '1 row',
  manager => '1 row', admin => '1 row', other_member => 'none'
);

-- chapters ------------------------------------------------------------------------------------------------

select tests.check_visibility(
  'public.chapters', 'tests.fixture_name(id)',
  anon => '{denied}',
  outsider => '{chapter:alpha-public}',
  member => '{chapter:alpha,chapter:alpha-draft,chapter:alpha-public}',
  creator => '{chapter:alpha,chapter:alpha-public}',
  manager => '{chapter:alpha,chapter:alpha-public}',
  admin => '{chapter:alpha,chapter:alpha-public}',
  other_member => '{chapter:alpha-public,chapter:beta}',
  lapsed => '{chapter:alpha-public}'
);

select tests.check_matrix(
  $$ insert into public.chapters (course_id, title, position)
     values (tests.id('course:alpha'), 'Chapter two', 2) returning 1 $$,
  'add a chapter to course alpha',
  anon => 'denied', outsider => 'denied', member => 'denied', creator => '1 row',
  manager => '1 row', admin => '1 row', other_member => 'denied'
);

select tests.check_matrix(
  $$ update public.chapters set summary = 'Edited' where id = tests.id('chapter:alpha') returning 1 $$,
  'edit chapter alpha',
  anon => 'denied', outsider => 'none', member => 'none', creator => '1 row',
  manager => '1 row', admin => '1 row', other_member => 'none'
);

select tests.check_matrix(
  $$ delete from public.chapters where id = tests.id('chapter:alpha') returning 1 $$,
  'delete chapter alpha',
  anon => 'denied', outsider => 'none', member => 'none', creator => '1 row',
  manager => '1 row', admin => '1 row', other_member => 'none'
);

-- activities ----------------------------------------------------------------------------------------------

select tests.check_visibility(
  'public.activities', 'tests.fixture_name(id)',
  anon => '{denied}',
  outsider => '{activity:alpha-public}',
  member => '{activity:alpha,activity:alpha-draft,activity:alpha-public}',
  creator => '{activity:alpha,activity:alpha-public}',
  manager => '{activity:alpha,activity:alpha-public}',
  admin => '{activity:alpha,activity:alpha-public}',
  other_member => '{activity:alpha-public,activity:beta}',
  lapsed => '{activity:alpha-public}'
);

select tests.check_matrix(
  $$ insert into public.activities (chapter_id, kind, title, position, payload)
     values (tests.id('chapter:alpha'), 'recap', 'Recap', 6, '{"transcript": "Kort.", "bullets": []}')
     returning 1 $$,
  'add an activity to chapter alpha',
  anon => 'denied', outsider => 'denied', member => 'denied', creator => '1 row',
  manager => '1 row', admin => '1 row', other_member => 'denied'
);

select tests.check_matrix(
  $$ update public.activities set title = 'Edited' where id = tests.id('activity:alpha') returning 1 $$,
  'edit activity alpha',
  anon => 'denied', outsider => 'none', member => 'none', creator => '1 row',
  manager => '1 row', admin => '1 row', other_member => 'none'
);

select tests.check_matrix(
  $$ delete from public.activities where id = tests.id('activity:alpha') returning 1 $$,
  'delete activity alpha',
  anon => 'denied', outsider => 'none', member => 'none', creator => '1 row',
  manager => '1 row', admin => '1 row', other_member => 'none'
);

-- activity_citations --------------------------------------------------------------------------------------

select tests.check_visibility(
  'public.activity_citations', $$ case when snippet like 'citation:%' then snippet end $$,
  anon => '{denied}',
  outsider => '{citation:alpha-public}',
  member => '{citation:alpha,citation:alpha-draft,citation:alpha-public}',
  creator => '{citation:alpha,citation:alpha-public}',
  manager => '{citation:alpha,citation:alpha-public}',
  admin => '{citation:alpha,citation:alpha-public}',
  other_member => '{citation:alpha-public,citation:beta}',
  lapsed => '{citation:alpha-public}'
);

select tests.check_matrix(
  $$ insert into public.activity_citations (activity_id, chunk_id, snippet, line_start, line_end)
     values (tests.id('activity:alpha'), tests.id('chunk:alpha'), 'Line two', 1, 1) returning 1 $$,
  'cite a chunk in activity alpha',
  anon => 'denied', outsider => 'denied', member => 'denied', creator => '1 row',
  manager => '1 row', admin => '1 row', other_member => 'denied'
);

select tests.check_matrix(
  $$ update public.activity_citations set page_number = 1 where snippet = 'citation:alpha' returning 1 $$,
  'edit the citation of activity alpha',
  anon => 'denied', outsider => 'none', member => 'none', creator => '1 row',
  manager => '1 row', admin => '1 row', other_member => 'none'
);

select tests.check_matrix(
  $$ delete from public.activity_citations where snippet = 'citation:alpha' returning 1 $$,
  'delete the citation of activity alpha',
  anon => 'denied', outsider => 'none', member => 'none', creator => '1 row',
  manager => '1 row', admin => '1 row', other_member => 'none'
);

-- Drafts --------------------------------------------------------------------------------------------------

select tests.check_as(
  'member',
  $$ update public.courses set published_at = now() where id = tests.id('course:alpha-draft') returning 1 $$,
  'none',
  'member: a learner cannot publish their own draft'
);

select tests.check_as(
  'manager',
  $$ update public.courses set published_at = now() where id = tests.id('course:alpha-draft') returning 1 $$,
  'none',
  'manager: a learner''s draft is private to the learner, even for content managers'
);

select * from finish();
rollback;
