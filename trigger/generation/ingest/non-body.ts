import { escapeRegExp } from "../text/language.ts";

/**
 * What tells a document's non-body text (captions, reference lists, notes, contents) from its running
 * prose, as data per language, and the few shape tests that read it. Shared by the Word reader and the
 * PDF reader; docs/ingestion.md ("Word") explains the rules.
 *
 * Word stores its built-in style names in English whatever the user's language ("heading 1", "caption",
 * "toc 1"), but documents made by other programs or from localized templates carry the localized name
 * ("Kop 1", "Bijschrift"), so both are listed.
 */
export type WordListLanguage = "nl" | "en" | "de" | "fr";

export interface NonBodyWords {
  /** Paragraph style names that, followed by a level number, mark a heading ("Kop 1"). */
  headingStyles: readonly string[];
  /** Paragraph style names of the document's title. */
  titleStyles: readonly string[];
  captionStyles: readonly string[];
  /** Style names of a table of contents' entries and heading ("toc 1", "TOC Heading"). */
  tocStyles: readonly string[];
  /** Words that open a caption when a number follows ("Figuur 3", "Table 2.1"). */
  captionOpeners: readonly string[];
  /** Headings of a reference list or bibliography, lower case. */
  referenceHeadings: readonly string[];
  /** Headings of a block of (end)notes, lower case. */
  noteHeadings: readonly string[];
  /** Headings of a table of contents, lower case. */
  tocHeadings: readonly string[];
  /**
   * Headings of a publication's declarations, lower case ("Competing interests", "Data availability"):
   * notices to the reader of the paper, nothing to learn.
   */
  noticeHeadings: readonly string[];
  /** Headings of a publication's abstract or summary, lower case: a title even when set as plain text. */
  abstractHeadings: readonly string[];
  /** Words an appendix's number follows in its title ("Appendix A: …", "Bijlage 2."), lower case. */
  appendixWords: readonly string[];
  /**
   * Words after a reference heading that say what the list is about ("Literatuur over …", "Further
   * reading on …"); "Literatuur in de middeleeuwen" is about literature, not a reading list.
   */
  referenceQualifiers: readonly string[];
  /** Parts of a joined reading-list heading that are no heading alone ("Literatuur en websites"). */
  referenceParts: readonly string[];
  /** Words of a document's metadata line (licence, version, status), lower case: "versie", "licentie". */
  metadataWords: readonly string[];
  /** Who changed a page, as a wiki or CMS stamps it with a date: "last edited by", "bewerkt door". */
  editStamps: readonly string[];
  /** Words that join two reference headings into one ("Bronnen en literatuur", "Books & articles"). */
  conjunctions: readonly string[];
}

