-- Explicit privileges (20261123000400_explicit_grants.sql): for every table, sequence and function of
-- `public` and `private`, exactly the privileges each API role has, so nothing depends on the default
-- privileges a Supabase project may or may not give. A new table or function fails here until its
-- migration grants what it needs and this list names it.
begin;
select plan(10);

-- Table privileges of a role, as 'table:PRIVILEGE' (column grants as 'table(column):PRIVILEGE').
create function pg_temp.table_privileges(p_role text)
returns setof text
language sql
as $$
  select format('%s.%s:%s', c.relnamespace::regnamespace, c.relname, p.privilege)
  from pg_class c
  cross join unnest(array['SELECT', 'INSERT', 'UPDATE', 'DELETE', 'TRUNCATE', 'REFERENCES', 'TRIGGER'])
    as p(privilege)
  where c.relnamespace in ('public'::regnamespace, 'private'::regnamespace)
    and c.relkind in ('r', 'p', 'v', 'm', 'f')
    and has_table_privilege(p_role, c.oid, p.privilege)
  union all
  select format('%s.%s(%s):%s', c.relnamespace::regnamespace, c.relname, a.attname, p.privilege)
  from pg_class c
  join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
  cross join unnest(array['INSERT', 'UPDATE']) as p(privilege)
  where c.relnamespace in ('public'::regnamespace, 'private'::regnamespace)
    and c.relkind in ('r', 'p')
    and not has_table_privilege(p_role, c.oid, p.privilege)
    and has_column_privilege(p_role, c.oid, a.attnum, p.privilege)
$$;

create function pg_temp.function_privileges(p_role text)
returns setof text
language sql
as $$
  select format('%s.%s', p.pronamespace::regnamespace, p.proname)
  from pg_proc p
  where p.pronamespace in ('public'::regnamespace, 'private'::regnamespace)
    and has_function_privilege(p_role, p.oid, 'execute')
$$;

create function pg_temp.sequence_privileges(p_role text)
returns setof text
language sql
as $$
  select format('%s.%s:%s', c.relnamespace::regnamespace, c.relname, p.privilege)
  from pg_class c
  cross join unnest(array['USAGE', 'SELECT', 'UPDATE']) as p(privilege)
  where c.relnamespace in ('public'::regnamespace, 'private'::regnamespace)
    and c.relkind = 'S'
    and has_sequence_privilege(p_role, c.oid, p.privilege)
$$;

-- Tables ------------------------------------------------------------------------------------------------

select is_empty(
  'select * from pg_temp.table_privileges(''anon'')',
  'anon: no privilege on any table'
);

select set_eq(
  'select * from pg_temp.table_privileges(''authenticated'')',
  $$
    select format('public.%s:%s', t, p)
    from unnest(array[
      'core_memberships', 'modules', 'topics', 'topic_sources', 'source_chunks', 'courses', 'chapters',
      'activities', 'activity_citations', 'activity_progress', 'practice_card_states'
    ]) as t
    cross join unnest(array['SELECT', 'INSERT', 'UPDATE', 'DELETE']) as p
    union all
    select unnest(array[
      'public.core_entities:SELECT', 'public.core_entities:UPDATE', 'public.core_entities:DELETE',
      'public.favorites:SELECT', 'public.favorites:INSERT', 'public.favorites:DELETE',
      'public.topic_subscriptions:SELECT', 'public.topic_subscriptions:INSERT',
      'public.topic_subscriptions:DELETE',
      'public.subjects:SELECT', 'public.subjects:INSERT',
      'public.generation_requests:SELECT',
      'public.generation_usage:SELECT',
      'public.ask_conversations:SELECT', 'public.ask_messages:SELECT',
      'public.episode_audio:SELECT',
      'public.quiz_attempts:SELECT', 'public.quiz_attempts:INSERT',
      'public.course_part_regenerations:SELECT', 'public.stale_activities:SELECT',
      'public.profiles:SELECT',
      'public.profiles(display_name):UPDATE', 'public.profiles(preferences):UPDATE'
    ])
  $$,
  'authenticated: exactly the commands the policies allow, profiles only by name and preferences'
);

select set_eq(
  'select * from pg_temp.table_privileges(''service_role'')',
  $$
    select format('public.%s:%s', c.relname, p)
    from pg_class c
    cross join unnest(array['SELECT', 'INSERT', 'UPDATE', 'DELETE']) as p
    where c.relnamespace = 'public'::regnamespace and c.relkind = 'r'
  $$,
  'service_role: read and write rows of every public table, no truncate, nothing in private'
);

select set_eq(
  $$select c.relname::text from pg_class c where c.relnamespace = 'public'::regnamespace and c.relkind = 'r'$$,
  array[
    'activities', 'activity_citations', 'activity_progress', 'chapters', 'core_entities',
    'core_memberships', 'courses', 'episode_audio', 'favorites', 'generation_requests', 'modules', 'practice_card_states',
    'profiles', 'quiz_attempts', 'source_chunks', 'subjects', 'topic_sources', 'topic_subscriptions', 'topics',
    'entity_llm_settings', 'generation_usage', 'ask_conversations', 'ask_messages',
    'course_part_regenerations', 'stale_activities'
  ],
  'every public table has a privilege decision above (a new table must be added here and granted)'
);

