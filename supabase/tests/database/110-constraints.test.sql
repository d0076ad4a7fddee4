-- Every rule the spec states is enforced by the database too (issue 2, "Bad input"): a bad write from any
-- client, even one that bypasses RLS, gets a clear Postgres error and changes nothing. Runs as the owner.

begin;
select plan(59);
select tests.create_world();

-- Entities, memberships, profiles, subjects ---------------------------------------------------------------

select throws_ok($$ insert into public.core_entities (name, kind) values ('Guild', 'guild') $$,
  '23514', null, 'entity kind must be organisation, school, company or personal');
select throws_ok($$ insert into public.core_entities (name, kind) values ('  ', 'school') $$,
  '23514', null, 'entity name must not be blank');
select throws_ok($$ insert into public.core_entities (name, metadata) values ('Org', '[1]') $$,
  '23514', null, 'entity metadata must be a JSON object');
select throws_ok(
  $$ insert into public.core_memberships (entity_id, user_id, member_role, status)
     values (tests.id('entity:beta'), tests.id('user:outsider'), 'owner', 'active') $$,
  '23514', null, 'member_role must be admin, creator, manager or member');
select throws_ok(
  $$ insert into public.core_memberships (entity_id, user_id, member_role, status)
     values (tests.id('entity:beta'), tests.id('user:outsider'), 'member', 'pending') $$,
  '23514', null, 'membership status must be active, invited or inactive');
select throws_ok(
  $$ insert into public.core_memberships (entity_id, member_role, status) values (tests.id('entity:beta'), 'member', 'active') $$,
  '23514', null, 'an active membership needs a user');
select throws_ok(
  $$ insert into public.core_memberships (entity_id, status, invited_email)
     values (tests.id('entity:beta'), 'invited', 'Someone@Example.com') $$,
  '23514', null, 'an invitation e-mail is stored lower-case');
select throws_ok(
  $$ insert into public.core_memberships (entity_id, user_id, member_role, status)
     values (tests.id('entity:alpha'), tests.id('user:member'), 'admin', 'active') $$,
  '23505', null, 'a user has one membership per entity');
select throws_ok(
  $$ insert into public.core_memberships (entity_id, status, invited_email)
     values (tests.id('entity:alpha'), 'invited', 'invitee@pgtap.studymap.test') $$,
  '23505', null, 'an address has one open invitation per entity');
select throws_ok($$ update public.profiles set preferences = '"dark"' where id = tests.id('user:member') $$,
  '23514', null, 'profile preferences must be a JSON object');
select throws_ok($$ insert into public.subjects (title) values ('BIOLOGIE (PGTAP)') $$,
  '23505', null, 'subject titles are unique regardless of case');

-- Topics --------------------------------------------------------------------------------------------------

select throws_ok($$ update public.topics set processing_progress = 101 where id = tests.id('topic:alpha') $$,
  '23514', null, 'processing_progress cannot exceed 100');
select throws_ok($$ update public.topics set processing_progress = -1 where id = tests.id('topic:alpha') $$,
  '23514', null, 'processing_progress cannot be negative');
select lives_ok(
  $$ update public.topics set processing_progress = 100 where id = tests.id('topic:alpha');
     update public.topics set processing_progress = 0 where id = tests.id('topic:alpha') $$,
  'processing_progress accepts 0 and 100');
select throws_ok($$ update public.topics set processing_status = 'done' where id = tests.id('topic:alpha') $$,
  '23514', null, 'processing_status must be one of the known statuses');
select throws_ok(
  $$ update public.topics set processing_status = 'completed' where id = tests.id('topic:alpha-public') $$,
  '23514', null, 'a completed topic has a structure');
select throws_ok(
  $$ update public.topics set processing_status = 'awaiting_structure_review' where id = tests.id('topic:alpha-public') $$,
  '23514', null, 'a topic awaiting review has a structure');
select throws_ok(
  $$ update public.topics set processing_status = 'failed' where id = tests.id('topic:alpha-public') $$,
  '23514', null, 'a failed topic says why');
select throws_ok(
  $$ update public.topics set processing_status = 'failed', processing_error = '  ' where id = tests.id('topic:alpha-public') $$,
  '23514', null, 'a failed topic''s error is not blank');
select throws_ok($$ update public.topics set structure = '[]' where id = tests.id('topic:alpha') $$,
  '23514', null, 'a structure is an object with a sections array');
select throws_ok($$ update public.topics set visibility = 'secret' where id = tests.id('topic:alpha') $$,
  '23514', null, 'visibility must be entity or public');
select throws_ok($$ update public.topics set title = '' where id = tests.id('topic:alpha') $$,
  '23514', null, 'a topic title must not be blank');