export const NON_BODY_WORDS: Record<WordListLanguage, NonBodyWords> = {
  nl: {
    headingStyles: ["kop"],
    titleStyles: ["titel"],
    captionStyles: ["bijschrift", "bijschrift afbeelding", "bijschrift tabel"],
    tocStyles: ["inhopg", "inhoudsopgave", "kop van inhoudsopgave"],
    captionOpeners: [
      "figuur",
      "fig.",
      "afbeelding",
      "afb.",
      "tabel",
      "grafiek",
      "kaart",
      "foto",
      "illustratie",
      "schema",
      "diagram",
      "video",
    ],
    referenceHeadings: [
      "literatuur",
      "literatuurlijst",
      "literatuuropgave",
      "gebruikte literatuur",
      "geraadpleegde literatuur",
      "geciteerde literatuur",
      "aanbevolen literatuur",
      "literatuur en bronnen",
      "bronnen en literatuur",
      "bronnen",
      "bronnenlijst",
      "primaire bronnen",
      "secundaire bronnen",
      "secundaire literatuur",
      "bronvermelding",
      "bronverwijzingen",
      "bibliografie",
      "referenties",
      "verder lezen",
      "meer lezen",
      "om verder te lezen",
    ],
    noteHeadings: ["noten", "eindnoten", "voetnoten"],
    tocHeadings: ["inhoud", "inhoudsopgave", "inhoudstafel"],
    noticeHeadings: [
      "belangenverstrengeling",
      "tegenstrijdige belangen",
      "beschikbaarheid van data",
      "beschikbaarheid van gegevens",
      "bijdragen van de auteurs",
      "auteursrecht",
      "trefwoorden",
      "kernwoorden",
      "sleutelwoorden",
      "disclaimer",
      "colofon",
      "documentgegevens",
      "documentinformatie",
      "versiegeschiedenis",
      "wijzigingshistorie",
    ],
    abstractHeadings: ["samenvatting", "abstract", "managementsamenvatting"],
    appendixWords: ["bijlage", "appendix"],
    referenceQualifiers: ["over", "voor", "bij", "rond", "omtrent", "aangaande", "met betrekking tot"],
    referenceParts: ["websites", "links", "boeken", "artikelen", "tijdschriften", "naslagwerken"],
    metadataWords: ["versie", "licentie", "alle rechten voorbehouden", "laatst gewijzigd", "bijgewerkt op"],
    editStamps: ["bewerkt door", "gewijzigd door", "aangemaakt door", "bijgewerkt door"],
    conjunctions: ["en", "&", "of"],
  },
  en: {
    headingStyles: ["heading"],
    titleStyles: ["title"],
    // pandoc writes "Image Caption" and "Table Caption"; other tools "Figure Caption".
    captionStyles: ["caption", "image caption", "table caption", "figure caption"],
    tocStyles: ["toc", "toc heading"],
    captionOpeners: [
      "figure",
      "fig.",
      "table",
      "chart",
      "graph",
      "map",
      "photo",
      "plate",
      "illustration",
      "diagram",
      "exhibit",
      "video",
      "listing",
    ],
    referenceHeadings: [
      "references",
      "reference list",
      "bibliography",
      "selected bibliography",
      "works cited",
      "literature",
      "literature cited",
      "sources",
      "primary sources",
      "secondary sources",
      "sources and further reading",
      "further reading",
      "suggested reading",
      "recommended reading",
      "reading list",
    ],
    noteHeadings: ["notes", "endnotes", "footnotes"],
    tocHeadings: ["contents", "table of contents"],
    noticeHeadings: [
      "competing interests",
      "conflict of interest",
      "conflicts of interest",
      "declaration of competing interest",
      "data availability",
      "data availability statement",
      "code availability",
      "code and data availability",
      "author contributions",
      "copyright statement",
      "ethics statement",
      // Index terms for catalogues, nothing to learn.
      "keywords",
      "key words",
      "index terms",
      // What a report's colophon says about the document itself.
      "disclaimer",
      "colophon",
      "document metadata",
      "document information",
      "document history",
      "revision history",
      "version history",
    ],
    abstractHeadings: ["abstract", "summary", "executive summary"],
    appendixWords: ["appendix", "annex"],
    referenceQualifiers: ["on", "about", "for", "regarding", "concerning"],
    referenceParts: ["websites", "links", "books", "articles", "journals", "web resources"],
    metadataWords: [
      "version",
      "licence",
      "license",
      "licensed",
      "all rights reserved",
      "last updated",
      "last modified",
    ],
    editStamps: ["edited by", "modified by", "updated by", "created by"],
    conjunctions: ["and", "&", "or"],
  },
  de: {
    headingStyles: ["überschrift"],
    titleStyles: ["titel"],
    captionStyles: ["beschriftung"],
    tocStyles: ["verzeichnis", "inhaltsverzeichnisüberschrift"],
    captionOpeners: ["abbildung", "abb.", "tabelle", "grafik", "karte"],
    referenceHeadings: [
      "literatur",
      "literaturverzeichnis",
      "quellen",
      "quellenverzeichnis",
      "bibliographie",
      "bibliografie",
      "weiterführende literatur",
    ],
    noteHeadings: ["anmerkungen", "fußnoten", "endnoten"],
    tocHeadings: ["inhalt", "inhaltsverzeichnis"],
    noticeHeadings: [
      "interessenkonflikt",
      "datenverfügbarkeit",
      "schlüsselwörter",
      "schlagwörter",
      "haftungsausschluss",
      "impressum",
    ],
    abstractHeadings: ["zusammenfassung", "abstract"],
    appendixWords: ["anhang"],
    referenceQualifiers: ["über", "zu", "zum", "zur", "für"],
    referenceParts: ["links", "bücher", "artikel"],
    metadataWords: ["version", "lizenz", "alle rechte vorbehalten", "stand"],
    editStamps: ["bearbeitet von", "geändert von", "erstellt von"],
    conjunctions: ["und", "&", "oder"],
  },
  fr: {
    headingStyles: ["titre"],
    titleStyles: ["titre"],
    captionStyles: ["légende"],
    tocStyles: ["tm", "en-tête de table des matières"],
    captionOpeners: ["figure", "tableau", "carte", "graphique"],
    referenceHeadings: ["bibliographie", "références", "sources", "pour aller plus loin"],
    noteHeadings: ["notes"],
    tocHeadings: ["sommaire", "table des matières"],
    noticeHeadings: [
      "conflit d'intérêts",
      "conflits d'intérêts",
      "disponibilité des données",
      "mots-clés",
      "mots clés",
      "mentions légales",
    ],
    abstractHeadings: ["résumé"],
    appendixWords: ["annexe"],
    referenceQualifiers: ["sur", "pour", "concernant"],
    referenceParts: ["liens", "livres", "articles"],
    metadataWords: ["version", "licence", "tous droits réservés", "mis à jour"],
    editStamps: ["modifié par", "créé par"],
    conjunctions: ["et", "&", "ou"],
  },
};

