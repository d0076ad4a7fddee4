-- Ingestion now also says which lines are not running body prose: figure and table captions, footnotes,
-- table rows, list items, reference-list entries, a table of contents and code listings. Generation reads
-- captions and footnotes around a sentence, never inside it, never makes a section, blank or option of a
-- reference, and never reads a table row or a code line as a sentence.
--
-- New optional list in source_chunks.layout:
--   "roles": [{"line": 12, "end": 14, "role": "caption"}]   -- lines 12..14 (end defaults to line)
-- role is one of caption, footnote, table, list, reference, toc, code.

alter table public.source_chunks drop constraint source_chunks_layout_shape;

alter table public.source_chunks
  add constraint source_chunks_layout_shape check (
    layout is null
    or (
      jsonb_typeof(layout) = 'object'
      and pg_column_size(layout) <= 16384
      and layout - array['headings', 'paragraphs', 'joins', 'roles'] = '{}'::jsonb
      and jsonb_typeof(coalesce(layout -> 'headings', '[]'::jsonb)) = 'array'
      and jsonb_typeof(coalesce(layout -> 'paragraphs', '[]'::jsonb)) = 'array'
      and jsonb_typeof(coalesce(layout -> 'joins', '[]'::jsonb)) = 'array'
      and jsonb_typeof(coalesce(layout -> 'roles', '[]'::jsonb)) = 'array'
      and not jsonb_path_exists(
        layout,
        '$.headings[*] ? (!(@.type() == "object" && @.line.type() == "number" && @.line == @.line.floor()
           && @.line >= $start && @.line <= $end && @.level.type() == "number" && @.level == @.level.floor()
           && @.level >= 1 && @.level <= 6
           && (!exists (@.end) || (@.end.type() == "number" && @.end >= @.line && @.end <= $end))))',
        jsonb_build_object('start', line_start, 'end', line_end)
      )
      and not jsonb_path_exists(
        layout,
        '$.headings[*].keyvalue() ? (!(@.key == "line" || @.key == "level" || @.key == "end"))'
      )
      and not jsonb_path_exists(
        layout,
        '$.paragraphs[*] ? (!(@.type() == "number" && @ == @.floor() && @ >= $start && @ <= $end))',
        jsonb_build_object('start', line_start, 'end', line_end)
      )
      and not jsonb_path_exists(
        layout,
        '$.joins[*] ? (!(@.type() == "object" && @.line.type() == "number" && @.line == @.line.floor()
           && @.line >= $start && @.line < $end && @.hyphen.type() == "boolean"))',
        jsonb_build_object('start', line_start, 'end', line_end)
      )
      and not jsonb_path_exists(
        layout,
        '$.joins[*].keyvalue() ? (!(@.key == "line" || @.key == "hyphen"))'
      )
      and not jsonb_path_exists(
        layout,
        '$.roles[*] ? (!(@.type() == "object" && @.line.type() == "number" && @.line == @.line.floor()
           && @.line >= $start && @.line <= $end
           && (!exists (@.end) || (@.end.type() == "number" && @.end == @.end.floor()
                                   && @.end >= @.line && @.end <= $end))
           && (@.role == "caption" || @.role == "footnote" || @.role == "table" || @.role == "list"
               || @.role == "reference" || @.role == "toc" || @.role == "code")))',
        jsonb_build_object('start', line_start, 'end', line_end)
      )
      and not jsonb_path_exists(
        layout,
        '$.roles[*].keyvalue() ? (!(@.key == "line" || @.key == "end" || @.key == "role"))'
      )
    )
  );

comment on column public.source_chunks.layout is
  'The document''s layout over these lines, from ingestion: {headings: [{line, level 1-6, end?}], '
  'paragraphs: [line], joins: [{line, hyphen}], roles: [{line, end?, role}]} (every list optional, lines '
  'within line_start..line_end; a join means the line ends in a word that goes on in the next line, '
  'keeping its hyphen when hyphen is true; role is caption, footnote, table, list, reference, toc or code). '
  'Null when only the text is known and headings are guessed from line shape.';
