begin;
select plan(3);
select has_function('auth', 'uid', 'auth.uid() exists as on Supabase');
select has_role('authenticated', 'the authenticated API role exists');
select is(
  (select rolbypassrls from pg_roles where rolname = 'service_role'),
  true,
  'service_role bypasses RLS as on Supabase'
);
select * from finish();
rollback;