const LISTS = Object.values(NON_BODY_WORDS);
const all = (pick: (words: NonBodyWords) => readonly string[]) => new Set(LISTS.flatMap(pick));
const HEADING_STYLES = all((words) => words.headingStyles);
const TITLE_STYLES = all((words) => words.titleStyles);
const CAPTION_STYLES = all((words) => words.captionStyles);
const TOC_STYLES = all((words) => words.tocStyles);
const REFERENCE_HEADINGS = all((words) => words.referenceHeadings);
const NOTE_HEADINGS = all((words) => words.noteHeadings);
const TOC_HEADINGS = all((words) => words.tocHeadings);
const NOTICE_HEADINGS = all((words) => words.noticeHeadings);
const ABSTRACT_HEADINGS = all((words) => words.abstractHeadings);
const REFERENCE_QUALIFIERS = [...all((words) => words.referenceQualifiers)];
const CONJUNCTIONS = [...all((words) => words.conjunctions)];
const REFERENCE_PARTS = all((words) => words.referenceParts);
const METADATA_WORDS = [...all((words) => words.metadataWords)].map(escapeRegExp).join("|");
// A licence by its mark ("CC BY-SA 4.0", "©"), or a metadata word with a number or date near it.
const METADATA = new RegExp(
  `(\\bCC[ -](BY|0)\\b|creative commons|©|\\(c\\)\\s?\\d{4}|copyright|\\b(${METADATA_WORDS})\\b[^\\p{L}]{0,3}(v?\\d|\\p{L}+\\s\\d))`,
  "iu",
);
const MAX_METADATA_WORDS = 30;
const EDIT_STAMPS = [...all((words) => words.editStamps)].map(escapeRegExp).join("|");
// "first edited by Wiebe Reints as original_author on 2024-04-25": a stamp, then a date on the line.
const EDIT_STAMP = new RegExp(
  `\\b(${EDIT_STAMPS})\\b.{1,80}?(\\d{4}-\\d{2}-\\d{2}|\\d{1,2}[-/.]\\d{1,2}[-/.]\\d{4}|\\d{1,2}\\s\\p{L}+\\s\\d{4})`,
  "iu",
);
// Openers as written at a caption's start: "Figuur", "figuur", "FIGUUR" (not "fIGUUR": the pattern must
// tell capitals in what follows the number from lower case, so it cannot ignore case as a whole).
const CAPTION_OPENERS = [...all((words) => words.captionOpeners)]
  .flatMap((word) => [word, word.charAt(0).toUpperCase() + word.slice(1), word.toUpperCase()])
  .map(escapeRegExp)
  .join("|");

