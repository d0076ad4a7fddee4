set client_min_messages to warning;

-- Test helpers, installed permanently in the `tests` schema (outside the test transaction) so every
-- later file can use them, under pg_prove as under `supabase test db`. In the spirit of basejump's
-- supabase-test-helpers: users are created in auth.users and impersonated by setting the role and the
-- JWT claims exactly as PostgREST does.
--
-- Fixtures have deterministic ids, tests.id('<kind>:<name>'), so tests read as names, not uuids.

create extension if not exists pgtap with schema extensions;

-- Reinstalled from scratch on every run, so a changed helper never leaves an old overload behind.
drop schema if exists tests cascade;
create schema tests;
grant usage on schema tests to anon, authenticated, service_role;

-- Identity and impersonation ---------------------------------------------------------------------------

create or replace function tests.id(p_name text)
returns uuid
language sql
immutable
set search_path = ''
as $$
  select md5('studymap-pgtap:' || p_name)::uuid
$$;

create or replace function tests.create_supabase_user(p_identifier text, p_email text default null)
returns uuid
language sql
set search_path = ''
as $$
  -- As Supabase Auth writes a user: '' rather than NULL in the columns it reads as strings.
  insert into auth.users (
    instance_id, id, aud, role, email, email_confirmed_at, raw_app_meta_data, raw_user_meta_data, created_at,
    updated_at, is_super_admin, confirmation_token, recovery_token, email_change_token_new, email_change
  )
  values (
    '00000000-0000-0000-0000-000000000000',
    tests.id('user:' || p_identifier),
    'authenticated',
    'authenticated',
    coalesce(p_email, replace(p_identifier, '_', '.') || '@pgtap.studymap.test'),
    now(),
    '{"provider": "email", "providers": ["email"]}',
    jsonb_build_object('test_identifier', p_identifier),
    now(),
    now(),
    false,
    '', '', '', ''
  )
  returning id
$$;

-- Security definer: the caller may already be impersonating someone who cannot read auth.users.
create or replace function tests.get_supabase_user(p_identifier text)
returns auth.users
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  v_user auth.users;
begin
  select u.* into v_user from auth.users u where u.raw_user_meta_data ->> 'test_identifier' = p_identifier;
  if v_user.id is null then
    raise exception 'test user "%" does not exist; create it with tests.create_supabase_user', p_identifier;
  end if;
  return v_user;
end;
$$;

create or replace function tests.get_supabase_uid(p_identifier text)
returns uuid
language sql
stable
set search_path = ''
as $$
  select (tests.get_supabase_user(p_identifier)).id
$$;

create or replace function tests.authenticate_as(p_identifier text)
returns void
language plpgsql
set search_path = ''
as $$
declare
  v_user auth.users := tests.get_supabase_user(p_identifier);
begin
  perform set_config('role', 'authenticated', true);
  perform set_config(
    'request.jwt.claims',
    jsonb_build_object('sub', v_user.id, 'role', 'authenticated', 'aud', 'authenticated', 'email', v_user.email)::text,
    true
  );
end;
$$;

create or replace function tests.authenticate_as_anon()
returns void
language plpgsql
set search_path = ''
as $$
begin
  perform set_config('role', 'anon', true);
  perform set_config('request.jwt.claims', '{"role": "anon"}', true);
end;
$$;

create or replace function tests.authenticate_as_service_role()
returns void
language plpgsql
set search_path = ''
as $$
begin
  perform set_config('role', 'service_role', true);
  perform set_config('request.jwt.claims', '{"role": "service_role"}', true);
end;
$$;

create or replace function tests.clear_authentication()
returns void
language plpgsql
set search_path = ''
as $$
begin
  perform set_config('role', 'none', true);
  perform set_config('request.jwt.claims', '', true);
end;
$$;

-- 'anon' impersonates the anonymous key; any other name a test user.
create or replace function tests.impersonate(p_who text)
returns void
language plpgsql
set search_path = ''
as $$
begin
  if p_who = 'anon' then
    perform tests.authenticate_as_anon();
  else
    perform tests.authenticate_as(p_who);
  end if;
end;
$$;

-- Fixtures ---------------------------------------------------------------------------------------------