select throws_ok($$ update public.topics set suggested_metadata = '"level A2"' where id = tests.id('topic:alpha') $$,
  '23514', null, 'suggested_metadata must be a JSON object');
select throws_ok(
  $$ update public.topics set module_id = tests.id('module:beta') where id = tests.id('topic:alpha') $$,
  '23503', null, 'a topic cannot join another entity''s collection');
select lives_ok(
  $$ delete from public.modules where id = tests.id('module:alpha') $$,
  'deleting a collection keeps its topics'
);
select results_eq(
  $$ select module_id, entity_id from public.topics where id = tests.id('topic:alpha') $$,
  $$ values (null::uuid, tests.id('entity:alpha')) $$,
  '... which leave the collection but stay in their entity'
);

-- Sources and chunks --------------------------------------------------------------------------------------

select throws_ok(
  $$ insert into public.topic_sources (topic_id, kind, pasted_text) values (tests.id('topic:alpha'), 'mp4', 'x') $$,
  '23514', null, 'source kind must be one generation reads');
select throws_ok(
  $$ update public.topic_sources set status = 'done' where id = tests.id('source:alpha') $$,
  '23514', null, 'source status must be pending, ingested or failed');
select throws_ok(
  $$ update public.topic_sources set status = 'failed' where id = tests.id('source:alpha') $$,
  '23514', null, 'a failed source says why');
select throws_ok(
  $$ insert into public.topic_sources (topic_id, kind) values (tests.id('topic:alpha'), 'pasted') $$,
  '23514', null, 'pasted text is required for a pasted source');
select throws_ok(
  $$ update public.topic_sources set ocr_pages = '{0}' where id = tests.id('source:alpha') $$,
  '23514', null, 'recognised pages are page numbers');
select throws_ok(
  $$ update public.topic_sources set ocr_pages = '{2}', ocr_low_confidence_pages = '{3}'
     where id = tests.id('source:alpha') $$,
  '23514', null, 'only a recognised page can be hard to read');
select throws_ok(
  $$ insert into public.topic_sources (topic_id, kind, file_name) values (tests.id('topic:alpha'), 'pdf', 'a.pdf') $$,
  '23514', null, 'a file source has a file path');
select throws_ok(
  $$ insert into public.topic_sources (topic_id, kind, file_path)
     values (tests.id('topic:alpha'), 'pdf', tests.id('entity:beta') || '/' || tests.id('topic:alpha') || '/a.pdf') $$,
  '23514', null, 'a source file lives under its own topic''s entity');
select throws_ok(
  $$ insert into public.topic_sources (topic_id, kind, file_path)
     values (tests.id('topic:alpha'), 'pdf', tests.id('entity:alpha') || '/' || tests.id('topic:alpha') || '/') $$,
  '23514', null, 'a source file path names a file');
select lives_ok(
  $$ insert into public.topic_sources (topic_id, kind, file_name, file_path, mime_type)
     values (tests.id('topic:alpha'), 'pdf', 'a.pdf',
             tests.id('entity:alpha') || '/' || tests.id('topic:alpha') || '/a.pdf', 'application/pdf') $$,
  'a source file at <entity>/<topic>/<file> is accepted');
select throws_ok(
  $$ insert into public.source_chunks (source_id, topic_id, line_start, line_end, content)
     values (tests.id('source:alpha'), tests.id('topic:alpha'), 5, 4, 'x') $$,
  '23514', null, 'a chunk''s last line is not before its first');
select throws_ok(
  $$ insert into public.source_chunks (source_id, topic_id, line_start, line_end, content)
     values (tests.id('source:alpha'), tests.id('topic:alpha'), -1, 0, 'x') $$,
  '23514', null, 'line numbers are 0-based, never negative');
select throws_ok(
  $$ insert into public.source_chunks (source_id, topic_id, page_number, line_start, line_end, content)
     values (tests.id('source:alpha'), tests.id('topic:alpha'), 0, 0, 0, 'x') $$,
  '23514', null, 'page numbers start at 1');
select throws_ok(
  $$ insert into public.source_chunks (source_id, topic_id, line_start, line_end, content)
     values (tests.id('source:alpha'), tests.id('topic:beta'), 0, 0, 'x') $$,
  '23503', null, 'a chunk belongs to its source''s topic');
select lives_ok(
  $$ insert into public.source_chunks (source_id, topic_id, line_start, line_end, content, layout)
     values (tests.id('source:alpha'), tests.id('topic:alpha'), 10, 14, 'a', '{"roles": [
       {"line": 10, "end": 11, "role": "caption"}, {"line": 12, "role": "footnote"},
       {"line": 13, "role": "reference"}, {"line": 14, "role": "table"}]}') $$,
  'a chunk''s layout names the roles of its lines');
