import { strToU8, zipSync } from "fflate";
import type { Database, SqlJsStatic } from "sql.js";
import { chapterTag, type ExportRow } from "./card-export.ts";

/**
 * docs/export.md: an Anki deck package (.apkg) built in the browser. An .apkg is a zip of
 * `collection.anki2`, an SQLite database in Anki's schema 11 (which every Anki since 2.1 imports and
 * upgrades), and `media`, a JSON map of media files (none here). The collection holds one note type
 * (Front, Back, Hint, Citation), one deck named after the topic, and one note and one new card per card.
 */

/** Fixed, so every export uses the same note type and a re-import does not add a copy of it. */
export const NOTE_TYPE_ID = 1_764_000_000_001;
export const NOTE_TYPE_NAME = "Studymap-kaart";
export const NOTE_FIELDS = ["Front", "Back", "Hint", "Citation"] as const;
/** Anki separates a note's fields with the unit separator. */
export const FIELD_SEPARATOR = "\u001f";

const SCHEMA = `
CREATE TABLE col (id integer primary key, crt integer not null, mod integer not null,
  scm integer not null, ver integer not null, dty integer not null, usn integer not null,
  ls integer not null, conf text not null, models text not null, decks text not null,
  dconf text not null, tags text not null);
CREATE TABLE notes (id integer primary key, guid text not null, mid integer not null,
  mod integer not null, usn integer not null, tags text not null, flds text not null,
  sfld integer not null, csum integer not null, flags integer not null, data text not null);
CREATE TABLE cards (id integer primary key, nid integer not null, did integer not null,
  ord integer not null, mod integer not null, usn integer not null, type integer not null,
  queue integer not null, due integer not null, ivl integer not null, factor integer not null,
  reps integer not null, lapses integer not null, left integer not null, odue integer not null,
  odid integer not null, flags integer not null, data text not null);
CREATE TABLE revlog (id integer primary key, cid integer not null, usn integer not null,
  ease integer not null, ivl integer not null, lastIvl integer not null, factor integer not null,
  time integer not null, type integer not null);
CREATE TABLE graves (usn integer not null, oid integer not null, type integer not null);
CREATE INDEX ix_notes_usn on notes (usn);
CREATE INDEX ix_cards_usn on cards (usn);
CREATE INDEX ix_revlog_usn on revlog (usn);
CREATE INDEX ix_cards_nid on cards (nid);
CREATE INDEX ix_cards_sched on cards (did, queue, due);
CREATE INDEX ix_revlog_cid on revlog (cid);
CREATE INDEX ix_notes_csum on notes (csum);
`;

const CARD_CSS = `.card { font-family: system-ui, sans-serif; font-size: 20px; text-align: center; }
.citation { margin-top: 1em; font-size: 14px; color: #0369a1; }`;

/** Anki's `hint:` filter shows the hint behind a "Hint" link, as "Toon hint" does in Studymap. */
const QUESTION_TEMPLATE = "{{Front}}{{#Hint}}<br><br>{{hint:Hint}}{{/Hint}}";
const ANSWER_TEMPLATE =
  '{{FrontSide}}<hr id="answer">{{Back}}{{#Citation}}<div class="citation">{{Citation}}</div>{{/Citation}}';

/** Field text as Anki stores it: HTML, so markup characters are escaped and line breaks become <br>. */
export function ankiFieldHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/\r?\n/g, "<br>");
}

async function sha1(text: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest("SHA-1", new TextEncoder().encode(text)));
}

function hex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** Anki's duplicate check: the first 32 bits of the SHA-1 of the sort field's text. */
export async function ankiChecksum(sortField: string): Promise<number> {
  return Number.parseInt(hex(await sha1(sortField)).slice(0, 8), 16);
}

/** Anki recognises a note it imported before by its guid: derived from the card's key, it stays the same. */
export async function noteGuid(key: string): Promise<string> {
  return `sm${hex(await sha1(`studymap:${key}`)).slice(0, 16)}`;
}

/** A deck id from its name (Anki merges decks by name anyway); above 1, which is Anki's "Default". */
export async function deckId(name: string): Promise<number> {
  // 40 bits stay well inside JavaScript's safe integers and SQLite's 64-bit ones.
  return Number.parseInt(hex(await sha1(`deck:${name}`)).slice(0, 10), 16) + 2;
}

