import JSZip from "jszip";
import initSqlJs from "sql.js";
import { afterEach, describe, expect, it, vi } from "vitest";
import { exportChapters } from "./card-export.fixtures.ts";
import { cardExportFile, saveFile } from "./card-export-file.ts";

const NOW = new Date("2026-11-26T12:00:00Z");

describe("cardExportFile", () => {
  it("writes the Anki package with the browser's asm.js sql.js, readable by the WebAssembly build", async () => {
    const file = await cardExportFile("apkg", "Rivieren van Europa", exportChapters, NOW);
    expect(file.name).toBe("rivieren-van-europa-kaarten.apkg");
    const zip = await JSZip.loadAsync(new Uint8Array(await file.blob.arrayBuffer()));
    const collection = await zip.file("collection.anki2")?.async("uint8array");
    const SQL = await initSqlJs();
    const db = new SQL.Database(collection);
    expect(db.exec("SELECT count(*) FROM notes")[0]?.values).toEqual([[3]]);
    db.close();
  });

  it("writes the CSV as UTF-8 text with the byte-order mark", async () => {
    const file = await cardExportFile("csv", "Rivieren van Europa", exportChapters, NOW);
    expect(file.name).toBe("rivieren-van-europa-kaarten.csv");
    expect(file.blob.type).toBe("text/csv;charset=utf-8");
    const bytes = new Uint8Array(await file.blob.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes)).toContain("café");
  });
});

describe("saveFile", () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("clicks a download link to the blob and frees the blob only after the download could start", () => {
    vi.useFakeTimers();
    const link = { href: "", download: "", click: vi.fn() };
    const revoke = vi.fn();
    vi.stubGlobal("document", { createElement: () => link });
    vi.stubGlobal("URL", { createObjectURL: () => "blob:kaarten", revokeObjectURL: revoke });

    saveFile({ name: "rivieren-kaarten.csv", blob: new Blob(["x"]) });
    expect(link).toMatchObject({ href: "blob:kaarten", download: "rivieren-kaarten.csv" });
    expect(link.click).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(39_000);
    expect(revoke).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1_000);
    expect(revoke).toHaveBeenCalledWith("blob:kaarten");
  });
});
