import JSZip from "jszip";
import initSqlJs, { type Database } from "sql.js";
import { beforeAll, describe, expect, it } from "vitest";
import {
  ankiChecksum,
  ankiFieldHtml,
  buildAnkiPackage,
  deckId,
  FIELD_SEPARATOR,
  NOTE_FIELDS,
  NOTE_TYPE_ID,
  noteGuid,
} from "./anki-package.ts";
import { exportChapters } from "./card-export.fixtures.ts";
import { exportRows } from "./card-export.ts";

const SQL = await initSqlJs();
const NOW = new Date("2026-11-26T12:00:00Z");

/** Unzips an .apkg with a different zip library than the one that wrote it and opens its collection. */
async function openPackage(bytes: Uint8Array): Promise<{ files: string[]; db: Database; media: string }> {
  const zip = await JSZip.loadAsync(bytes);
  const collection = await zip.file("collection.anki2")?.async("uint8array");
  if (!collection) throw new Error("no collection.anki2 in the package");
  return {
    files: Object.keys(zip.files).sort(),
    db: new SQL.Database(collection),
    media: (await zip.file("media")?.async("string")) ?? "",
  };
}

function rowsOf(db: Database, sql: string): Record<string, unknown>[] {
  const [result] = db.exec(sql);
  if (!result) return [];
  return result.values.map((values) => Object.fromEntries(result.columns.map((c, i) => [c, values[i]])));
}

function jsonColumn(db: Database, column: "models" | "decks" | "dconf" | "conf") {
  return JSON.parse(String(rowsOf(db, `SELECT ${column} FROM col`)[0]?.[column]));
}

describe("buildAnkiPackage", () => {
  let db: Database;
  let files: string[];
  let media: string;

  beforeAll(async () => {
    const bytes = await buildAnkiPackage(SQL, "Rivieren van Europa", exportRows(exportChapters), NOW);
    ({ db, files, media } = await openPackage(bytes));
  });

  it("is a zip of an Anki schema-11 collection and an empty media map", () => {
    expect(files).toEqual(["collection.anki2", "media"]);
    expect(JSON.parse(media)).toEqual({});
    expect(rowsOf(db, "SELECT ver, crt FROM col")).toEqual([{ ver: 11, crt: NOW.getTime() / 1000 }]);
    expect(rowsOf(db, "PRAGMA integrity_check")).toEqual([{ integrity_check: "ok" }]);
  });

  it("has a deck named after the topic, beside Anki's Default", async () => {
    const decks = jsonColumn(db, "decks");
    const id = await deckId("Rivieren van Europa");
    expect(Object.keys(decks).sort()).toEqual(["1", String(id)].sort());
    expect(decks[id]).toMatchObject({ id, name: "Rivieren van Europa", conf: 1, dyn: 0 });
    expect(jsonColumn(db, "dconf")).toHaveProperty("1");
  });

  it("has one note type with the four fields and a template showing the citation with the answer", () => {
    const model = jsonColumn(db, "models")[NOTE_TYPE_ID];
    expect(model.flds.map((field: { name: string; ord: number }) => [field.ord, field.name])).toEqual(
      NOTE_FIELDS.map((name, ord) => [ord, name]),
    );
    expect(model.tmpls).toHaveLength(1);
    expect(model.tmpls[0].qfmt).toContain("{{Front}}");
    expect(model.tmpls[0].qfmt).toContain("{{hint:Hint}}");
    expect(model.tmpls[0].afmt).toContain("{{Back}}");
    expect(model.tmpls[0].afmt).toContain("{{Citation}}");
  });

  it("holds one note per card with its fields as HTML and its chapter as tag", () => {
    const notes = rowsOf(db, "SELECT mid, tags, flds, sfld FROM notes ORDER BY id");
    expect(notes.map((note) => String(note.flds).split(FIELD_SEPARATOR))).toEqual([
      [
        "Wat is een café-bron?",
        "Een bron bij een café.",
        "Denk aan de bodem",
        "rivieren.pdf p.3 (Lines: 4-6); rivieren.pdf p.4 (Lines: 1-1)",
      ],
      ["Vraag c2?", "Antwoord c2.", "", ""],
      [
        "=SUM(A1) of niet?",
        'Een "delta" ontstaat, zegt men, waar &lt;rivier&gt; &amp; zee elkaar raken.<br>Tweede regel.',
        "",
        "example.nl (Lines: 1-2)",
      ],
    ]);
    expect(notes.map((note) => note.tags)).toEqual([" 01_Bronnen ", " 01_Bronnen ", " 02_Delta's_en_zeeën "]);
    expect(notes.map((note) => note.sfld)).toEqual([
      "Wat is een café-bron?",
      "Vraag c2?",
      "=SUM(A1) of niet?",
    ]);
    expect(new Set(notes.map((note) => note.mid))).toEqual(new Set([NOTE_TYPE_ID]));
  });

  it("gives each note a stable guid and Anki's checksum of its front", async () => {
    const notes = rowsOf(db, "SELECT guid, csum FROM notes ORDER BY id");
    expect(notes).toEqual([
      { guid: await noteGuid("act-1/c1"), csum: await ankiChecksum("Wat is een café-bron?") },
      { guid: await noteGuid("act-1/c2"), csum: await ankiChecksum("Vraag c2?") },
      { guid: await noteGuid("act-2/c1"), csum: await ankiChecksum("=SUM(A1) of niet?") },
    ]);
    expect(new Set(notes.map((note) => note.guid)).size).toBe(3);
  });

  it("holds one new card per note, in the topic's deck, due in export order", async () => {
    const cards = rowsOf(
      db,
      "SELECT cards.nid = notes.id AS linked, did, ord, type, queue, due FROM cards JOIN notes ON notes.id = cards.nid ORDER BY due",
    );
    const did = await deckId("Rivieren van Europa");
    expect(cards).toEqual([1, 2, 3].map((due) => ({ linked: 1, did, ord: 0, type: 0, queue: 0, due })));
  });
});

