-- The `private` schema holds what the API must not expose: row-level-security helper predicates and
-- trigger functions. PostgREST serves only the schemas listed in supabase/config.toml (`public`), so
-- nothing here is reachable over HTTP; policies call these helpers as `(select private.fn(...))`.
--
-- Helpers are PL/pgSQL, not SQL: policies on child tables call them per row, and Postgres 17 plans a SQL
-- function that cannot be inlined (security definer, SET search_path) on every call, while PL/pgSQL keeps
-- its plans for the session.
--
-- House rule for every function in this project: execute is revoked from PUBLIC and the API roles
-- (Postgres and Supabase grant it by default) and granted per function to the roles that need it.
-- supabase/tests/database/010-schema.test.sql fails when a function is left callable by anon.

create schema if not exists private;

comment on schema private is
  'Row-level-security helpers and trigger functions; not exposed through the API.';

revoke all on schema private from public;
grant usage on schema private to authenticated, service_role;

-- Shared trigger functions ------------------------------------------------------------------------

create or replace function private.set_updated_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end;
$$;

comment on function private.set_updated_at() is
  'BEFORE UPDATE trigger: stamps updated_at with the time of the change.';

create or replace function private.forbid_column_changes()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  v_column text;
begin
  foreach v_column in array tg_argv loop
    -- ON DELETE SET NULL of the referenced row (a deleted user) runs as a nested statement: allowed.
    continue when pg_trigger_depth() > 1 and (to_jsonb(new) -> v_column) = 'null'::jsonb;
    if (to_jsonb(old) -> v_column) is distinct from (to_jsonb(new) -> v_column) then
      raise exception '%.% cannot be changed once set', tg_table_name, v_column
        using errcode = '42501',
              hint = 'Create a new row instead of moving this one.';
    end if;
  end loop;
  return new;
end;
$$;

comment on function private.forbid_column_changes() is
  'BEFORE UPDATE trigger: refuses (42501) any change to the columns named as trigger arguments, '
  'such as the owner or the entity of a row, except their clearing by ON DELETE SET NULL.';

revoke execute on function private.set_updated_at() from public;
revoke execute on function private.forbid_column_changes() from public;