/** "Kop 1" → its level; the name without a number. */
function styleParts(styleName: string): { name: string; level: number | null } {
  const match = /^(.*?)\s*(\d)?$/u.exec(styleName.trim().toLowerCase());
  return { name: match?.[1] ?? "", level: match?.[2] ? Number(match[2]) : null };
}

/** A heading style's level (1–9), "title" for a Title style, null for any other style. */
export function headingStyleLevel(styleName: string | null): number | "title" | null {
  if (!styleName) return null;
  const { name, level } = styleParts(styleName);
  if (level !== null && level > 0 && HEADING_STYLES.has(name)) return level;
  if (level === null && TITLE_STYLES.has(name)) return "title";
  return null;
}

export function isCaptionStyle(styleName: string | null): boolean {
  return Boolean(styleName) && CAPTION_STYLES.has(styleParts(styleName ?? "").name);
}

/** A table of contents' entry ("toc 2") or heading ("TOC Heading") style. */
export function isTocStyle(styleName: string | null): boolean {
  return Boolean(styleName) && TOC_STYLES.has(styleParts(styleName ?? "").name);
}

// "Figuur 3", "Fig. 2.1:", "Tabel 4b –", "Figure 1 Cross-section …" — but not "Tabel 2 laat zien dat …",
// where a verb in lower case follows the number: that is a sentence about the table.
const CAPTION = new RegExp(
  `^(${CAPTION_OPENERS})\\s*[\\dIVX]+([.\\-–]\\d+)*[a-z]?(\\s*[.:–—-](\\s|$)|\\s+[\\p{Lu}\\d("“‘]|$)`,
  "u",
);
const MAX_CAPTION_WORDS = 60;

/** A caption's words: an opener and a number, then a title or a colon, not a running sentence. */
export function isCaptionText(text: string): boolean {
  return CAPTION.test(text) && text.split(/\s+/).length <= MAX_CAPTION_WORDS;
}

/**
 * What kind of block a heading opens by its words alone ("Literatuur", "3. Noten", "Contents:",
 * "Competing interests.").
 */
export function headingKind(text: string): "reference" | "notes" | "toc" | "notice" | "abstract" | null {
  const words = text
    .toLowerCase()
    .replace(/^([\dIVXivx]+[.)]?)+\s+/, "")
    .replace(/[\s:.]+$/, "")
    // A list set over several slides: "References I", "References (cont.)", "Literatuur (vervolg)".
    .replace(/\s+(\(?(cont\.?|continued|vervolg|vervolgd|ctd\.?)\)?|[ivx]{1,4})$/, "")
    .trim();
  if (REFERENCE_HEADINGS.has(words) || isReferenceHeading(words)) return "reference";
  if (NOTE_HEADINGS.has(words)) return "notes";
  if (TOC_HEADINGS.has(words)) return "toc";
  if (NOTICE_HEADINGS.has(words)) return "notice";
  if (ABSTRACT_HEADINGS.has(words)) return "abstract";
  return null;
}

/**
 * A line of the document's metadata, as footers and headers carry it: its licence ("CC BY-SA 4.0",
 * "© 2022 …"), a version ("Versie 1.2", "version 3"), a date it was last changed. Read as page furniture
 * when it stands apart at a page's edge.
 */
export function isDocumentMetadata(text: string): boolean {
  return (METADATA.test(text) || EDIT_STAMP.test(text)) && text.split(/\s+/).length <= MAX_METADATA_WORDS;
}

/**
 * A longer heading of a reading list: reference headings joined ("Bronnen en literatuur", "Literatuur
 * en websites"), or one with what it is about behind it ("Literatuur over het doen van herkomstonderzoek",
 * "Further reading on rivers").
 */
function isReferenceHeading(words: string): boolean {
  const qualified = REFERENCE_QUALIFIERS.map((qualifier) => ` ${qualifier} `)
    .map((qualifier) => words.indexOf(qualifier))
    .filter((at) => at > 0);
  if (
    qualified.some(
      (at) => isReferenceHeading(words.slice(0, at)) || REFERENCE_HEADINGS.has(words.slice(0, at)),
    )
  )
    return true;
  const parts = words.split(
    new RegExp(`\\s*,\\s*|\\s+(?:${CONJUNCTIONS.map(escapeRegExp).join("|")})\\s+`, "u"),
  );
  // At least one part names a reading list; the others may be kinds of entry ("websites").
  return (
    parts.length > 1 &&
    parts.some((part) => REFERENCE_HEADINGS.has(part)) &&
    parts.every((part) => REFERENCE_HEADINGS.has(part) || REFERENCE_PARTS.has(part))
  );
}