/**
 * The keys Anki's importer cannot do without: those its schema-11 readers (rslib/src/notetype,
 * decks and deckconfig `schema11.rs`) parse without a default. A package missing one fails to import.
 */
describe("what Anki's schema-11 reader requires", () => {
  let db: Database;
  beforeAll(async () => {
    ({ db } = await openPackage(await buildAnkiPackage(SQL, "Rivieren", exportRows(exportChapters), NOW)));
  });
  const did = () => deckId("Rivieren");

  it.each([
    [
      "note type",
      async () => jsonColumn(db, "models")[NOTE_TYPE_ID],
      ["id", "name", "type", "mod", "usn", "sortf", "did", "tmpls", "flds", "css"],
    ],
    [
      "note type's field",
      async () => jsonColumn(db, "models")[NOTE_TYPE_ID].flds[0],
      ["name", "ord", "sticky", "rtl", "font", "size"],
    ],
    [
      "note type's template",
      async () => jsonColumn(db, "models")[NOTE_TYPE_ID].tmpls[0],
      ["name", "ord", "qfmt"],
    ],
    [
      "deck",
      async () => jsonColumn(db, "decks")[await did()],
      ["id", "name", "usn", "lrnToday", "revToday", "newToday", "timeToday", "collapsed", "dyn", "conf"],
    ],
    [
      "deck options",
      async () => jsonColumn(db, "dconf")[1],
      ["id", "mod", "name", "usn", "maxTaken", "autoplay", "timer", "new", "rev", "lapse"],
    ],
    [
      "new-card options",
      async () => jsonColumn(db, "dconf")[1].new,
      ["delays", "initialFactor", "ints", "order", "perDay"],
    ],
    ["review options", async () => jsonColumn(db, "dconf")[1].rev, ["ease4", "ivlFct", "maxIvl", "perDay"]],
    [
      "lapse options",
      async () => jsonColumn(db, "dconf")[1].lapse,
      ["delays", "leechAction", "leechFails", "minInt", "mult"],
    ],
  ] as const)("the %s has its required keys", async (_name, read, keys) => {
    const object = await read();
    for (const key of keys) expect(object, key).toHaveProperty(key);
  });
});

describe("ankiChecksum", () => {
  it.each([
    // The first 8 hex digits of SHA-1("hello") = aaf4c61d…, as Anki computes a note's csum.
    ["hello", 0xaaf4c61d],
    ["", 0xda39a3ee],
  ])("of %j is %i", async (text, checksum) => {
    expect(await ankiChecksum(text)).toBe(checksum);
  });
});

describe("ankiFieldHtml", () => {
  it.each([
    ["a < b & c > d", "a &lt; b &amp; c &gt; d"],
    ["regel 1\nregel 2\r\nregel 3", "regel 1<br>regel 2<br>regel 3"],
    ["café", "café"],
  ])("%j is stored as %j", (text, html) => {
    expect(ankiFieldHtml(text)).toBe(html);
  });
});

describe("an empty topic", () => {
  it("still makes a valid package with its deck and no notes", async () => {
    const { db } = await openPackage(await buildAnkiPackage(SQL, "Leeg", [], NOW));
    expect(rowsOf(db, "SELECT count(*) AS n FROM notes")).toEqual([{ n: 0 }]);
    expect(Object.values(jsonColumn(db, "decks")).map((deck) => (deck as { name: string }).name)).toContain(
      "Leeg",
    );
  });
});
