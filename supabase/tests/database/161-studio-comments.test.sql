-- Studio shows comments beside tables, columns and functions: every public table, column and function
-- carries one, and the ones admins work with say how (docs/admin.md).
begin;
select plan(5);

select is_empty(
  $$select c.relname from pg_class c
     where c.relnamespace = 'public'::regnamespace and c.relkind = 'r'
       and obj_description(c.oid, 'pg_class') is null$$,
  'every public table has a comment'
);

select is_empty(
  $$select c.relname || '.' || a.attname from pg_class c
      join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
     where c.relnamespace = 'public'::regnamespace and c.relkind = 'r'
       and col_description(c.oid, a.attnum) is null$$,
  'every public column has a comment'
);

select is_empty(
  $$select p.proname from pg_proc p
     where p.pronamespace = 'public'::regnamespace and obj_description(p.oid, 'pg_proc') is null$$,
  'every public function has a comment'
);

select ok(
  obj_description('public.core_memberships'::regclass, 'pg_class') ~ 'In Studio: invite .* deactivate',
  'core_memberships says how to invite and deactivate in Studio'
);

select ok(
  obj_description('public.courses'::regclass, 'pg_class') ~ 'In Studio: publish'
    and col_description('public.topics'::regclass, (
      select attnum from pg_attribute where attrelid = 'public.topics'::regclass and attname = 'processing_error'
    )) ~ 'failed generation in Studio',
  'courses says how to publish, topics how to inspect a failed generation'
);

select * from finish();
rollback;