// A table of contents' entry: a title, then dot leaders or a gap, then a page number.
const TOC_ENTRY = /\S.*?(\s*(\.\s?){3,}|…+|\s)\s*(\d{1,4}|[ivxlc]{1,6})$/;
const MAX_TOC_ENTRY_WORDS = 20;

const DOT_LEADERS = /(\.\s?){3,}\s*\S+$|…\s*\S+$/;

export function isTocEntry(text: string): boolean {
  if (!TOC_ENTRY.test(text) || text.split(/\s+/).length > MAX_TOC_ENTRY_WORDS) return false;
  // "… is 1233 km lang. 3" is a sentence and a number, unless the dots are leaders.
  return DOT_LEADERS.test(text) || !/[.!?]\s+\S+$/.test(text);
}

// A list item typed by hand: a bullet, or a number or letter with a dot or bracket.
const BULLETS = "•●○◦▪■□–\\-*·";
const LIST_ITEM = new RegExp(`^([${BULLETS}]|\\(?(\\d{1,2}|[a-z])[.)])\\s+\\S`, "u");
const BULLETED = new RegExp(`^[${BULLETS}]\\s+\\S`, "u");

export function isListText(text: string): boolean {
  return LIST_ITEM.test(text);
}

/** A line opened by a bullet: a list's item, never a heading, however bold its lead ("• **Monitor.** If …"). */
export function isBulletedText(text: string): boolean {
  return BULLETED.test(text);
}

const YEAR = String.raw`(1[5-9]\d\d|20\d\d)[a-z]?`;
const PATTERNS = {
  // "Jansen, P.", "Bakker, J.C.H.", "Vries, J. de", "Van der Berg, A.-M.", "[3] Smit, A."
  surnameInitials:
    /^(\[\d+\]\s*|\d+[.)]\s+)?(\p{Lu}[\p{L}'’-]*\s){0,3}\p{Lu}[\p{L}'’-]+,\s*(\p{Lu}\.\s?-?){1,4}/u,
  // "J. Bazelmans, …", "P.A. de Vries en …"
  initialsSurname:
    /^(\[\d+\]\s*|\d+[.)]\s+)?(\p{Lu}\.\s?-?){1,4}\s?(\p{Ll}+\s){0,2}\p{Lu}[\p{L}'’-]+[,:]?\s/u,
  // "Jansen, Peter (2010).", "Smit, Anna M. 2012:" — a full first name only with the year right behind.
  surnameNameYear: new RegExp(
    `^(\\p{Lu}[\\p{L}'’-]*\\s){0,3}\\p{Lu}[\\p{L}'’-]+,\\s\\p{Lu}\\p{Ll}+(\\s\\p{Lu}\\.)*[.,]?\\s\\(?${YEAR}\\)?[.:,]`,
    "u",
  ),
  yearInBrackets: new RegExp(
    `\\((${YEAR}|z\\.\\s?j\\.|n\\.\\s?d\\.|ed\\.|red\\.|in press|ter perse)\\)`,
    "iu",
  ),
  // "…, 2010: Titel", "… 2010. Titel", "… Press 2010." at the end.
  yearPunctuated: new RegExp(`(^|[\\s,(])${YEAR}[).]?[.:,](\\s|$)|\\s${YEAR}\\.?$`, "u"),
  // "Leiden: Sidestone Press", "Amsterdam: Boom 2014", "New York/London: Routledge"
  placePublisher:
    /(^|[.,]\s)(\p{Lu}[\p{L}-]+(\s\p{Lu}[\p{L}-]+)?(\s?\/\s?\p{Lu}[\p{L}-]+)?):\s\p{Lu}[\p{L}&'’.-]*(\s[\p{Lu}&][\p{L}&'’.-]*){0,4}([,.]|\s\d{4})/u,
  locator:
    /(\bdoi:\s?10\.|\bdoi\.org\/|https?:\/\/|\bwww\.|\bISBN\b|\bpp?\.\s?\d|\bblz\.\s?\d|\bvol\.\s?\d|\bjrg\.\s?\d|\bnr\.\s?\d|\((red|eds?|hrsg)\.\)|\b(In|in):\s\p{Lu})/u,
};
const MAX_REFERENCE_WORDS = 100;

