import JSZip from "jszip";
import PptxGenJS from "pptxgenjs";
import { describe, expect, it } from "vitest";
import { buildCorpus } from "../corpus.ts";
import { ingestSource, SourceReadError } from "./index.ts";
import { readPptx } from "./pptx.ts";

const INCH = 1;

/**
 * A three-slide lecture deck made with pptxgenjs, the way PowerPoint writes one: title and body
 * placeholders from a master, free text boxes, a table and speaker notes. Slide 2's text box at the
 * bottom is written before the one at the top, so reading order must come from positions.
 */
async function lectureDeck(options: { titleSlide: boolean }): Promise<Uint8Array> {
  const deck = new PptxGenJS();
  deck.defineSlideMaster({
    title: "Lecture",
    objects: [
      { placeholder: { options: { name: "title", type: "title", x: 0.5, y: 0.3, w: 9, h: 1 }, text: "" } },
      { placeholder: { options: { name: "body", type: "body", x: 0.5, y: 1.5, w: 9, h: 3 }, text: "" } },
    ],
  });
  const opening = deck.addSlide({ masterName: "Lecture" });
  opening.addText("The water cycle", { placeholder: "title" });
  opening.addText("Week 3, Earth science", { x: 0.5, y: 2, w: 9, h: 1 });

  const body = deck.addSlide({ masterName: "Lecture" });
  body.addText("Evaporation and condensation", { placeholder: "title" });
  body.addText("Clouds form when the vapour cools.", { x: 0.5, y: 4.5 * INCH, w: 9, h: 0.5 });
  body.addText(
    [
      { text: "The sun heats the sea.", options: { bullet: true, breakLine: true } },
      { text: "Water rises as vapour.", options: { bullet: true } },
    ],
    { placeholder: "body" },
  );
  body.addTable(
    [
      [{ text: "Phase" }, { text: "Where" }],
      [{ text: "Evaporation" }, { text: "Oceans" }],
    ],
    { x: 0.5, y: 5.2, w: 6 },
  );
  body.addNotes("Ask the class where rain comes from.\nThen show the diagram.");

  deck.addSlide({ masterName: "Lecture" });
  const bytes = (await deck.write({ outputType: "uint8array" })) as Uint8Array;
  return options.titleSlide ? asTitleSlide(bytes) : bytes;
}

/** Turns slide 1's title placeholder into a title slide's centred title (`ctrTitle`), as PowerPoint has. */
async function asTitleSlide(bytes: Uint8Array): Promise<Uint8Array> {
  const zip = await JSZip.loadAsync(bytes);
  const slide = await zip.file("ppt/slides/slide1.xml")?.async("string");
  zip.file("ppt/slides/slide1.xml", (slide ?? "").replace('type="title"', 'type="ctrTitle"'));
  return zip.generateAsync({ type: "uint8array" });
}

/**
 * A deck in parts: a title slide, then two parts, each opened by a slide in PowerPoint's "Section
 * Header" layout (`type="secHead"` on the layout the slide uses) and followed by content slides.
 */
async function deckInParts(): Promise<Uint8Array> {
  const deck = new PptxGenJS();
  const title = [
    { placeholder: { options: { name: "title", type: "title", x: 0.5, y: 0.3, w: 9, h: 1 }, text: "" } },
  ] as PptxGenJS.SlideMasterProps["objects"];
  deck.defineSlideMaster({ title: "Lecture", objects: title });
  deck.defineSlideMaster({ title: "Section", objects: title });
  const slides: Array<[string, string, string | null]> = [
    ["Lecture", "Rivers and volcanoes", null],
    ["Section", "Rivers", null],
    ["Lecture", "River beds", "The river water cuts a bed into the hills."],
    ["Lecture", "River mouths", "Sand settles where the river meets the sea."],
    ["Section", "Volcanoes", null],
    ["Lecture", "Lava", "Lava cools and becomes solid rock."],
  ];
  for (const [master, heading, text] of slides) {
    const slide = deck.addSlide({ masterName: master });
    slide.addText(heading, { placeholder: "title" });
    if (text) slide.addText(text, { x: 0.5, y: 2, w: 9, h: 1 });
  }
  const zip = await JSZip.loadAsync((await deck.write({ outputType: "uint8array" })) as Uint8Array);
  const relations = (await zip.file("ppt/slides/_rels/slide2.xml.rels")?.async("string")) ?? "";
  const layout = `ppt/slideLayouts/${/slideLayout\d+\.xml/.exec(relations)?.[0]}`;
  const part = (await zip.file(layout)?.async("string")) ?? "";
  zip.file(layout, part.replace("<p:sldLayout ", '<p:sldLayout type="secHead" '));
  return asTitleSlide(await zip.generateAsync({ type: "uint8array" }));
}

