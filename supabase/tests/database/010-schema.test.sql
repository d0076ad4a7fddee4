-- Schema shape: the tables and columns of the shared database contract, the house rules every table and
-- function follows (comments, indexed foreign keys, updated_at triggers, fixed search_path, explicit
-- execute grants), the RPC signatures and the storage buckets.

begin;
select plan(65);

-- Tables and columns ------------------------------------------------------------------------------------

select tables_are(
  'public',
  array[
    'core_entities', 'core_memberships', 'profiles', 'subjects', 'modules', 'topics', 'topic_sources',
    'source_chunks', 'courses', 'chapters', 'activities', 'activity_progress', 'practice_card_states',
    'activity_citations', 'favorites', 'topic_subscriptions', 'generation_requests',
    'episode_audio', 'quiz_attempts', 'entity_llm_settings', 'generation_usage',
    'ask_conversations', 'ask_messages', 'course_part_regenerations', 'stale_activities'
  ],
  'public holds exactly the tables of the contract'
);

select columns_are('public', 'core_entities',
  array['id', 'name', 'kind', 'metadata', 'created_at', 'updated_at']);
select columns_are('public', 'core_memberships',
  array['id', 'entity_id', 'user_id', 'member_role', 'status', 'invited_email', 'created_at', 'updated_at']);
select columns_are('public', 'profiles',
  array['id', 'email', 'display_name', 'preferences', 'created_at', 'updated_at']);
select columns_are('public', 'quiz_attempts',
  array['id', 'user_id', 'topic_id', 'answers', 'score', 'total', 'created_at']);
select columns_are('public', 'subjects', array['id', 'title', 'created_at', 'updated_at']);
select columns_are('public', 'modules',
  array['id', 'entity_id', 'title', 'description', 'created_by', 'created_at', 'updated_at']);
select columns_are('public', 'topics',
  array[
    'id', 'entity_id', 'module_id', 'created_by', 'title', 'description', 'level', 'subject_id',
    'thumbnail_image_url', 'structure', 'processing_status', 'processing_progress', 'processing_error',
    'suggested_metadata', 'visibility', 'structure_variant', 'structure_generator', 'created_at', 'updated_at'
  ]);
select columns_are('public', 'topic_sources',
  array[
    'id', 'topic_id', 'kind', 'file_name', 'file_path', 'mime_type', 'pasted_text', 'source_url', 'status',
    'error', 'ocr_pages', 'ocr_low_confidence_pages', 'created_by', 'created_at', 'updated_at'
  ]);
select columns_are('public', 'source_chunks',
  array[
    'id', 'source_id', 'topic_id', 'file_path', 'file_name', 'page_number', 'line_start', 'line_end',
    'content', 'layout', 'created_at'
  ]);
select columns_are('public', 'courses',
  array['id', 'topic_id', 'title', 'published_at', 'generator', 'created_at', 'created_by', 'updated_at']);
select columns_are('public', 'chapters',
  array['id', 'course_id', 'title', 'summary', 'position', 'section_id', 'created_at', 'updated_at']);
select columns_are('public', 'activities',
  array['id', 'chapter_id', 'kind', 'title', 'position', 'payload', 'created_at', 'updated_at']);
select columns_are('public', 'activity_progress',
  array['activity_id', 'user_id', 'status', 'result', 'created_at', 'updated_at']);
select columns_are('public', 'practice_card_states',
  array['user_id', 'activity_id', 'card_id', 'card', 'due_at', 'created_at', 'updated_at']);
select columns_are('public', 'activity_citations',
  array[
    'id', 'activity_id', 'chunk_id', 'source_url', 'file_path', 'page_number', 'line_start', 'line_end',
    'snippet', 'created_at'
  ]);
select columns_are('public', 'favorites', array['user_id', 'topic_id', 'created_at']);
select columns_are('public', 'topic_subscriptions',
  array['id', 'user_id', 'topic_id', 'entity_id', 'entity_kind', 'created_at']);
select columns_are('public', 'generation_requests',
  array['id', 'user_id', 'topic_id', 'task', 'run_id', 'created_at']);

