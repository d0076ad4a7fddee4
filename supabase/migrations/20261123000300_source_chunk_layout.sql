-- What ingestion learned from a document's layout, stored with each chunk so generation reads a heading as
-- a heading (and never as part of a sentence) instead of guessing it again from the line's shape. The
-- course task reads chunks back from this table, so the layout has to live here next to the lines.
--
-- Shape (every list optional, line numbers within the chunk's line_start..line_end):
--   {"headings":   [{"line": 0, "level": 1, "end": 1}],  -- a heading from line to end (default: line)
--    "paragraphs": [5, 9],                                -- lines opening a paragraph with no blank line
--    "joins":      [{"line": 8, "hyphen": false}]}       -- line 8 ends in a word that goes on in line 9
-- Null: only the text is known (plain or pasted text, chunks written before this column).

alter table public.source_chunks
  add column layout jsonb,
  add constraint source_chunks_layout_shape check (
    layout is null
    or (
      jsonb_typeof(layout) = 'object'
      and pg_column_size(layout) <= 16384
      and layout - array['headings', 'paragraphs', 'joins'] = '{}'::jsonb
      and jsonb_typeof(coalesce(layout -> 'headings', '[]'::jsonb)) = 'array'
      and jsonb_typeof(coalesce(layout -> 'paragraphs', '[]'::jsonb)) = 'array'
      and jsonb_typeof(coalesce(layout -> 'joins', '[]'::jsonb)) = 'array'
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
    )
  );

comment on column public.source_chunks.layout is
  'The document''s layout over these lines, from ingestion: {headings: [{line, level 1-6, end?}], '
  'paragraphs: [line], joins: [{line, hyphen}]} (every list optional, lines within line_start..line_end; '
  'a join means the line ends in a word that goes on in the next line, keeping its hyphen when hyphen is '
  'true). Null when only the text is known and headings are guessed from line shape.';