/**
 * How much a paragraph looks like an entry of a reference list: "strong" when it does on its own
 * (an author with initials and a year or a publisher, "Leiden: Sidestone Press 2010."), "weak" when it
 * has some of the marks (a year, a publisher, a page or a DOI) — enough under a "Literatuur" heading,
 * not elsewhere — and null for prose.
 */
export function referenceShape(text: string): "strong" | "weak" | null {
  if (text.split(/\s+/).length > MAX_REFERENCE_WORDS) return null;
  const has = (name: keyof typeof PATTERNS) => PATTERNS[name].test(text);
  const year = has("yearInBrackets") || has("yearPunctuated");
  const author = has("surnameInitials") || has("initialsSurname");
  const publisher = has("placePublisher");
  const locator = has("locator");
  if ((author && (year || publisher || locator)) || (publisher && year) || has("surnameNameYear"))
    return "strong";
  if (locator && year && text.split(/\s+/).length <= 40) return "strong";
  if (author || year || publisher || locator || new RegExp(`\\b${YEAR}\\b`, "u").test(text)) return "weak";
  return null;
}

// A section heading set in capitals or small caps, as IEEE and ACM classes print them: "INTRODUCTION",
// "I. INTRODUCTION", "1 RELATED WORK", "A. SAMPLE SECTION", a question ("5 HOW DOES THIS WORK?"); a
// number alone or a line with lower case is not.
const CAPITALS_HEADING = /^((\d+(\.\d+)*|[IVXLC]+|[A-Z])\.?\s+)?[\p{Lu}][\p{Lu}\d\s'’&,:()/-]*[?!]?$/u;
const MIN_CAPITALS_LETTERS = 4;
const MAX_CAPITALS_WORDS = 8;

/** A heading by its capitals alone (set at body size, not bold): see CAPITALS_HEADING. */
export function isCapitalsHeadingText(text: string): boolean {
  const letters = text.replace(/^(\d+(\.\d+)*|[IVXLC]+|[A-Z])\.?\s+/u, "").match(/\p{Lu}/gu)?.length ?? 0;
  return (
    CAPITALS_HEADING.test(text.trim()) &&
    letters >= MIN_CAPITALS_LETTERS &&
    text.trim().split(/\s+/).length <= MAX_CAPITALS_WORDS
  );
}

// "Appendix" or "appendix", without making the rest of the pattern blind to case ("a." is no "A.").
const APPENDIX_WORDS = [...all((words) => words.appendixWords)]
  .map((word) => `[${word[0]?.toUpperCase()}${word[0]}]${escapeRegExp(word.slice(1))}`)
  .join("|");
// A section number before a title: "2", "2.1", "2.1.", "A.", "A.1", "IV.", the enumerators of the
// lowest levels, "1)" and "a)" (IEEE's subsubsections and paragraphs), and an appendix's ("Appendix A:",
// "Bijlage 2.").
const SECTION_NUMBER = new RegExp(
  `^(?:\\d{1,2}(?:\\.\\d{1,2})*\\.?|[A-Z]\\.(?:\\d{1,2}\\.?)*|[A-Z](?:\\.\\d{1,2})+\\.?|[IVXLC]+\\.|\\d{1,2}\\)|[a-z]\\)|(?:${APPENDIX_WORDS})\\s+(?:[A-Z]|\\d{1,2}|[IVX]{1,4})[.:]?)\\s+(?=\\p{L})`,
  "u",
);

/** A line that opens with a section number and a title ("A. Template Styles", "2.1 Method", "a) Paragraph"). */
export function isNumberedHeadingText(text: string): boolean {
  return SECTION_NUMBER.test(text) && /^\p{Lu}/u.test(text.replace(SECTION_NUMBER, ""));
}

/**
 * A run-in heading has at most this many words besides its number; a numbered one may be as long as a
 * heading of its own line, since a bold sentence opening a paragraph has no number.
 */
const MAX_RUN_IN_WORDS = 8;
const MAX_NUMBERED_RUN_IN_WORDS = 14;
/** What closes a run-in heading: a full stop, a colon (after a number) or a dash, right after its last word. */
const RUN_IN_CLOSE = /^[.:\u2014\u2013]+/u;

/**
 * The length of the run-in heading a line opens with, or 0: the line's `lead` (its first words, set in
 * an emphasis the rest of the line lacks, see pdf-regions.ts) closed by a full stop, colon or dash
 * ("Paragraph.", "9.1.1 Subsubsection.", "1) Subsubsection:", "Abstract—", "1.2 Why?") or, in bold, by a quad's space
 * (`setApart`: LaTeX's "**Wereldwijde CRS-en**  De meest …"), a title of at most
 * MAX_RUN_IN_WORDS words (MAX_NUMBERED_RUN_IN_WORDS after a number) starting with a capital, and followed by the paragraph's text starting with a
 * capital or a digit. An emphasised word without closing punctuation ("*Nature* reports …") is no
 * heading, and neither is a caption's label ("**Figure 1:** …") or a label closed by a colon.
 */
export function runInHeadingLength(line: string, lead: string, setApart = false): number {
  const phrase = lead.trimEnd();
  if (phrase === "" || !line.startsWith(phrase) || isCaptionText(line)) return 0;
  const close = RUN_IN_CLOSE.exec(line.slice(phrase.length))?.[0] ?? "";
  const heading = phrase + close;
  const rest = line.slice(heading.length).trim();
  // A lead's own enumerator may be a lower-case letter with a stop, as REVTeX numbers paragraphs ("a. Syntax").
  const title = heading
    .replace(SECTION_NUMBER, "")
    .replace(/^[a-z]\.\s+/u, "")
    .replace(/[.:\u2014\u2013]+$/u, "");
  const closed =
    (/[.:?!\u2014\u2013]$/u.test(heading) && !/\s[.:?!\u2014\u2013]+$/u.test(heading)) ||
    (setApart && close === "");
  // A label closed by a colon without a number ("**Sensitive data:** The work …", "**Note:** …") opens
  // its paragraph's sentence; a numbered one ("1) Subsubsection:") titles it.
  const label = heading.endsWith(":") && !SECTION_NUMBER.test(heading);
  const words = title.split(/\s+/).length;
  const maxWords = SECTION_NUMBER.test(heading) ? MAX_NUMBERED_RUN_IN_WORDS : MAX_RUN_IN_WORDS;
  const fits = /^\p{Lu}/u.test(title) && /\p{L}{2}/u.test(title) && words <= maxWords;
  // The rest opens a sentence: a capital or a digit, or, after a quad, anything but a lower-case word
  // (REVTeX's "*a. A few notes on tags*  \tag{#1} requires …" opens with a command).
  const opensSentence = setApart ? !/^\p{Ll}/u.test(rest) : /^["'“‘(]?[\p{Lu}\d]/u.test(rest);
  return closed && !label && fits && rest !== "" && opensSentence ? heading.length : 0;
}

// The first line of a numbered reference entry: "[12] A. Author, …", "12. Author, A. …" with a year or
// a locator following on the line or the entry's next lines.
const NUMBERED_ENTRY = /^\[\d{1,3}\]\s+\S/u;

/**
 * A line that opens an entry of a reference list by its shape (see `referenceShape` for the marks): on
 * its own, or an author at its start ("P. S. Abril and R. Plant, …") whose entry, read on into the
 * `following` lines it wraps onto, has a year, a DOI or pages.
 */
export function opensReferenceEntry(text: string, following = ""): boolean {
  if (NUMBERED_ENTRY.test(text) || referenceShape(text) === "strong") return true;
  const author = PATTERNS.surnameInitials.test(text) || PATTERNS.initialsSurname.test(text);
  return author && following !== "" && referenceShape(`${text} ${following}`) === "strong";
}