select col_type_is('public', 'topics', 'structure', 'jsonb', 'topics.structure is jsonb');
select col_type_is('public', 'topics', 'processing_progress', 'integer', 'topics.processing_progress is an integer');
select col_type_is('public', 'activities', 'payload', 'jsonb', 'activities.payload is jsonb');
select col_type_is('public', 'source_chunks', 'layout', 'jsonb', 'source_chunks.layout is jsonb');
select col_type_is('public', 'activity_citations', 'id', 'bigint', 'activity_citations.id is a bigint');
select col_is_pk('public', 'activity_progress', array['activity_id', 'user_id'], 'progress is keyed by activity and user');
select col_is_pk('public', 'practice_card_states', array['user_id', 'activity_id', 'card_id'], 'card state is keyed by user, activity and card');
select col_is_pk('public', 'favorites', array['user_id', 'topic_id'], 'a favourite is keyed by user and topic');
select fk_ok('public', 'profiles', 'id', 'auth', 'users', 'id', 'profiles belong to auth users');
select fk_ok('public', 'topics', 'subject_id', 'public', 'subjects', 'id', 'topics reference subjects');
select fk_ok(
  'public', 'topics', array['module_id', 'entity_id'], 'public', 'modules', array['id', 'entity_id'],
  'a topic''s module belongs to the topic''s entity'
);
select fk_ok(
  'public', 'source_chunks', array['source_id', 'topic_id'], 'public', 'topic_sources', array['id', 'topic_id'],
  'a chunk''s topic is its source''s topic'
);
select has_index('public', 'source_chunks', 'source_chunks_content_search_idx', 'source chunks have a full-text index');
select is(
  (select am.amname::text from pg_class c join pg_am am on am.oid = c.relam
   where c.oid = 'public.source_chunks_content_search_idx'::regclass),
  'gin',
  'the full-text index is a GIN index'
);

-- House rules over every table ----------------------------------------------------------------------------

select is_empty(
  $$
    select c.relname
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p')
      and obj_description(c.oid, 'pg_class') is null
  $$,
  'every public table has a comment'
);

select is_empty(
  $$
    select c.relname || '.' || a.attname
    from pg_attribute a
    join pg_class c on c.oid = a.attrelid
    join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p')
      and a.attnum > 0 and not a.attisdropped
      and col_description(c.oid, a.attnum) is null
  $$,
  'every public column has a comment'
);

select is_empty(
  $$
    select con.conrelid::regclass || ' ' || con.conname
    from pg_constraint con
    join pg_namespace n on n.oid = con.connamespace
    where con.contype = 'f' and n.nspname = 'public'
      and not exists (
        select 1
        from pg_index i
        where i.indrelid = con.conrelid
          and (i.indkey::smallint[])[0:cardinality(con.conkey) - 1] @> con.conkey
          and (i.indkey::smallint[])[0:cardinality(con.conkey) - 1] <@ con.conkey
      )
  $$,
  'every foreign key is covered by an index that starts with its columns'
);

select is_empty(
  $$
    select c.relname
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    join pg_attribute a on a.attrelid = c.oid and a.attname = 'updated_at'
    where n.nspname = 'public' and c.relkind = 'r'
      and not exists (
        select 1
        from pg_trigger t
        where t.tgrelid = c.oid and t.tgfoid = 'private.set_updated_at()'::regprocedure
      )
  $$,
  'every table with updated_at maintains it by trigger'
);

select is_empty(
  $$
    select c.relname || '.' || a.attname
    from pg_attribute a
    join pg_class c on c.oid = a.attrelid
    join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind = 'r'
      and a.attname in ('kind', 'status', 'member_role', 'visibility', 'processing_status', 'entity_kind',
                        'processing_progress')
      and not exists (
        select 1
        from pg_constraint con
        where con.conrelid = c.oid
          and (con.contype = 'c' and a.attnum = any (con.conkey)
               or con.contype = 'f' and a.attnum = any (con.conkey))
      )
  $$,
  'every enumerated column and the progress are constrained'
);

-- House rules over every function -------------------------------------------------------------------------

select is_empty(
  $$
    select p.oid::regprocedure::text
    from pg_proc p
    join pg_namespace n on n.oid = p.pronamespace
    where n.nspname in ('public', 'private')
      and not exists (select 1 from unnest(p.proconfig) as setting where setting like 'search_path=%')
  $$,
  'every function in public and private has a fixed search_path'
);

select is_empty(
  $$
    select p.oid::regprocedure::text
    from pg_proc p
    join pg_namespace n on n.oid = p.pronamespace
    where n.nspname in ('public', 'private')
      and p.prosecdef
      and not exists (select 1 from unnest(p.proconfig) as setting where setting = 'search_path=""')
  $$,
  'every security definer function runs with an empty search_path'
);