function noteType(did: number, modSeconds: number) {
  return {
    id: NOTE_TYPE_ID,
    name: NOTE_TYPE_NAME,
    type: 0,
    mod: modSeconds,
    usn: -1,
    sortf: 0,
    did,
    tmpls: [
      {
        name: "Kaart",
        ord: 0,
        qfmt: QUESTION_TEMPLATE,
        afmt: ANSWER_TEMPLATE,
        bqfmt: "",
        bafmt: "",
        did: null,
        bfont: "",
        bsize: 0,
      },
    ],
    flds: NOTE_FIELDS.map((name, ord) => ({
      name,
      ord,
      sticky: false,
      rtl: false,
      font: "Arial",
      size: 20,
      media: [],
    })),
    css: CARD_CSS,
    latexPre: "\\documentclass[12pt]{article}\n\\begin{document}\n",
    latexPost: "\\end{document}",
    latexsvg: false,
    // The card needs the Front field filled.
    req: [[0, "any", [0]]],
    tags: [],
    vers: [],
  };
}

function deck(id: number, name: string, modSeconds: number) {
  return {
    id,
    name,
    desc: "Geëxporteerd uit Studymap",
    mod: modSeconds,
    usn: -1,
    collapsed: false,
    browserCollapsed: false,
    dyn: 0,
    conf: 1,
    extendNew: 0,
    extendRev: 0,
    newToday: [0, 0],
    revToday: [0, 0],
    lrnToday: [0, 0],
    timeToday: [0, 0],
  };
}

/** Anki's default options group; the importer's own options win for decks it already has. */
const DEFAULT_DECK_OPTIONS = {
  id: 1,
  name: "Default",
  mod: 0,
  usn: 0,
  maxTaken: 60,
  autoplay: true,
  timer: 0,
  replayq: true,
  dyn: false,
  new: { bury: false, delays: [1, 10], initialFactor: 2500, ints: [1, 4, 0], order: 1, perDay: 20 },
  lapse: { delays: [10], leechAction: 1, leechFails: 8, minInt: 1, mult: 0 },
  rev: { bury: false, ease4: 1.3, ivlFct: 1, maxIvl: 36500, perDay: 200, hardFactor: 1.2 },
};

function insertCollection(db: Database, did: number, deckName: string, now: Date, cardCount: number) {
  const seconds = Math.floor(now.getTime() / 1000);
  const conf = {
    activeDecks: [did],
    curDeck: did,
    curModel: NOTE_TYPE_ID,
    nextPos: cardCount + 1,
    newSpread: 0,
    collapseTime: 1200,
    timeLim: 0,
    estTimes: true,
    dueCounts: true,
    sortType: "noteFld",
    sortBackwards: false,
    addToCur: true,
  };
  const decks = { 1: { ...deck(1, "Default", seconds), desc: "" }, [did]: deck(did, deckName, seconds) };
  db.run("INSERT INTO col VALUES (1, ?, ?, ?, 11, 0, 0, 0, ?, ?, ?, ?, '{}')", [
    seconds,
    now.getTime(),
    now.getTime(),
    JSON.stringify(conf),
    JSON.stringify({ [NOTE_TYPE_ID]: noteType(did, seconds) }),
    JSON.stringify(decks),
    JSON.stringify({ 1: DEFAULT_DECK_OPTIONS }),
  ]);
}

async function insertCard(db: Database, row: ExportRow, index: number, did: number, now: Date) {
  const seconds = Math.floor(now.getTime() / 1000);
  // Anki's ids are millisecond times; one per note and card keeps them unique within the package.
  const id = now.getTime() + index;
  const fields = [row.front, row.back, row.hint, row.citation].map(ankiFieldHtml).join(FIELD_SEPARATOR);
  const tags = ` ${chapterTag(row.chapterPosition, row.chapter)} `;
  db.run("INSERT INTO notes VALUES (?, ?, ?, ?, -1, ?, ?, ?, ?, 0, '')", [
    id,
    await noteGuid(row.key),
    NOTE_TYPE_ID,
    seconds,
    tags,
    fields,
    row.front,
    await ankiChecksum(row.front),
  ]);
  // A new card (type 0, queue 0), due in export order.
  db.run("INSERT INTO cards VALUES (?, ?, ?, 0, ?, -1, 0, 0, ?, 0, 0, 0, 0, 0, 0, 0, 0, '')", [
    id,
    id,
    did,
    seconds,
    index + 1,
  ]);
}

/** The .apkg bytes of a deck named `deckName` holding `rows`; `SQL` is sql.js, loaded by the caller. */
export async function buildAnkiPackage(
  SQL: SqlJsStatic,
  deckName: string,
  rows: readonly ExportRow[],
  now = new Date(),
): Promise<Uint8Array> {
  const db = new SQL.Database();
  try {
    db.exec(SCHEMA);
    const did = await deckId(deckName);
    insertCollection(db, did, deckName, now, rows.length);
    for (const [index, row] of rows.entries()) await insertCard(db, row, index, did, now);
    return zipSync({ "collection.anki2": db.export(), media: strToU8("{}") });
  } finally {
    db.close();
  }
}
