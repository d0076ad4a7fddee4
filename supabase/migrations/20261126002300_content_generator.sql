-- Which generator wrote a structure or a course ("Offline generator" or the model's name), shown in a
-- quiet line on the structure review and the micro-learning overview; and whether an organisation has a
-- model connected, so its members can be told, once, that an admin can connect one.

alter table public.topics add column structure_generator text,
  add constraint topics_structure_generator_length check (
    structure_generator is null or char_length(structure_generator) between 1 and 200
  );
alter table public.courses add column generator text,
  add constraint courses_generator_length check (generator is null or char_length(generator) between 1 and 200);

comment on column public.topics.structure_generator is
  'What wrote the current structure: the model''s name or "Offline generator"; null before this was kept. '
  'Set by the structure task only.';
comment on column public.courses.generator is
  'What wrote the course: the model''s name (with a note when some chapters fell back) or "Offline '
  'generator"; null before this was kept. Set by the course task only.';

-- The tasks (service role) set these; a content manager who may edit the row may not relabel its author.
create or replace function private.guard_generator_columns()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_column text := tg_argv[0];
begin
  if (to_jsonb(old) ->> v_column) is distinct from (to_jsonb(new) ->> v_column)
     and not private.caller_bypasses_rls() then
    raise exception '%.% is set by the generation tasks', tg_table_name, v_column using errcode = '42501';
  end if;
  return new;
end;
$$;

comment on function private.guard_generator_columns() is
  'BEFORE INSERT OR UPDATE trigger: only a role that bypasses RLS (the tasks'' service role) may change the '
  'generator column named as the trigger argument.';

revoke execute on function private.guard_generator_columns() from public;

create trigger topics_guard_structure_generator
  before insert or update of structure_generator on public.topics
  for each row execute function private.guard_generator_columns('structure_generator');

create trigger courses_guard_generator
  before insert or update of generator on public.courses
  for each row execute function private.guard_generator_columns('generator');

-- entity_has_language_model --------------------------------------------------------------------------------

create or replace function public.entity_has_language_model(p_entity_id uuid)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not private.has_role_on_entity(p_entity_id) then
    return false;
  end if;
  return exists (select 1 from public.entity_llm_settings s where s.entity_id = p_entity_id);
end;
$$;

comment on function public.entity_has_language_model(uuid) is
  'Whether the organisation has connected a language model, for its active members (false for anyone '
  'else). Says nothing about the model itself.';

revoke execute on function public.entity_has_language_model(uuid) from public, anon, authenticated, service_role;
grant execute on function public.entity_has_language_model(uuid) to authenticated;
