/**
 * A PowerPoint deck → truth.json, from the deck's own XML (not from our slide reader): slides in the
 * order of presentation.xml, each slide's title placeholder a heading, every other paragraph of its
 * shapes body text (split by the ICU segmenter), table cells table rows, date/footer/slide-number
 * placeholders furniture. A paragraph set wholly in a monospace font is program code, not prose, and is
 * dropped and counted; speaker notes are not on the slides and are left out.
 *
 *   npx tsx bench/corpus/tools/pptx-truth.ts --pptx deck.pptx --config truth-config.json --out truth.json
 */
import { readFileSync } from "node:fs";
import { posix } from "node:path";
import { parseArgs } from "node:util";
import { DOMParser } from "@xmldom/xmldom";
import JSZip from "jszip";
import { normalizeText, segmentSentences, type Truth } from "../../ingest-metrics.ts";
import { type TruthOptions, writeTruth } from "./pandoc-truth.ts";
import { withoutTypedMarker } from "./truth-text.ts";

const A = "http://schemas.openxmlformats.org/drawingml/2006/main";
const P = "http://schemas.openxmlformats.org/presentationml/2006/main";
const R = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const TITLES = new Set(["title", "ctrTitle"]);
const FURNITURE = new Set(["dt", "ftr", "sldNum"]);
const MONOSPACE = /courier|mono|consolas|menlo/i;

async function xml(zip: JSZip, path: string): Promise<Document> {
  const file = zip.file(path);
  if (!file) throw new Error(`${path} missing from the deck`);
  return new DOMParser().parseFromString(await file.async("string"), "text/xml") as unknown as Document;
}

/** Slide part paths in presentation order. */
async function slidePaths(zip: JSZip): Promise<string[]> {
  const presentation = await xml(zip, "ppt/presentation.xml");
  const rels = await xml(zip, "ppt/_rels/presentation.xml.rels");
  const targets = new Map(
    Array.from(rels.getElementsByTagName("Relationship"), (rel) => [
      rel.getAttribute("Id") ?? "",
      rel.getAttribute("Target") ?? "",
    ]),
  );
  return Array.from(presentation.getElementsByTagNameNS(P, "sldId"), (slide) =>
    posix.join("ppt", targets.get(slide.getAttributeNS(R, "id") ?? "") ?? ""),
  );
}

/** A paragraph's printed text (line breaks as spaces) and whether all of its text is monospace. */
function paragraphText(paragraph: Element): { text: string; code: boolean } {
  let text = "";
  let code = true;
  for (const node of Array.from(paragraph.getElementsByTagNameNS(A, "*"))) {
    if (node.localName === "br") text += " ";
    if (node.localName !== "t") continue;
    const run = node.parentNode as Element;
    const font = run.getElementsByTagNameNS(A, "latin")[0]?.getAttribute("typeface") ?? "";
    if (/\S/.test(node.textContent ?? "") && !MONOSPACE.test(font)) code = false;
    text += node.textContent ?? "";
  }
  return { text: normalizeText(text), code };
}

function placeholderType(shape: Element): string | null {
  const placeholder = shape.getElementsByTagNameNS(P, "ph")[0];
  return placeholder ? (placeholder.getAttribute("type") ?? "body") : null;
}

const { values } = parseArgs({
  options: { pptx: { type: "string" }, config: { type: "string" }, out: { type: "string" } },
});
if (!values.pptx || !values.config || !values.out) throw new Error("usage: --pptx F --config F --out F");
const config = JSON.parse(readFileSync(values.config, "utf8")) as TruthOptions;
const zip = await JSZip.loadAsync(readFileSync(values.pptx));
const truth: Truth = {
  language: config.language,
  kind: config.kind,
  layout: config.layout,
  holdout: config.holdout,
  sentences: [],
  headings: [],
  nonBody: {
    captions: [],
    footnotes: [],
    furniture: [...(config.furniture ?? [])],
    references: [],
    tables: [],
  },
};
const dropped: string[] = [];

for (const path of await slidePaths(zip)) {
  const slide = await xml(zip, path);
  for (const shape of Array.from(slide.getElementsByTagNameNS(P, "sp"))) {
    const type = placeholderType(shape);
    const paragraphs = Array.from(shape.getElementsByTagNameNS(A, "p"), paragraphText).filter(
      (paragraph) => paragraph.text !== "",
    );
    if (type && TITLES.has(type)) {
      const title = paragraphs.map((paragraph) => paragraph.text).join(" ");
      if (title) truth.headings.push(title);
    } else if (type && FURNITURE.has(type)) {
      truth.nonBody.furniture.push(...paragraphs.map((paragraph) => paragraph.text));
    } else {
      for (const { text, code } of paragraphs) {
        if (code) dropped.push(text);
        else truth.sentences.push(...segmentSentences(withoutTypedMarker(text), config.language));
      }
    }
  }
  for (const row of Array.from(slide.getElementsByTagNameNS(A, "tr"))) {
    const cells = Array.from(row.getElementsByTagNameNS(A, "p"), (cell) => paragraphText(cell).text);
    const text = cells.filter(Boolean).join(" ");
    if (text) truth.nonBody.tables.push(text);
  }
}
writeTruth(values.out, { truth, dropped });