-- Every named fixture, so a row can be labelled by the name its id was made from.
create or replace function tests.fixture_names()
returns text[]
language sql
immutable
set search_path = ''
as $$
  select array[
    'user:admin', 'user:creator', 'user:manager', 'user:member', 'user:lapsed', 'user:outsider',
    'user:other_member', 'user:other_admin', 'user:invitee',
    'entity:alpha', 'entity:beta',
    'membership:admin', 'membership:creator', 'membership:manager', 'membership:member',
    'membership:lapsed', 'membership:invitee', 'membership:other_member', 'membership:other_admin',
    'subject:biology',
    'module:alpha', 'module:beta',
    'topic:alpha', 'topic:alpha-public', 'topic:alpha-shared', 'topic:beta',
    'source:alpha', 'source:alpha-public', 'source:beta',
    'chunk:alpha', 'chunk:alpha-public', 'chunk:beta',
    'course:alpha', 'course:alpha-draft', 'course:alpha-public', 'course:beta',
    'chapter:alpha', 'chapter:alpha-draft', 'chapter:alpha-public', 'chapter:beta',
    'activity:alpha', 'activity:alpha-draft', 'activity:alpha-public', 'activity:beta',
    'subscription:other_member', 'subscription:lapsed'
  ]
$$;

-- The name a fixture id was made from; p_more_names adds names a single test file made up.
create or replace function tests.fixture_name(p_id uuid, p_more_names text[] default '{}')
returns text
language sql
immutable
set search_path = ''
as $$
  select n from unnest(tests.fixture_names() || p_more_names) as n where tests.id(n) = p_id
$$;

/*
 * The world most tests run in (inside their own transaction, so it is rolled back):
 *
 *   entity alpha (school): admin, creator, manager, member active; lapsed inactive; invitee invited
 *   entity beta (company): other_admin, other_member active; outsider belongs nowhere
 *   topics: alpha (entity-only, in module alpha, awaiting review), alpha-public (public),
 *           alpha-shared (entity-only, other_member subscribed), beta (entity-only); lapsed subscribed
 *           to alpha while still active (a subscription grants nothing by itself)
 *   a pasted source with one chunk for alpha, alpha-public and beta
 *   courses: alpha (published), alpha-draft (member's own draft), alpha-public (published), beta
 *           (published); one chapter with an overview activity and a citation each
 *   member's progress, card state and favourite on alpha; other_member's on beta
 */
create or replace function tests.create_world()
returns void
language plpgsql
set search_path = ''
as $$
declare
  v_structure constant jsonb := '{"title": "Cells", "description": "What cells are made of", "sections": []}';
  v_overview constant jsonb := '{"slides": [], "objectives": []}';
