-- RLS matrix for topic sources, source chunks and the files in Storage (storage.objects policies of the
-- private `sources` bucket and the public `assets` bucket).

begin;
select plan(111);
select tests.create_world();

insert into storage.objects (bucket_id, name)
values
  ('sources', tests.id('entity:alpha') || '/' || tests.id('topic:alpha') || '/pgtap-alpha.pdf'),
  ('sources', tests.id('entity:alpha') || '/' || tests.id('topic:alpha-public') || '/pgtap-alpha-public.pdf'),
  ('sources', tests.id('entity:beta') || '/' || tests.id('topic:beta') || '/pgtap-beta.pdf'),
  ('assets', tests.id('entity:alpha') || '/pgtap-alpha.png'),
  ('assets', tests.id('entity:beta') || '/pgtap-beta.png');

-- topic_sources -------------------------------------------------------------------------------------------

select tests.check_visibility(
  'public.topic_sources', 'tests.fixture_name(id)',
  anon => '{denied}',
  outsider => '{source:alpha-public}',
  member => '{source:alpha,source:alpha-public}',
  creator => '{source:alpha,source:alpha-public}',
  manager => '{source:alpha,source:alpha-public}',
  admin => '{source:alpha,source:alpha-public}',
  other_member => '{source:alpha-public,source:beta}',
  lapsed => '{source:alpha-public}'
);

select tests.check_matrix(
  $$ insert into public.topic_sources (topic_id, kind, file_name, pasted_text)
     values (tests.id('topic:alpha'), 'pasted', 'notes.txt', 'Some notes') returning 1 $$,
  'add a source to topic alpha',
  anon => 'denied', outsider => 'denied', member => 'denied', creator => '1 row',
  manager => '1 row', admin => '1 row', other_member => 'denied'
);

select tests.check_matrix(
  $$ update public.topic_sources set file_name = 'renamed.txt' where id = tests.id('source:alpha') returning 1 $$,
  'edit source alpha',
  anon => 'denied', outsider => 'none', member => 'none', creator => '1 row',
  manager => '1 row', admin => '1 row', other_member => 'none'
);

select tests.check_matrix(
  $$ delete from public.topic_sources where id = tests.id('source:alpha') returning 1 $$,
  'delete source alpha',
  anon => 'denied', outsider => 'none', member => 'none', creator => '1 row',
  manager => '1 row', admin => '1 row', other_member => 'none'
);

-- source_chunks -------------------------------------------------------------------------------------------

select tests.check_visibility(
  'public.source_chunks', 'tests.fixture_name(id)',
  anon => '{denied}',
  outsider => '{chunk:alpha-public}',
  member => '{chunk:alpha,chunk:alpha-public}',
  creator => '{chunk:alpha,chunk:alpha-public}',
  manager => '{chunk:alpha,chunk:alpha-public}',
  admin => '{chunk:alpha,chunk:alpha-public}',
  other_member => '{chunk:alpha-public,chunk:beta}',
  lapsed => '{chunk:alpha-public}'
);

select tests.check_matrix(
  $$ insert into public.source_chunks (source_id, topic_id, line_start, line_end, content)
     values (tests.id('source:alpha'), tests.id('topic:alpha'), 2, 3, E'Line three\nLine four') returning 1 $$,
  'add a chunk to source alpha',
  anon => 'denied', outsider => 'denied', member => 'denied', creator => '1 row',
  manager => '1 row', admin => '1 row', other_member => 'denied'
);

select tests.check_matrix(
  $$ update public.source_chunks set content = 'Changed' where id = tests.id('chunk:alpha') returning 1 $$,
  'edit chunk alpha',
  anon => 'denied', outsider => 'none', member => 'none', creator => '1 row',
  manager => '1 row', admin => '1 row', other_member => 'none'
);

select tests.check_matrix(
  $$ delete from public.source_chunks where id = tests.id('chunk:alpha') returning 1 $$,
  'delete chunk alpha',
  anon => 'denied', outsider => 'none', member => 'none', creator => '1 row',
  manager => '1 row', admin => '1 row', other_member => 'none'
);

-- storage.objects -----------------------------------------------------------------------------------------

