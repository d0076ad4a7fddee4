-- Photos of pages as sources (kind image: PNG or JPEG, one page each), and a record of text recognised
-- from images (OCR): scanned PDF pages and photos are read by Tesseract, whose text may hold errors the
-- learner should know about. The structure task writes both lists each time it reads the source.

alter table public.topic_sources
  drop constraint topic_sources_kind_valid,
  add constraint topic_sources_kind_valid
    check (kind in ('pdf', 'docx', 'pptx', 'image', 'markdown', 'text', 'pasted')),
  add column ocr_pages integer[] not null default '{}',
  add column ocr_low_confidence_pages integer[] not null default '{}',
  add constraint topic_sources_ocr_pages_valid check (
    0 < all (ocr_pages) and cardinality(ocr_pages) <= 10000
  ),
  -- A page can only be hard to read if its text was recognised at all.
  add constraint topic_sources_ocr_low_confidence_valid check (ocr_low_confidence_pages <@ ocr_pages);

comment on column public.topic_sources.kind is 'pdf, docx, pptx, image (a photo of a page), markdown, text or pasted.';
comment on column public.topic_sources.ocr_pages is
  'Pages whose text was recognised from an image (OCR): scanned PDF pages, or {1} for a photo; empty when '
  'all text was read as text. Written by the structure task.';
comment on column public.topic_sources.ocr_low_confidence_pages is
  'The OCR pages Tesseract was unsure of (mean word confidence below 60): their citations may quote '
  'misread words. Always a subset of ocr_pages.';
