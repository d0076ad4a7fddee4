import type { Language } from "./word-lists.ts";

/**
 * How a written item can point at a place in the source the learner never sees ("de tweede alinea",
 * "volgens de openingsalinea", "according to the table", "Figure 3"): in a course the learner reads only
 * the items, so such a hint or stem points at nothing (blind graders marked "Denk aan de inschatting
 * waarmee de tweede alinea opent." and "Wat moet je volgens de tip doen?" down). One table per language; a
 * new phrasing is a pattern here and a row in quality.test.ts.
 *
 * A document part alone ("a table in a database", "het hoofdstuk over privacy") is no pointer: only a
 * part placed by its position or number, or named as where the text says something.
 */
export const LAYOUT_POINTERS: Record<Language, readonly RegExp[]> = {
  en: [
    // "the second paragraph", "the opening paragraph", "the last slide"
    /\b(?:first|second|third|fourth|fifth|last|final|opening|closing|next|previous|preceding)\s+(?:paragraph|sentence|section|table|figure|page|slide|box|column|row)s?\b/iu,
    // "Figure 3", "Fig. 2A", "Table 1", "Sec. 4", "page 12"
    /\b(?:figure|fig\.|table|section|sec\.|page|p\.|appendix|slide|box)\s+\d/iu,
    // "according to the table", "as the figure shows", "see the tip"
    /\b(?:according\s+to|as\s+shown\s+in|see|in)\s+the\s+(?:table|figure|chart|diagram|tip|note|box|sidebar|paragraph|screenshot|image|footnote)s?\b(?!\s+(?:of|that|which)\b)/iu,
    /\bthe\s+(?:table|figure|chart|diagram|screenshot)\s+(?:above|below|shows|lists)\b/iu,
  ],
  nl: [
    // "de tweede alinea", "de laatste dia", "de vorige paragraaf"
    /(?<![\p{L}])(?:eerste|tweede|derde|vierde|vijfde|laatste|volgende|vorige)\s+(?:alinea|alinea's|paragraaf|zin|tabel|figuur|pagina|dia|kader|kolom|rij|sectie)(?![\p{L}])/iu,
    // "de openingsalinea", "de slotboodschap", "de slotzin"
    /(?<![\p{L}])(?:openings|slot)(?:alinea|paragraaf|zin|boodschap|opmerking)(?![\p{L}])/iu,
    // "figuur 3", "tabel 1", "pagina 12", "paragraaf 2.1"
    /(?<![\p{L}])(?:figuur|fig\.|tabel|paragraaf|pagina|blz\.|dia|kader)\s+\d/iu,
    // "volgens de tabel", "volgens de vergelijkingstabel", "zie de tip"
    /(?<![\p{L}])(?:volgens|zie)\s+(?:de|het)\s+(?:\p{L}*tabel|figuur|grafiek|afbeelding|schema|tip|kader|alinea|paragraaf|voetnoot|screenshot)(?![\p{L}])/iu,
  ],
};