describe("readPptx", () => {
  it("sets a deck's section-header slides a level above its other slides: each part a chapter", async () => {
    const pages = await readPptx(await deckInParts());
    const levels = pages.map((page) => [page.lines[0], page.layout.headings.get(0)?.level]);
    expect(levels).toEqual([
      ["Rivers and volcanoes", 1],
      ["Rivers", 2],
      ["River beds", 3],
      ["River mouths", 3],
      ["Volcanoes", 2],
      ["Lava", 3],
    ]);
  });

  it("makes each slide a page: title, text top to bottom, tables by row, then speaker notes", async () => {
    const pages = await readPptx(await lectureDeck({ titleSlide: true }));
    expect(pages.map((page) => page.page_number)).toEqual([1, 2, 3]);
    expect(pages[0]?.lines).toEqual(["The water cycle", "Week 3, Earth science"]);
    expect(pages[1]?.lines).toEqual([
      "Evaporation and condensation",
      "The sun heats the sea.",
      "Water rises as vapour.",
      "Clouds form when the vapour cools.",
      "Phase | Where",
      "Evaporation | Oceans",
      "Ask the class where rain comes from.",
      "Then show the diagram.",
    ]);
    expect(pages[2]?.lines).toEqual([]);
  });

  it("marks the title as a heading and every bullet, paragraph and note as a paragraph start", async () => {
    const [opening, body] = await readPptx(await lectureDeck({ titleSlide: true }));
    expect([...(opening?.layout.headings ?? [])]).toEqual([[0, { level: 1, end: 0 }]]);
    expect([...(body?.layout.headings ?? [])]).toEqual([[0, { level: 2, end: 0 }]]);
    // The note's second line follows a line break inside the same paragraph, so it opens none.
    expect([...(body?.layout.paragraphs ?? [])]).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it("marks a paragraph set in a monospace face as code, so it is never read as a sentence", async () => {
    const deck = new PptxGenJS();
    const slide = deck.addSlide();
    slide.addText("A function is some stored code that we use.", { x: 0.5, y: 1, w: 9, h: 0.5 });
    slide.addText(
      [
        { text: "def greet():", options: { fontFace: "Courier New", breakLine: true } },
        { text: "return 'Hello'", options: { fontFace: "Courier" } },
      ],
      { x: 0.5, y: 2, w: 9, h: 1 },
    );
    slide.addText(
      [
        { text: "The keyword " },
        { text: "def", options: { fontFace: "Courier" } },
        { text: " starts a definition." },
      ],
      {
        x: 0.5,
        y: 3.5,
        w: 9,
        h: 0.5,
      },
    );
    const [page] = await readPptx((await deck.write({ outputType: "uint8array" })) as Uint8Array);
    expect(page?.lines).toEqual([
      "A function is some stored code that we use.",
      "def greet():",
      "return 'Hello'",
      "The keyword def starts a definition.",
    ]);
    // A word of code inside a sentence leaves the sentence prose.
    expect([...(page?.layout.roles ?? [])]).toEqual([
      [1, "code"],
      [2, "code"],
    ]);
  });

  it.each([
    { titleSlide: true, frontMatter: [1] },
    { titleSlide: false, frontMatter: [] },
  ])(
    "reads a title slide's subtitle as front matter, a slide's text as text (title slide: $titleSlide)",
    async ({ titleSlide, frontMatter }) => {
      const [opening] = await readPptx(await lectureDeck({ titleSlide }));
      expect([...(opening?.layout.furniture ?? [])]).toEqual(frontMatter);
    },
  );

  it.each([
    { titleSlide: true, levels: [1, 2] },
    { titleSlide: false, levels: [1, 1] },
  ])(
    "sets slide titles at level 2 under a title slide, else at level 1 (title slide: $titleSlide)",
    async ({ titleSlide, levels }) => {
      const pages = await readPptx(await lectureDeck({ titleSlide }));
      expect(pages.slice(0, 2).map((page) => page.layout.headings.get(0)?.level)).toEqual(levels);
    },
  );
});

describe("ingesting a presentation", () => {
  it("keeps slide numbers as pages and reads titles as headings, never as sentences", async () => {
    const content = await lectureDeck({ titleSlide: true });
    const input = { id: "deck", kind: "pptx" as const, file_name: "week3.pptx", file_path: "e/t/week3.pptx" };
    const { chunks } = await ingestSource({ ...input, content });
    expect(new Set(chunks.map((chunk) => chunk.page_number))).toEqual(new Set([1, 2]));
    const corpus = buildCorpus([{ ...input, chunks }]);
    const headings = corpus.items.flatMap((item) => (item.type === "heading" ? [item.heading.text] : []));
    expect(headings).toEqual(["The water cycle", "Evaporation and condensation"]);
    const sentence = corpus.sentences.find((entry) => entry.text.startsWith("Ask the class"));
    expect(sentence).toMatchObject({ line_start: 6, line_end: 6, chunk: { page_number: 2 } });
  });

  it.each([
    ["a file that is not a zip", new TextEncoder().encode("not a presentation")],
    ["a zip without a presentation", new Uint8Array()],
  ])("reports %s as unreadable", async (_name, bytes) => {
    const content =
      bytes.length > 0 ? bytes : await new JSZip().file("a.txt", "x").generateAsync({ type: "uint8array" });
    const read = ingestSource({
      id: "x",
      kind: "pptx",
      file_name: "x.pptx",
      file_path: "e/t/x.pptx",
      content,
    });
    await expect(read).rejects.toThrow(SourceReadError);
    await expect(read).rejects.toThrow(
      /could not be read as a PowerPoint \(\.pptx\) presentation: .*PowerPoint/,
    );
  });
});