select is_empty(
  $$
    select p.oid::regprocedure::text
    from pg_proc p
    join pg_namespace n on n.oid = p.pronamespace
    where n.nspname in ('public', 'private')
      and (has_function_privilege('anon', p.oid, 'execute')
           or exists (select 1 from aclexplode(coalesce(p.proacl, acldefault('f', p.proowner)))
                      where grantee = 0 and privilege_type = 'EXECUTE'))
  $$,
  'no function in public or private is executable by PUBLIC or anon'
);

select function_privs_are('public', 'get_user_memberships', array['uuid'], 'authenticated', array['EXECUTE']);
select function_privs_are('public', 'create_entity', array['text', 'text'], 'authenticated', array['EXECUTE']);
select function_privs_are('public', 'invite_member', array['uuid', 'text', 'text'], 'authenticated', array['EXECUTE']);
select function_privs_are('public', 'accept_invitation', array['uuid'], 'authenticated', array['EXECUTE']);
select function_privs_are('public', 'start_structure_generation', array['uuid'], 'authenticated', array['EXECUTE']);
select function_privs_are('public', 'accept_structure', array['uuid', 'jsonb'], 'authenticated', array['EXECUTE']);
select function_privs_are('public', 'regenerate_structure', array['uuid'], 'authenticated', array['EXECUTE']);
select function_privs_are('public', 'get_microlearning_outline', array['uuid'], 'authenticated', array['EXECUTE']);

-- RPC signatures ------------------------------------------------------------------------------------------

select function_returns('public', 'get_user_memberships', array['uuid'],
  'setof record', 'get_user_memberships returns rows');
select is(
  (select string_agg(name || ' ' || type, ', ' order by ord)
   from (
     select p.proargnames[i] as name, format_type(p.proallargtypes[i], null) as type, i as ord
     from pg_proc p, generate_subscripts(p.proallargtypes, 1) as i
     where p.oid = 'public.get_user_memberships(uuid)'::regprocedure and p.proargmodes[i] = 't'
   ) as columns),
  'membership_id uuid, entity_id uuid, entity_name text, entity_kind text, member_role text, status text',
  'get_user_memberships returns exactly the columns of docs/product.md §7'
);
select function_returns('public', 'create_entity', array['text', 'text'], 'uuid');
select function_returns('public', 'invite_member', array['uuid', 'text', 'text'], 'uuid');
select function_returns('public', 'accept_invitation', array['uuid'], 'uuid');
select function_returns('public', 'start_structure_generation', array['uuid'], 'boolean');
select function_returns('public', 'accept_structure', array['uuid', 'jsonb'], 'void');
select function_returns('public', 'regenerate_structure', array['uuid'], 'integer');
select function_returns('public', 'get_microlearning_outline', array['uuid'], 'jsonb');

select is_definer('public', 'get_user_memberships', array['uuid'],
  'get_user_memberships is security definer (it reads entities one is only invited to)');
select isnt_definer('public', 'start_structure_generation', array['uuid'],
  'the structure transitions run as the caller, under RLS');
select isnt_definer('public', 'get_microlearning_outline', array['uuid'],
  'the outline runs as the caller, under RLS');
select is_empty(
  $$
    select p.oid::regprocedure::text
    from pg_proc p
    join pg_namespace n on n.oid = p.pronamespace
    where n.nspname = 'private' and p.prorettype <> 'trigger'::regtype
      and p.proname not in (
        'caller_bypasses_rls', 'assert_can_manage_topic', 'uuid_or_null', 'json_is', 'generated_chapters_problem',
        'quiz_answers_valid', 'quiz_answers_score'
      )
      and not p.prosecdef
  $$,
  'the RLS helper predicates are security definer'
);

-- Private schema and storage ------------------------------------------------------------------------------

select has_schema('private');
select ok(
  not has_schema_privilege('anon', 'private', 'usage'),
  'the anonymous role cannot even look into the private schema'
);
select results_eq(
  $$ select id, public from storage.buckets where id in ('assets', 'sources') order by id $$,
  $$ values ('assets', true), ('sources', false) $$,
  'the assets bucket is public and the sources bucket private'
);

select * from finish();
rollback;
