-- Guards that fail the moment a new table or policy breaks the security model: every public table has
-- row-level security and policies; policies are for signed-in users only, one per operation, and call
-- auth functions once per statement.

begin;
select plan(6);

select is_empty(
  $$
    select c.relname
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relrowsecurity
  $$,
  'every public table has row-level security enabled'
);

select is_empty(
  $$
    select c.relname
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p')
      and not exists (select 1 from pg_policy p where p.polrelid = c.oid)
  $$,
  'every public table has at least one policy'
);

select ok(
  (select relrowsecurity from pg_class where oid = 'storage.objects'::regclass),
  'storage.objects has row-level security enabled'
);

select is_empty(
  $$
    select tablename || ': ' || policyname
    from pg_policies
    where schemaname in ('public', 'storage') and roles <> '{authenticated}'
  $$,
  'every policy applies to signed-in users only (anon gets nothing)'
);

select is_empty(
  $$
    select tablename || ' ' || command || ': ' || string_agg(policyname, ', ')
    from pg_policies, unnest(case when cmd = 'ALL' then array['SELECT', 'INSERT', 'UPDATE', 'DELETE']
                                  else array[cmd] end) as command
    where schemaname = 'public' and permissive = 'PERMISSIVE'
    group by tablename, command
    having count(*) > 1
  $$,
  'one permissive policy per table and operation'
);

select is_empty(
  $$
    select tablename || ': ' || policyname
    from pg_policies
    where schemaname in ('public', 'storage')
      and (coalesce(qual, '') || ' ' || coalesce(with_check, '')) ~ 'auth\.(uid|jwt|role|email)\(\)'
      and (coalesce(qual, '') || ' ' || coalesce(with_check, '')) !~* '\(\s*select\s+auth\.(uid|jwt|role|email)\(\)'
  $$,
  'policies call auth functions through (select ...), once per statement'
);

select * from finish();
rollback;