begin
  perform tests.create_supabase_user(identifier)
  from unnest(array[
    'admin', 'creator', 'manager', 'member', 'lapsed', 'outsider', 'other_member', 'other_admin', 'invitee'
  ]) as identifier;

  insert into public.core_entities (id, name, kind) values
    (tests.id('entity:alpha'), 'Alpha School', 'school'),
    (tests.id('entity:beta'), 'Beta Company', 'company');

  insert into public.core_memberships (id, entity_id, user_id, member_role, status, invited_email)
  select tests.id('membership:' || who), tests.id('entity:' || entity), tests.id('user:' || who), role,
         status, null
  from (values
    ('admin', 'alpha', 'admin', 'active'),
    ('creator', 'alpha', 'creator', 'active'),
    ('manager', 'alpha', 'manager', 'active'),
    ('member', 'alpha', 'member', 'active'),
    ('lapsed', 'alpha', 'creator', 'inactive'),
    ('other_admin', 'beta', 'admin', 'active'),
    ('other_member', 'beta', 'member', 'active')
  ) as m(who, entity, role, status);

  insert into public.core_memberships (id, entity_id, user_id, member_role, status, invited_email)
  values (tests.id('membership:invitee'), tests.id('entity:alpha'), null, 'member', 'invited',
          'invitee@pgtap.studymap.test');

  insert into public.subjects (id, title) values (tests.id('subject:biology'), 'Biologie (pgtap)');

  insert into public.modules (id, entity_id, title, created_by) values
    (tests.id('module:alpha'), tests.id('entity:alpha'), 'Alpha collection', tests.id('user:creator')),
    (tests.id('module:beta'), tests.id('entity:beta'), 'Beta collection', tests.id('user:other_admin'));

  insert into public.topics
    (id, entity_id, module_id, created_by, title, subject_id, visibility, processing_status, structure)
  values
    (tests.id('topic:alpha'), tests.id('entity:alpha'), tests.id('module:alpha'), tests.id('user:creator'),
     'Alpha topic', tests.id('subject:biology'), 'entity', 'awaiting_structure_review', v_structure),
    (tests.id('topic:alpha-public'), tests.id('entity:alpha'), null, tests.id('user:creator'),
     'Alpha public topic', null, 'public', null, null),
    (tests.id('topic:alpha-shared'), tests.id('entity:alpha'), null, tests.id('user:creator'),
     'Alpha shared topic', null, 'entity', 'pending', null),
    (tests.id('topic:beta'), tests.id('entity:beta'), tests.id('module:beta'), tests.id('user:other_admin'),
     'Beta topic', null, 'entity', null, null);

  insert into public.topic_subscriptions (id, user_id, topic_id, entity_id, entity_kind) values
    (tests.id('subscription:other_member'), tests.id('user:other_member'), tests.id('topic:alpha-shared'),
     tests.id('entity:beta'), 'company'),
    (tests.id('subscription:lapsed'), tests.id('user:lapsed'), tests.id('topic:alpha'),
     tests.id('entity:alpha'), 'school');

  insert into public.topic_sources (id, topic_id, kind, file_name, pasted_text, status, created_by)
  select tests.id('source:' || topic), tests.id('topic:' || topic), 'pasted', topic || '.txt',
         'Line one of ' || topic || E'\nLine two', 'ingested', tests.id('user:creator')
  from unnest(array['alpha', 'alpha-public', 'beta']) as topic;

  insert into public.source_chunks (id, source_id, topic_id, file_name, line_start, line_end, content)
  select tests.id('chunk:' || topic), tests.id('source:' || topic), tests.id('topic:' || topic),
         topic || '.txt', 0, 1, 'Line one of ' || topic || E'\nLine two'
  from unnest(array['alpha', 'alpha-public', 'beta']) as topic;

  insert into public.courses (id, topic_id, title, published_at, created_by)
  select tests.id('course:' || course), tests.id('topic:' || topic), 'Course ' || course, published_at,
         tests.id('user:' || creator)
  from (values
    ('alpha', 'alpha', now() - interval '1 day', 'creator'),
    ('alpha-draft', 'alpha', null, 'member'),
    ('alpha-public', 'alpha-public', now() - interval '1 day', 'creator'),
    ('beta', 'beta', now() - interval '1 day', 'other_admin')
  ) as c(course, topic, published_at, creator);

  insert into public.chapters (id, course_id, title, position)
  select tests.id('chapter:' || course), tests.id('course:' || course), 'Chapter of ' || course, 1
  from unnest(array['alpha', 'alpha-draft', 'alpha-public', 'beta']) as course;

  insert into public.activities (id, chapter_id, kind, title, position, payload)
  select tests.id('activity:' || course), tests.id('chapter:' || course), 'overview',
         'Overview of ' || course, 1, v_overview
  from unnest(array['alpha', 'alpha-draft', 'alpha-public', 'beta']) as course;

  insert into public.activity_citations (activity_id, chunk_id, snippet, line_start, line_end)
  select tests.id('activity:' || course), tests.id('chunk:' || topic), 'citation:' || course, 0, 0
  from (values ('alpha', 'alpha'), ('alpha-draft', 'alpha'), ('alpha-public', 'alpha-public'),
               ('beta', 'beta')) as c(course, topic);

  insert into public.activity_progress (activity_id, user_id, status) values
    (tests.id('activity:alpha'), tests.id('user:member'), 'in_progress'),
    (tests.id('activity:beta'), tests.id('user:other_member'), 'completed');

  insert into public.practice_card_states (user_id, activity_id, card_id, card, due_at) values
    (tests.id('user:member'), tests.id('activity:alpha'), 'card-1', '{"reps": 1}', now()),
    (tests.id('user:other_member'), tests.id('activity:beta'), 'card-1', '{"reps": 2}', now());

  insert into public.favorites (user_id, topic_id) values
    (tests.id('user:member'), tests.id('topic:alpha')),
    (tests.id('user:other_member'), tests.id('topic:beta'));
end;
$$;

-- Row-level-security matrix ----------------------------------------------------------------------------

-- The fixture rows of a table the current role can see, each labelled by an expression, sorted; {denied}
-- when the role has no privilege to read the table at all (anon on every public table).
create or replace function tests.visible_labels(p_from text, p_label text)
returns text[]
language plpgsql
set search_path = ''
as $$
declare
  v_labels text[];
begin
  execute format(
    'select coalesce(array_agg(label order by label), ''{}'') '
    'from (select %s as label from %s) as visible where label is not null',
    p_label,
    p_from
  ) into v_labels;
  return v_labels;
exception when insufficient_privilege then
  return array['denied'];
end;
$$;

-- How many rows a statement returns, with its changes undone (by failing a subtransaction on purpose),
-- or the error it raised.
create or replace function tests.rows_then_undo(p_sql text)
returns text
language plpgsql
set search_path = ''
as $$
declare
  v_rows integer;
begin
  begin
    execute format('with cell as (%s) select count(*)::integer from cell', p_sql) into v_rows;
    raise exception using errcode = 'TUNDO';
  exception
    when sqlstate 'TUNDO' then
      return v_rows || case when v_rows = 1 then ' row' else ' rows' end;
    when others then
      return 'error ' || sqlstate || ': ' || sqlerrm;
  end;
