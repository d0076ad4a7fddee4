-- Explicit privileges: what anon, authenticated and service_role may do on every table, sequence and
-- function, granted here rather than inherited from default privileges. Older Supabase projects grant
-- everything in `public` to the API roles by default and let RLS decide; newer ones grant nothing, so a
-- project that leaned on the defaults would answer "permission denied" there. From here on both behave
-- the same: the defaults are revoked, and every later migration grants what its new objects need
-- (supabase/tests/database/165-grants.test.sql fails on any table or function without a decision).
--
--   anon           nothing: every policy is for signed-in users, and the RPCs need a caller.
--   authenticated  per table, exactly the commands its RLS policies allow (RLS still picks the rows).
--   service_role   the edge functions and tasks: read and write rows, never truncate or alter.
-- Functions keep the per-function grants of the migration that created them.

-- Default privileges: nothing for objects created from now on ---------------------------------------------

alter default privileges in schema public revoke all on tables from anon, authenticated, service_role;
alter default privileges in schema public revoke all on sequences from anon, authenticated, service_role;
alter default privileges in schema public revoke all on functions from anon, authenticated, service_role;
alter default privileges in schema public revoke execute on functions from public;

-- Tables and sequences: start from nothing --------------------------------------------------------------

revoke all on all tables in schema public from public, anon, authenticated, service_role;
revoke all on all sequences in schema public from public, anon, authenticated, service_role;

-- authenticated: the commands its policies allow ------------------------------------------------------

-- Full row life cycle, decided row by row by RLS.
grant select, insert, update, delete on
  public.core_memberships,
  public.modules,
  public.topics,
  public.topic_sources,
  public.source_chunks,
  public.courses,
  public.chapters,
  public.activities,
  public.activity_citations,
  public.activity_progress,
  public.practice_card_states
to authenticated;

-- Entities are created by the create_entity RPC (daily limit), never inserted directly.
grant select, update, delete on public.core_entities to authenticated;
-- Bookmarks are added and removed, never edited.
grant select, insert, delete on public.favorites, public.topic_subscriptions to authenticated;
-- Subjects are a shared list: anyone signed in may read and add one.
grant select, insert on public.subjects to authenticated;
-- Generation requests are written by the edge functions; a user reads their own (limits on screen).
grant select on public.generation_requests to authenticated;
-- Profiles are created by trigger; a user edits only their name and preferences.
grant select on public.profiles to authenticated;
grant update (display_name, preferences) on public.profiles to authenticated;

-- service_role: rows of every table -------------------------------------------------------------------

grant select, insert, update, delete on all tables in schema public to service_role;
