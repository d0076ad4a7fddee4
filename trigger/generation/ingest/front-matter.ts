import { escapeRegExp } from "../text/language.ts";
import type { PageLayout } from "./layout.ts";

/**
 * A document's front matter: the author block under its title (names, affiliations, e-mail addresses,
 * "These authors contributed equally") is no text to learn from. The words that tell it are data per
 * language; the shape tests read them. Used by the Word and web readers.
 */
export interface FrontMatterWords {
  /** Words naming an institution in an affiliation, lower case ("university", "faculteit"). */
  institutions: readonly string[];
  /** Phrases of the notes around an author list, lower case ("corresponding author"). */
  authorNotes: readonly string[];
  /** Words that join names in a list ("and"), and the particles of a surname ("van der"). */
  nameJoiners: readonly string[];
  nameParticles: readonly string[];
  /** The word a byline opens with, lower case ("by Anna Smit and Jan de Vries"). */
  bylines: readonly string[];
}

export const FRONT_MATTER_WORDS: Record<"nl" | "en" | "de" | "fr", FrontMatterWords> = {
  en: {
    institutions: [
      "university",
      "institute",
      "college",
      "school",
      "department",
      "dept.",
      "faculty",
      "laboratory",
      "centre",
      "center",
      "foundation",
      "academy",
      "hospital",
      "museum",
      "inc.",
      "ltd.",
    ],
    authorNotes: [
      "contributed equally",
      "corresponding author",
      "e-mail:",
      "email:",
      "orcid",
      "these authors",
    ],
    nameJoiners: ["and", "&"],
    nameParticles: ["van", "de", "der", "den", "von", "la", "le", "du", "da", "di", "del", "ter", "ten"],
    bylines: ["by"],
  },
  nl: {
    institutions: [
      "universiteit",
      "hogeschool",
      "instituut",
      "faculteit",
      "vakgroep",
      "afdeling",
      "stichting",
      "academie",
      "ministerie",
      "gemeente",
      "kenniscentrum",
      "lectoraat",
    ],
    authorNotes: ["corresponderend auteur", "contactpersoon", "gelijke bijdrage", "e-mail:"],
    nameJoiners: ["en", "&"],
    nameParticles: ["van", "de", "der", "den", "het", "'t", "ter", "ten", "in", "op"],
    bylines: ["door"],
  },
  de: {
    institutions: ["universität", "hochschule", "institut", "fakultät", "lehrstuhl", "stiftung", "zentrum"],
    authorNotes: ["korrespondenzautor", "korrespondierender autor", "e-mail:"],
    nameJoiners: ["und", "&"],
    nameParticles: ["von", "van", "zu", "der", "den"],
    bylines: ["von"],
  },
  fr: {
    institutions: ["université", "institut", "faculté", "laboratoire", "école", "centre", "fondation"],
    authorNotes: ["auteur correspondant", "courriel", "e-mail:"],
    nameJoiners: ["et", "&"],
    nameParticles: ["de", "du", "des", "la", "le", "d'"],
    bylines: ["par"],
  },
};

const LISTS = Object.values(FRONT_MATTER_WORDS);
const alternation = (pick: (words: FrontMatterWords) => readonly string[]) =>
  [...new Set(LISTS.flatMap(pick))].map(escapeRegExp).join("|");