-- Sequences ----------------------------------------------------------------------------------------------

select is_empty(
  $$select * from pg_temp.sequence_privileges('anon')
    union all select * from pg_temp.sequence_privileges('authenticated')
    union all select * from pg_temp.sequence_privileges('service_role')$$,
  'no API role needs a sequence: the only one backs an identity column'
);

-- Functions ----------------------------------------------------------------------------------------------

select is_empty(
  'select * from pg_temp.function_privileges(''anon'')',
  'anon: executes no function of public or private'
);

select set_eq(
  'select * from pg_temp.function_privileges(''authenticated'')',
  array[
    'public.accept_invitation', 'public.accept_structure', 'public.can_manage_topic',
    'public.claim_course_generation', 'public.claim_episode_audio_render',
    'public.create_entity', 'public.get_microlearning_outline', 'public.get_user_memberships',
    'public.save_entity_llm_settings', 'public.disconnect_entity_llm', 'public.entity_has_language_model',
    'public.entity_generation_usage',
    'public.invite_member', 'public.record_structure_run', 'public.regenerate_structure',
    'public.start_structure_generation',
    'public.update_topic_details', 'public.move_topic', 'public.delete_topic', 'public.change_member_role',
    'public.class_topic_progress', 'public.class_subtopic_learners', 'public.class_item_analysis',
    'public.item_flag_thresholds', 'public.ask_question', 'public.course_regeneration_learners',
    'public.publish_course_draft',
    'public.request_item_regeneration', 'public.request_chapter_regeneration', 'public.request_coverage_items', 'public.class_source_coverage',
    'public.seed_practice_card_states', 'public.due_practice_cards',
    'private.assert_can_manage_topic', 'private.caller_bypasses_rls', 'private.can_manage_course',
    'private.can_manage_topic', 'private.can_read_activity', 'private.can_read_course',
    'private.can_read_topic', 'private.claim_generation', 'private.co_member_user_ids',
    'private.content_manager_entity_ids', 'private.course_id_of_activity', 'private.course_id_of_chapter',
    'private.current_user_email', 'private.entity_ids_with_role', 'private.has_role_on_entity',
    'private.is_generating_structure', 'private.member_entity_ids', 'private.quiz_answers_score',
    'private.quiz_answers_valid', 'private.readable_activity_ids', 'private.readable_chapter_ids',
    'private.readable_course_ids', 'private.readable_topic_ids', 'private.source_object_topic_id',
    'private.uuid_or_null'
  ],
  'authenticated: the RPCs of the app and the RLS helpers its policies call'
);

select set_eq(
  'select * from pg_temp.function_privileges(''service_role'')',
  array[
    'public.accept_structure', 'public.can_manage_topic', 'public.fail_stalled_structure',
    'public.forget_orphaned_files',
    'public.get_microlearning_outline', 'public.invitation_mail', 'public.orphaned_files', 'public.regenerate_structure',
    'public.save_generated_course', 'public.stalled_structure_candidates', 'public.entity_llm_credentials',
    'public.start_structure_generation', 'public.remove_abandoned_topics', 'public.ask_passages',
    'public.apply_item_regeneration', 'public.apply_chapter_regeneration', 'public.apply_coverage_items', 'public.record_source_changes',
    'private.assert_can_manage_topic', 'private.caller_bypasses_rls', 'private.can_manage_course',
    'private.can_manage_topic', 'private.can_read_activity', 'private.can_read_course',
    'private.can_read_topic', 'private.claim_generation', 'private.co_member_user_ids',
    'private.content_manager_entity_ids', 'private.course_id_of_activity', 'private.course_id_of_chapter',
    'private.current_user_email', 'private.entity_ids_with_role', 'private.has_role_on_entity',
    'private.is_generating_structure', 'private.member_entity_ids', 'private.quiz_answers_score',
    'private.quiz_answers_valid', 'private.readable_activity_ids', 'private.readable_chapter_ids',
    'private.readable_course_ids', 'private.readable_topic_ids', 'private.source_object_topic_id',
    'private.uuid_or_null'
  ],
  'service_role: the tasks'' RPCs and the RLS helpers'
);

-- Default privileges -----------------------------------------------------------------------------------

select is_empty(
  $$select d.defaclobjtype, a.grantee::regrole::text
      from pg_default_acl d cross join aclexplode(d.defaclacl) a
     where d.defaclnamespace = 'public'::regnamespace
       and a.grantee in ('anon'::regrole, 'authenticated'::regrole, 'service_role'::regrole)$$,
  'no default privileges hand the API roles new objects in public'
);

-- A role without a grant is refused even where RLS would have let it through.
set local role anon;
select throws_ok('select 1 from public.topics limit 1', '42501', null, 'anon: reading topics is refused');
reset role;

select * from finish();
rollback;