select throws_ok(
  $$ insert into public.source_chunks (source_id, topic_id, line_start, line_end, content, layout)
     values (tests.id('source:alpha'), tests.id('topic:alpha'), 20, 22, 'a',
             '{"roles": [{"line": 20, "role": "sidebar-ad"}]}') $$,
  '23514', null, 'a line role is one ingestion knows');
select lives_ok(
  $$ insert into public.source_chunks (source_id, topic_id, line_start, line_end, content, layout)
     values (tests.id('source:alpha'), tests.id('topic:alpha'), 24, 26, 'a',
             '{"roles": [{"line": 24, "end": 26, "role": "code"}]}') $$,
  'a code listing is a line role');
select throws_ok(
  $$ insert into public.source_chunks (source_id, topic_id, line_start, line_end, content, layout)
     values (tests.id('source:alpha'), tests.id('topic:alpha'), 30, 32, 'a',
             '{"roles": [{"line": 31, "end": 33, "role": "caption"}]}') $$,
  '23514', null, 'a role''s lines lie inside the chunk');
select throws_ok(
  $$ insert into public.source_chunks (source_id, topic_id, line_start, line_end, content, layout)
     values (tests.id('source:alpha'), tests.id('topic:alpha'), 40, 42, 'a',
             '{"roles": [{"line": 40, "role": "caption", "why": "x"}]}') $$,
  '23514', null, 'a role names only its lines and its role');

-- Courses -------------------------------------------------------------------------------------------------

select throws_ok(
  $$ insert into public.chapters (course_id, title, position) values (tests.id('course:alpha'), 'Zero', 0) $$,
  '23514', null, 'chapter positions start at 1');
select throws_ok(
  $$ insert into public.chapters (course_id, title, position) values (tests.id('course:alpha'), 'Again', 1) $$,
  '23505', null, 'two chapters of a course cannot share a position');
select throws_ok(
  $$ insert into public.activities (chapter_id, kind, title, position, payload)
     values (tests.id('chapter:alpha'), 'quiz', 'Quiz', 2, '{"questions": []}') $$,
  '23514', null, 'activity kind must be one of the six phases');
select throws_ok(
  $$ insert into public.activities (chapter_id, kind, title, position, payload)
     values (tests.id('chapter:alpha'), 'overview', 'Again', 2, '{"slides": [], "objectives": []}') $$,
  '23505', null, 'a chapter has one activity per phase');
select throws_ok(
  $$ insert into public.activities (chapter_id, kind, title, position, payload)
     values (tests.id('chapter:alpha'), 'study', 'Study', 3, '{"slides": []}') $$,
  '23514', null, 'a study payload has blocks');
select throws_ok(
  $$ insert into public.activities (chapter_id, kind, title, position, payload)
     values (tests.id('chapter:alpha'), 'practice', 'Practice', 4, '{"cards": {}}') $$,
  '23514', null, 'a practice payload''s cards are a list');
select throws_ok(
  $$ insert into public.activities (chapter_id, kind, title, position, payload)
     values (tests.id('chapter:alpha'), 'recap', 'Recap', 6, '{"transcript": 42, "bullets": []}') $$,
  '23514', null, 'a recap transcript is text');
select throws_ok(
  $$ update public.activities set payload = '{"slides": []}' where id = tests.id('activity:alpha') $$,
  '23514', null, 'an overview payload has slides and objectives');
select throws_ok(
  $$ insert into public.activity_citations (activity_id, line_start) values (tests.id('activity:alpha'), 3) $$,
  '23514', null, 'a cited line range has both ends');

-- Learner state -------------------------------------------------------------------------------------------

select throws_ok(
  $$ update public.activity_progress set status = 'done' where activity_id = tests.id('activity:alpha') $$,
  '23514', null, 'progress status must be not_started, in_progress or completed');
select throws_ok(
  $$ update public.practice_card_states set card = '[]' where activity_id = tests.id('activity:alpha') $$,
  '23514', null, 'an FSRS card state is a JSON object');
select throws_ok(
  $$ insert into public.topic_subscriptions (user_id, topic_id, entity_id, entity_kind)
     values (tests.id('user:member'), tests.id('topic:alpha-public'), tests.id('entity:alpha'), 'company') $$,
  '23503', null, 'a subscription''s entity kind is the entity''s real kind');
select throws_ok(
  $$ insert into public.topic_subscriptions (user_id, topic_id, entity_id)
     values (tests.id('user:member'), tests.id('topic:alpha-public'), tests.id('entity:alpha')) $$,
  '23514', null, 'a subscription names its entity with its kind');
select throws_ok(
  $$ insert into public.topic_subscriptions (user_id, topic_id)
     values (tests.id('user:other_member'), tests.id('topic:alpha-shared')) $$,
  '23505', null, 'a user subscribes to a topic once');

select * from finish();
rollback;
