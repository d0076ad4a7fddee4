-- Bounds on two texts a client writes, so an oversized value is a 400 (check violation, 23514) instead
-- of a 500 from an index (issue 25, "bad input"):
--
-- * source_chunks.content feeds the full-text index (to_tsvector), which fails with 54000 "string is
--   too long for tsvector" past 1 MiB of tsvector, and a tsvector can be about three times its text
--   (one-character words). 256 KiB of text stays well inside; a chunk is 24 lines of a source.
-- * core_memberships.invited_email is in a b-tree index, whose rows fail past 2704 bytes (54000). An
--   address Supabase Auth would refuse (over 255 characters) can never sign in to accept anyway, so
--   that is the bound, for REST writes and invite_member alike.

alter table public.source_chunks
  add constraint source_chunks_content_size check (octet_length(content) <= 262144);

alter table public.core_memberships
  add constraint core_memberships_invited_email_length check (char_length(invited_email) <= 255);

comment on constraint source_chunks_content_size on public.source_chunks is
  'At most 256 KiB of text, so the full-text index never overflows (54000 would be a 500).';
comment on constraint core_memberships_invited_email_length on public.core_memberships is
  'At most 255 characters, as Supabase Auth accepts; longer would overflow the b-tree index (500).';
