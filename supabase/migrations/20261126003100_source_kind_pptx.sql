-- PowerPoint presentations (.pptx) as sources: each slide is a page with its title, text and speaker notes.
-- A pptx source is a file in the sources bucket like pdf and docx, so only the list of kinds changes.

alter table public.topic_sources
  drop constraint topic_sources_kind_valid,
  add constraint topic_sources_kind_valid
    check (kind in ('pdf', 'docx', 'pptx', 'markdown', 'text', 'pasted'));

comment on column public.topic_sources.kind is 'pdf, docx, pptx, markdown, text or pasted.';