select tests.check_visibility(
  'storage.objects',
  $$ case when storage.filename(name) like 'pgtap-%' then bucket_id || '/' || storage.filename(name) end $$,
  anon => '{}',
  outsider => '{assets/pgtap-alpha.png,assets/pgtap-beta.png,sources/pgtap-alpha-public.pdf}',
  member => '{assets/pgtap-alpha.png,assets/pgtap-beta.png,sources/pgtap-alpha.pdf,sources/pgtap-alpha-public.pdf}',
  creator => '{assets/pgtap-alpha.png,assets/pgtap-beta.png,sources/pgtap-alpha.pdf,sources/pgtap-alpha-public.pdf}',
  manager => '{assets/pgtap-alpha.png,assets/pgtap-beta.png,sources/pgtap-alpha.pdf,sources/pgtap-alpha-public.pdf}',
  admin => '{assets/pgtap-alpha.png,assets/pgtap-beta.png,sources/pgtap-alpha.pdf,sources/pgtap-alpha-public.pdf}',
  other_member => '{assets/pgtap-alpha.png,assets/pgtap-beta.png,sources/pgtap-alpha-public.pdf,sources/pgtap-beta.pdf}',
  lapsed => '{assets/pgtap-alpha.png,assets/pgtap-beta.png,sources/pgtap-alpha-public.pdf}'
);

select tests.check_matrix(
  $$ insert into storage.objects (bucket_id, name)
     values ('sources', tests.id('entity:alpha') || '/' || tests.id('topic:alpha') || '/upload.pdf') returning 1 $$,
  'upload a source file of topic alpha',
  anon => 'denied', outsider => 'denied', member => 'denied', creator => '1 row',
  manager => '1 row', admin => '1 row', other_member => 'denied'
);

select tests.check_matrix(
  $$ update storage.objects set metadata = '{"replaced": true}'
     where bucket_id = 'sources' and name like '%/pgtap-alpha.pdf' returning 1 $$,
  'replace source file alpha',
  anon => 'none', outsider => 'none', member => 'none', creator => '1 row',
  manager => '1 row', admin => '1 row', other_member => 'none'
);

select tests.check_matrix(
  $$ delete from storage.objects where bucket_id = 'sources' and name like '%/pgtap-alpha.pdf' returning 1 $$,
  'delete source file alpha',
  anon => 'none', outsider => 'none', member => 'none', creator => '1 row',
  manager => '1 row', admin => '1 row', other_member => 'none'
);

select tests.check_matrix(
  $$ insert into storage.objects (bucket_id, name)
     values ('assets', tests.id('entity:alpha') || '/thumbnail.png') returning 1 $$,
  'upload an asset of alpha',
  anon => 'denied', outsider => 'denied', member => 'denied', creator => '1 row',
  manager => '1 row', admin => '1 row', other_member => 'denied'
);

select tests.check_matrix(
  $$ update storage.objects set metadata = '{"replaced": true}'
     where bucket_id = 'assets' and name like '%/pgtap-alpha.png' returning 1 $$,
  'replace asset alpha',
  anon => 'none', outsider => 'none', member => 'none', creator => '1 row',
  manager => '1 row', admin => '1 row', other_member => 'none'
);

select tests.check_matrix(
  $$ delete from storage.objects where bucket_id = 'assets' and name like '%/pgtap-alpha.png' returning 1 $$,
  'delete asset alpha',
  anon => 'none', outsider => 'none', member => 'none', creator => '1 row',
  manager => '1 row', admin => '1 row', other_member => 'none'
);

-- Paths are user input ------------------------------------------------------------------------------------

select tests.check_as(
  'creator',
  $$ insert into storage.objects (bucket_id, name)
     values ('sources', tests.id('entity:beta') || '/' || tests.id('topic:alpha') || '/misfiled.pdf') returning 1 $$,
  'denied',
  'creator: a source file must sit under its topic''s own entity'
);

select tests.check_as(
  'creator',
  $$ insert into storage.objects (bucket_id, name) values ('sources', 'not-a-uuid/also-not/x.pdf') returning 1 $$,
  'denied',
  'creator: a path that is not <entity>/<topic>/<file> is refused, not an error'
);

select tests.check_as(
  'creator',
  $$ insert into storage.objects (bucket_id, name)
     values ('assets', tests.id('entity:beta') || '/planted.png') returning 1 $$,
  'denied',
  'creator: cannot upload assets into another entity'
);

select * from finish();
rollback;