const EMAIL = /[\p{L}\d._%+-]+@[\p{L}\d-]+(\.[\p{L}\d-]+)+/u;
const ORCID = /\b\d{4}-\d{4}-\d{4}-\d{3}[\dX]\b/;
const INSTITUTION = new RegExp(
  `(^|[^\\p{L}])(${alternation((words) => words.institutions)})(?![\\p{L}])`,
  "iu",
);
const AUTHOR_NOTE = new RegExp(`(^|[^\\p{L}])(${alternation((words) => words.authorNotes)})`, "iu");
const NAME_SEPARATOR = new RegExp(
  `\\s*[,;]\\s*|\\s+(?:${alternation((words) => words.nameJoiners)})\\s+`,
  "iu",
);
// Lower case only: "Von Neumann" opens a name, "von Anna Schmidt" a byline.
const BYLINE = new RegExp(`^(?:${alternation((words) => words.bylines)})\\s+(?=\\p{Lu})`, "u");
const PARTICLE = new RegExp(`^(${alternation((words) => words.nameParticles)})$`, "iu");
// Affiliation marks beside a name or at an affiliation's start: "Wilson1", "Teal6,*", "†", "¹".
const MARKS = /[\d*†‡§¶#¹²³⁰⁴⁵⁶⁷⁸⁹]+/gu;
const HAS_MARK = /[\d*†‡§¶#¹²³⁰⁴⁵⁶⁷⁸⁹]/u;
const NAME_WORD = /^(\p{Lu}[\p{Ll}'’-]+(-\p{Lu}[\p{Ll}'’-]+)?|\p{Lu}\.(-?\p{Lu}\.)*)$/u;
const MAX_LINE_WORDS = 20;
const MAX_EMAIL_LINE_WORDS = 12;

/** What an author-block line is, or null for a line of prose. */
export function frontMatterLineKind(line: string): "email" | "names" | "affiliation" | "note" | null {
  const words = line.split(/\s+/).filter(Boolean);
  if ((EMAIL.test(line) || ORCID.test(line)) && words.length <= MAX_EMAIL_LINE_WORDS) return "email";
  if (words.length <= MAX_LINE_WORDS) {
    if (AUTHOR_NOTE.test(line)) return "note";
    // An institution first: "Faculteit der Geesteswetenschappen" has the shape of a name.
    if (INSTITUTION.test(line) && mostlyCapitalised(line)) return "affiliation";
  }
  // A list of names only is never prose, however many authors it names.
  if (isNameList(line.replace(BYLINE, ""))) return "names";
  return null;
}

/** "Greg Wilson1, Jennifer Bryan2 and Tracy K. Teal6,*", or one name with a mark or an initial. */
function isNameList(line: string): boolean {
  const parts = line
    .replace(MARKS, " ")
    .split(NAME_SEPARATOR)
    .map((part) => part.trim())
    .filter(Boolean);
  if (parts.length === 0 || !parts.every(isPersonalName)) return false;
  return parts.length >= 2 || HAS_MARK.test(line) || /(^|\s)\p{Lu}\.\s/u.test(line);
}

function isPersonalName(part: string): boolean {
  const words = part.split(/\s+/);
  const named = words.filter((word) => !PARTICLE.test(word));
  return named.length >= 2 && words.length <= 5 && named.every((word) => NAME_WORD.test(word));
}

/** Most words of an affiliation start with a capital ("Department of Biology, University of Oslo"). */
function mostlyCapitalised(line: string): boolean {
  const words = line.split(/\s+/).filter((word) => /\p{L}{3,}/u.test(word));
  const capitalised = words.filter((word) => /^\P{L}*\p{Lu}/u.test(word));
  return words.length > 0 && capitalised.length * 2 >= words.length;
}

/**
 * Whether a block of lines (one paragraph, its lines set apart by line breaks) is an author block: most
 * of its lines are names, affiliations, addresses or notes about the authors, and one at least is not
 * only a note.
 */
export function isAuthorBlock(lines: readonly string[]): boolean {
  const kinds = lines.map(frontMatterLineKind);
  const matched = kinds.filter((kind) => kind !== null);
  return matched.length * 2 >= lines.length && matched.some((kind) => kind !== "note");
}

const MAX_FRONT_LINES = 40;

/**
 * Marks the author block of a document as furniture: the paragraphs before its first section heading
 * (after the title and any headings right below it, within the first 40 lines) that are author blocks.
 * Paragraphs are runs of lines between blank lines, headings and paragraph starts.
 */
export function markFrontMatter(lines: readonly string[], layout: PageLayout) {
  let block: number[] = [];
  const close = () => {
    const text = block.map((index) => lines[index] ?? "");
    if (block.length > 0 && isAuthorBlock(text)) for (const index of block) layout.furniture.add(index);
    block = [];
  };
  let seenText = false;
  for (let index = 0; index < Math.min(lines.length, MAX_FRONT_LINES); index++) {
    const heading = layout.headings.get(index);
    if (heading) {
      close();
      // The first heading after some text opens the document's first section: front matter ends there.
      if (seenText) return;
      index = heading.end;
      continue;
    }
    const line = lines[index] ?? "";
    if (line === "" || layout.paragraphs.has(index) || layout.roles.has(index)) close();
    if (line === "" || layout.roles.has(index) || layout.furniture.has(index)) continue;
    seenText = true;
    block.push(index);
  }
  close();
}

/**
 * A deck's title slide: its lines besides the title (subtitle, author, institute, date, an address) are
 * front matter, as a book's title page is; a title slide with a sentence on it is read as a slide.
 * `lines` are the slide's lines by index; only those in `candidates` (not its notes) may be front matter.
 */
export function markTitleSlide(lines: readonly string[], layout: PageLayout, candidates: readonly number[]) {
  const inTitle = (index: number) =>
    [...layout.headings].some(([start, { end }]) => index >= start && index <= end);
  const others = candidates.filter((index) => !inTitle(index));
  if (others.some((index) => /[.!?]["'”’)]?$/.test(lines[index] ?? ""))) return;
  for (const index of others) {
    layout.furniture.add(index);
    layout.roles.delete(index);
    layout.paragraphs.delete(index);
  }
}
