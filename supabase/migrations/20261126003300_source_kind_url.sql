-- Web pages as sources: the learner gives a URL, the structure task fetches the page and reads its article.
-- The address is kept on the source (source_url), so citations of its lines link back to the page.

alter table public.topic_sources
  add column source_url text,
  drop constraint topic_sources_kind_valid,
  add constraint topic_sources_kind_valid
    check (kind in ('pdf', 'docx', 'pptx', 'image', 'url', 'markdown', 'text', 'pasted')),
  drop constraint topic_sources_content_present,
  -- Pasted text lives in the row, a web page is its address; every other kind is a file in the bucket.
  add constraint topic_sources_content_present check (
    case kind
      when 'pasted' then pasted_text is not null and file_path is null and source_url is null
      when 'url' then source_url is not null and file_path is null and pasted_text is null
      else file_path is not null and pasted_text is null and source_url is null
    end
  ),
  add constraint topic_sources_source_url_valid check (
    source_url is null or (source_url ~* '^https?://[^\s/]+' and char_length(source_url) <= 2048)
  );

comment on column public.topic_sources.kind is
  'pdf, docx, pptx, image (a photo of a page), url (a web page), markdown, text or pasted.';
comment on column public.topic_sources.source_url is
  'The web page''s http(s) address for kind url (fetched by the structure task); null otherwise.';
