-- Oversized texts are refused with a check violation (PostgREST: 400), never an index error (500):
-- 20261126005100_bounded_text_inputs.sql.
begin;
select plan(7);
select tests.create_world();

-- Chunks -----------------------------------------------------------------------------------------------

select tests.authenticate_as('creator');
select lives_ok(
  $$ insert into public.source_chunks (source_id, topic_id, line_start, line_end, content)
     values (tests.id('source:alpha'), tests.id('topic:alpha'), 10, 33, repeat('word ', 52428)) $$,
  'a chunk of 256 KiB of text is stored and indexed'
);
select throws_ok(
  $$ insert into public.source_chunks (source_id, topic_id, line_start, line_end, content)
     values (tests.id('source:alpha'), tests.id('topic:alpha'), 40, 41, repeat('a b ', 300000)) $$,
  '23514', null,
  'a chunk over 256 KiB (1.2 MB of one-letter words) is a check violation, not a tsvector overflow'
);
select throws_ok(
  $$ update public.source_chunks set content = repeat('x ', 600000) where id = tests.id('chunk:alpha') $$,
  '23514', null,
  'an update cannot grow a chunk past the bound either'
);

-- Invitations ------------------------------------------------------------------------------------------

select tests.authenticate_as('admin');
select throws_ok(
  format($$ select public.invite_member(tests.id('entity:alpha'), %L) $$, repeat('a', 4000) || '@example.com'),
  '23514', null,
  'invite_member: a 4,000-character address is a check violation (400), not an index error'
);
select throws_ok(
  format(
    $$ insert into public.core_memberships (entity_id, status, invited_email) values (tests.id('entity:alpha'), 'invited', %L) $$,
    repeat('b', 250) || '@example.com'
  ),
  '23514', null,
  'REST: an invitation address over 255 characters is refused'
);
select lives_ok(
  format($$ select public.invite_member(tests.id('entity:alpha'), %L) $$, repeat('c', 243) || '@example.com'),
  'invite_member: a 255-character address is accepted'
);
select is(
  (select count(*)::int from public.core_memberships where char_length(invited_email) > 255),
  0,
  'no stored invitation is longer than 255 characters'
);

select * from finish();
rollback;