end;
$$;

/*
 * One matrix cell: runs p_sql as p_who and asserts the expected outcome.
 *   'denied'  the statement raises 42501 (refused insert, missing privilege)  → throws_ok
 *   'none'    the statement returns no rows (RLS skips them silently)         → is_empty
 *   'N row(s)' it returns N rows; its changes are then undone                  → is
 * Statements that write must end in `returning ...` so rows can be counted.
 */
create or replace function tests.check_as(p_who text, p_sql text, p_expected text, p_description text)
returns text
language plpgsql
set search_path = extensions, public
as $$
declare
  v_tap text;
begin
  perform tests.impersonate(p_who);
  v_tap := case
    when p_expected = 'denied' then throws_ok(p_sql, '42501', null, p_description)
    when p_expected = 'none' then is_empty(p_sql, p_description)
    else is(tests.rows_then_undo(p_sql), p_expected, p_description)
  end;
  perform tests.clear_authentication();
  return v_tap;
end;
$$;

-- The same statement for every role of the matrix, one expected outcome each (see tests.check_as).
-- lapsed (an inactive member of alpha) is an optional column: where it is given, it is checked too.
create or replace function tests.check_matrix(
  p_sql text,
  p_what text,
  anon text,
  outsider text,
  member text,
  creator text,
  manager text,
  admin text,
  other_member text,
  lapsed text default null
)
returns setof text
language sql
set search_path = ''
as $$
  select tests.check_as(who, p_sql, expected, format('%s: %s → %s', who, p_what, expected))
  from (values
    (1, 'anon', anon),
    (2, 'outsider', outsider),
    (3, 'member', member),
    (4, 'creator', creator),
    (5, 'manager', manager),
    (6, 'admin', admin),
    (7, 'other_member', other_member),
    (8, 'lapsed', lapsed)
  ) as cell(ord, who, expected)
  where expected is not null
  order by ord
$$;

-- Which fixture rows each role of the matrix can select, as sorted labels (lapsed optional, as above).
create or replace function tests.check_visibility(
  p_from text,
  p_label text,
  anon text[],
  outsider text[],
  member text[],
  creator text[],
  manager text[],
  admin text[],
  other_member text[],
  lapsed text[] default null
)
returns setof text
language plpgsql
set search_path = extensions, public
as $$
declare
  v_cell record;
  v_seen text[];
begin
  for v_cell in
    select *
    from (values
      (1, 'anon', anon),
      (2, 'outsider', outsider),
      (3, 'member', member),
      (4, 'creator', creator),
      (5, 'manager', manager),
      (6, 'admin', admin),
      (7, 'other_member', other_member),
      (8, 'lapsed', lapsed)
    ) as cell(ord, who, expected)
    where expected is not null
    order by ord
  loop
    perform tests.impersonate(v_cell.who);
    v_seen := tests.visible_labels(p_from, p_label);
    perform tests.clear_authentication();
    return next is(
      v_seen,
      (select coalesce(array_agg(e order by e), '{}') from unnest(v_cell.expected) as e),
      format('%s: sees %s rows %s', v_cell.who, p_from, v_cell.expected)
    );
  end loop;
end;
$$;

grant execute on all functions in schema tests to anon, authenticated, service_role;

-- Self-test of the helpers and of the platform the migrations rely on -------------------------------------

begin;
select plan(12);

select has_function('auth', 'uid', 'auth.uid() exists as on Supabase');
select has_role('authenticated', 'the authenticated API role exists');
select is(
  (select rolbypassrls from pg_roles where rolname = 'service_role'),
  true,
  'service_role bypasses RLS as on Supabase'
);

select lives_ok($$ select tests.create_world() $$, 'the fixture world can be created');
select isnt_empty(
  $$ select 1 from public.profiles where id = tests.id('user:member') $$,
  'creating a test user creates its profile'
);

select tests.authenticate_as('member');
select is(current_user::text, 'authenticated', 'authenticate_as switches to the authenticated role');
select is(auth.uid(), tests.id('user:member'), 'authenticate_as sets the JWT subject');
select is(auth.email(), 'member@pgtap.studymap.test', 'authenticate_as sets the JWT e-mail');
select tests.clear_authentication();
select is(current_user::text, 'postgres', 'clear_authentication returns to the session role');
select is(auth.uid(), null, 'clear_authentication removes the JWT claims');

select is(
  tests.rows_then_undo($$ delete from public.favorites returning 1 $$),
  '2 rows',
  'rows_then_undo counts the rows a statement returns'
);
select is(
  (select count(*)::integer from public.favorites),
  2,
  'rows_then_undo undoes the statement'
);

select * from finish();
rollback;
