import { degrees, PDFDocument, type PDFFont, type PDFPage, StandardFonts } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { buildCorpus } from "../corpus.ts";
import { ingestSource } from "./index.ts";
import type { LineRole, PageLayout } from "./layout.ts";
import { pdfLayouts, readPdfLines, withReadableBullets } from "./pdf.ts";
import { opensWithFootnoteMark } from "./pdf-roles.ts";

const SOURCE_ID = "66666666-6666-4666-8666-666666666666";

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
  italic: PDFFont;
  mono: PDFFont;
  sans: PDFFont;
}

interface Draw {
  page: PDFPage;
  fonts: Fonts;
  /** Draws lines top down from (x, y), one `leading` apart. */
  lines: (texts: readonly string[], x: number, y: number, options?: LineOptions) => void;
}

interface LineOptions {
  size?: number;
  leading?: number;
  bold?: boolean;
  /** Courier: a code listing. */
  mono?: boolean;
  /** Helvetica: a sans-serif face over the Times text. */
  sans?: boolean;
  italic?: boolean;
}

const A4: [number, number] = [595, 842];
/** A 16:10 beamer slide, in points. */
const SLIDE: [number, number] = [453, 283];

/** A PDF of pages (A4 unless told), each drawn by one function. */
async function makePdf(
  pages: ReadonlyArray<(draw: Draw) => void>,
  pageSize: [number, number] = A4,
): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const fonts = {
    regular: await pdf.embedFont(StandardFonts.TimesRoman),
    bold: await pdf.embedFont(StandardFonts.TimesRomanBold),
    italic: await pdf.embedFont(StandardFonts.TimesRomanItalic),
    mono: await pdf.embedFont(StandardFonts.Courier),
    sans: await pdf.embedFont(StandardFonts.Helvetica),
  };
  for (const drawPage of pages) {
    const page = pdf.addPage(pageSize);
    drawPage({
      page,
      fonts,
      lines: (
        texts,
        x,
        y,
        { size = 10, leading = 12, bold = false, mono = false, italic = false, sans = false } = {},
      ) => {
        const font = mono
          ? fonts.mono
          : sans
            ? fonts.sans
            : bold
              ? fonts.bold
              : italic
                ? fonts.italic
                : fonts.regular;
        texts.forEach((text, index) => {
          page.drawText(text, { x, y: y - index * leading, size, font });
        });
      },
    });
  }
  return pdf.save();
}

interface Read {
  lines: string[];
  layout: PageLayout;
}

async function readPages(bytes: Uint8Array): Promise<Read[]> {
  const pages = await readPdfLines(bytes);
  const layouts = pdfLayouts(pages);
  return pages.map((page, index) => ({
    lines: page.lines.map((line) => line.text),
    layout: layouts[index] as PageLayout,
  }));
}

async function sentencesOf(bytes: Uint8Array): Promise<string[]> {
  const source = { id: SOURCE_ID, kind: "pdf" as const, file_name: "layout.pdf", file_path: null };
  const { chunks } = await ingestSource({ ...source, content: bytes });
  return buildCorpus([{ ...source, chunks }]).sentences.map((sentence) => sentence.text);
}

const body = (read: Read) =>
  read.lines.filter((_, index) => !read.layout.furniture.has(index) && !read.layout.roles.has(index));
const withRole = (read: Read, role: LineRole) =>
  read.lines.filter((_, index) => read.layout.roles.get(index) === role);
const furniture = (read: Read) => read.lines.filter((_, index) => read.layout.furniture.has(index));
const headings = (read: Read) => [...read.layout.headings.keys()].map((index) => read.lines[index]);

// Two columns of ten lines each; the left one ends in a word broken at the hyphen.
const LEFT = [
  "The gymnosperms and angiosperms together com-",
  "prise the seed plants of the world today.",
  "Seeds protect the young plant from drought.",
  "They store food for the first days of growth.",
  "Wind and animals carry seeds far from home.",
  "Some seeds wait for years before they sprout.",
  "Others sprout as soon as they touch the soil.",
  "The first root grows down into the ground.",
  "The first shoot grows up towards the light.",
  "Soon the young plant makes its own food. Its",
];
const RIGHT = [
  "leaves catch the sunlight it needs to grow.",
  "Pine trees carry their seeds in woody cones.",
  "The cones open when the weather is dry.",
  "Flowering plants hide their seeds in fruits.",
  "Animals eat the fruits and spread the seeds.",
  "Grasses are flowering plants pollinated by wind.",
  "Oaks make acorns that squirrels bury in autumn.",
  "Many acorns are never found again and sprout.",
  "In this way the squirrel plants new oak trees.",
  "Seed plants cover most of the land on Earth.",
];

interface Case {
  name: string;
  pages: ReadonlyArray<(draw: Draw) => void>;
  check: (pages: Read[], sentences: string[]) => void;
}

/** Draws a line that opens with `lead` in `font` and goes on in the regular face. */
/** A run-in title and its text on one line, apart by a word space or by a quad as LaTeX's \paragraph. */
function runIn(draw: Draw, lead: string, rest: string, x: number, y: number, font: PDFFont, quad = false) {
  draw.page.drawText(lead, { x, y, size: 10, font });
  const restX = x + font.widthOfTextAtSize(lead, 10) + (quad ? 10 : font.widthOfTextAtSize(" ", 10));
  draw.page.drawText(rest, { x: restX, y, size: 10, font: draw.fonts.regular });
}

const cases: Case[] = [
  {
    name: "a title broken after its colon, a centred author block of placeholders, a title closed by etc.",
    pages: [
      (draw) => {
        const centred = (text: string, y: number, size = 10, italic = false) => {
          const font = italic ? draw.fonts.italic : draw.fonts.regular;
          draw.page.drawText(text, { x: (595 - font.widthOfTextAtSize(text, size)) / 2, y, size, font });
        };
        const title = (text: string, y: number) => {
          const width = draw.fonts.bold.widthOfTextAtSize(text, 12);
          draw.page.drawText(text, { x: (595 - width) / 2, y, size: 12, font: draw.fonts.bold });
        };
        title("Manuscript Title:", 800);
        title("with Forced Linebreak*", 786);
        centred("Ann Author and Second Author", 760);
        centred("Authors' institution and/or address", 749, 9, true);
        centred("(MUSO Collaboration)", 738);
        draw.lines(
          [
            "An article usually includes an abstract, a concise summary of the work covered at length",
            "in the main body of the article, set across the width of the page.",
          ],
          56,
          715,
        );
        draw.lines(["IV. FLOATS: FIGURES, TABLES, VIDEOS,", "ETC."], 56, 680, { size: 9, bold: true });
        draw.lines(["Figures and tables are usually allowed to float in the text."], 56, 655);
      },
    ],
    check: ([page], sentences) => {
      expect(headings(page as Read)).toEqual(["Manuscript Title:", "IV. FLOATS: FIGURES, TABLES, VIDEOS,"]);
      expect(furniture(page as Read)).toEqual([
        "Ann Author and Second Author",
        "Authors' institution and/or address",
        "(MUSO Collaboration)",
      ]);
      expect(sentences[0]).toMatch(/^An article usually includes an abstract/);
      expect(sentences).toContain("Figures and tables are usually allowed to float in the text.");
    },
  },
  {
    name: "a title named by its words is one in plain type; keywords and a disclaimer are notices",
    pages: [
      (draw) => {
        draw.lines(["Seeds and their travels"], 56, 800, { size: 16, bold: true });
        draw.lines(["Abstract"], 90, 770, { size: 10 });
        draw.lines(["Seeds travel far from the plant that made them."], 90, 758, { size: 9 });
        draw.lines(["Keywords"], 90, 735, { bold: true });
        draw.lines(["seeds, dispersal, wind"], 90, 723, { size: 9 });
        draw.lines(["1 Introduction"], 56, 700, { size: 12, bold: true });
        draw.lines(["Wind carries most seeds of the grasses."], 56, 685);
        draw.lines(["2 Notes"], 56, 660, { size: 12, bold: true });
        draw.lines(["Disclaimer:"], 56, 638, { bold: true });
        draw.lines(["The views expressed here are the authors' own."], 56, 625);
      },
    ],
    check: ([page], sentences) => {
      // Before back matter is read (ingestion's next step), which makes the notices furniture.
      expect(headings(page as Read)).toEqual([
        "Seeds and their travels",
        "Abstract",
        "Keywords",
        "1 Introduction",
        "2 Notes",
        "Disclaimer:",
      ]);
      expect(sentences).toEqual([
        "Seeds travel far from the plant that made them.",
        "Wind carries most seeds of the grasses.",
      ]);
    },
  },
  {
    name: "text drawn inside a figure in tiny type never runs through the sentence around it",
    pages: [
      (draw) => {
        draw.lines(["Seeds"], 56, 820, { size: 16, bold: true });
        draw.lines([...LEFT.slice(0, 9), "Wind carries the seeds of grasses, and in"], 56, 800);
        draw.lines(["Horace 1:31 Horace 1:47 Ovid 8:584", "Silius 10:363 Vergil 3:123"], 56, 660, {
          size: 3.4,
          leading: 40,
        });
        draw.lines(["Figure 1: Where the seeds landed."], 56, 600, { size: 8 });
        draw.lines(["this way they reach new fields."], 56, 580);
      },
    ],
    check: ([page], sentences) => {
      expect(furniture(page as Read)).toEqual([
        "Horace 1:31 Horace 1:47 Ovid 8:584",
        "Silius 10:363 Vergil 3:123",
      ]);
      expect(sentences).toContain(
        "Wind carries the seeds of grasses, and in this way they reach new fields.",
      );
    },
  },
  {
    name: "an italic numbered subsection and run-in headings in italics or bold are headings",
    pages: [
      (draw) => {
        draw.lines(["2 Methods"], 56, 800, { size: 14, bold: true });
        draw.lines(["A. Template Styles"], 56, 770, { italic: true });
        draw.lines(
          [
            "Seeds travel far from the plant that made them.",
            "Nature reports that wind carries most of them.",
          ],
          56,
          755,
        );
        runIn(draw, "Paragraph.", "This is a paragraph about rivers.", 56, 720, draw.fonts.italic);
        runIn(draw, "Related work.", "Earlier studies read one column.", 56, 690, draw.fonts.bold);
        // An emphasised word without a stop opens no heading, even at the start of a line.
        draw.lines(["Most seeds land close to the plant, and"], 56, 660);
        runIn(draw, "Nature", "still moves them further.", 56, 648, draw.fonts.italic);
        // A bold title set apart by a quad, without a stop.
        runIn(
          draw,
          "Global systems",
          "The most used ones are ITRS and WGS 84.",
          56,
          620,
          draw.fonts.bold,
          true,
        );
        runIn(draw, "Bold", "words in a sentence are stressed.", 56, 600, draw.fonts.bold);
        // A list item with a bold lead stays an item, however much of its line the lead takes.
        runIn(draw, "• Monitor and report progress toward the goals.", "If", 66, 580, draw.fonts.bold);
        draw.lines(["growth is a goal, report it every month."], 76, 568);
      },
    ],
    check: ([page], sentences) => {
      expect(headings(page as Read)).toEqual([
        "2 Methods",
        "A. Template Styles",
        "Paragraph.",
        "Related work.",
        "Global systems",
      ]);
      expect(sentences).toContain("Monitor and report progress toward the goals.");
      expect(sentences).toContain("The most used ones are ITRS and WGS 84.");
      expect(sentences).toContain("This is a paragraph about rivers.");
      expect(sentences).toContain("Earlier studies read one column.");
      expect(sentences).toContain("Most seeds land close to the plant, and Nature still moves them further.");
      expect(sentences).toContain("Nature reports that wind carries most of them.");
    },
  },
  {
    name: "numbered headings a point smaller than the text, bold or italic, as REVTeX sets them",
    pages: [
      (draw) => {
        draw.lines(["A. Rivers and their dikes"], 120, 800, { size: 9, bold: true });
        draw.lines(
          ["Rivers carry water and sand down to the sea, and dikes", "keep that water out of the low land."],
          56,
          780,
        );
        draw.lines(["1. Wide rivers"], 120, 750, { size: 9, italic: true });
        draw.lines(["A wide river carries more sand than a narrow one."], 56, 730);
        draw.lines(["Bold words set smaller stay in the text"], 56, 710, { size: 9, bold: true });
        draw.lines(["when they carry no number at all."], 56, 698);
        runIn(draw, "a. Syntax", "The argument names a river.", 56, 680, draw.fonts.italic, true);
        runIn(
          draw,
          "Italic",
          "words set apart by a wide space stay in the text.",
          56,
          668,
          draw.fonts.italic,
          true,
        );
      },
    ],
    check: ([page], sentences) => {
      expect(headings(page as Read)).toEqual(["A. Rivers and their dikes", "1. Wide rivers", "a. Syntax"]);
      expect(sentences).toContain("The argument names a river.");
    },
  },
  {
    name: "a chapter's number set large on a line of its own over its title opens the heading",
    pages: [
      (draw) => {
        draw.lines(["2"], 56, 780, { size: 40, bold: true });
        draw.lines(["Rivers and dikes"], 56, 730, { size: 24, bold: true });
        draw.lines(LEFT, 56, 690);
      },
    ],
    check: ([page], sentences) => {
      const [start, heading] = [...(page as Read).layout.headings][0] ?? [];
      expect(start === undefined ? [] : (page as Read).lines.slice(start, (heading?.end ?? 0) + 1)).toEqual([
        "2",
        "Rivers and dikes",
      ]);
      expect(sentences).not.toContain("2");
    },
  },
  {
    name: "a numbered heading right under another heading in its style is a heading of its own, one deeper",
    pages: [
      (draw) => {
        draw.lines(["1 Rivers"], 56, 800, { size: 12, bold: true });
        draw.lines(["Rivers carry water and sand down to the sea."], 56, 780);
        draw.lines(["A Research Methods", "A.1 Part One"], 56, 750, { size: 12, bold: true, leading: 16 });
        draw.lines(["We measured the rivers every spring and autumn."], 56, 715);
      },
    ],
    check: ([page]) => {
      expect(headings(page as Read)).toEqual(["1 Rivers", "A Research Methods", "A.1 Part One"]);
      const levels = [...(page as Read).layout.headings.values()].map((heading) => heading.level);
      expect(levels[2]).toBe((levels[1] ?? 0) + 1);
    },
  },
  {
    name: "two columns under a full-width title, a word broken at the column end",
    pages: [
      (draw) => {
        draw.lines(["Seed plants and how they spread"], 56, 780, { size: 18, bold: true });
        draw.lines(LEFT, 56, 740);
        draw.lines(RIGHT, 310, 740);
      },
    ],
    check: ([page], sentences) => {
      expect(page?.lines).toEqual(["Seed plants and how they spread", ...LEFT, ...RIGHT]);
      expect(headings(page as Read)).toEqual(["Seed plants and how they spread"]);
      expect(sentences).toContain(
        "The gymnosperms and angiosperms together comprise the seed plants of the world today.",
      );
      expect(sentences).toContain("Soon the young plant makes its own food.");
      expect(sentences).toContain("Its leaves catch the sunlight it needs to grow.");
    },
  },
  {
    name: "columns that change within a page: two columns, a full-width figure caption, two columns",
    pages: [
      (draw) => {
        draw.lines(LEFT.slice(0, 5), 56, 780);
        draw.lines(RIGHT.slice(0, 5), 310, 780);
        draw.lines(["Figure 4.3: Pine young ovulate cone, drawn from a living tree in spring."], 56, 560);
        draw.lines(LEFT.slice(5), 56, 520);
        draw.lines(RIGHT.slice(5), 310, 520);
      },
    ],
    check: ([page]) => {
      expect(page?.lines).toEqual([
        ...LEFT.slice(0, 5),
        ...RIGHT.slice(0, 5),
        "Figure 4.3: Pine young ovulate cone, drawn from a living tree in spring.",
        ...LEFT.slice(5),
        ...RIGHT.slice(5),
      ]);
      expect(withRole(page as Read, "caption")).toEqual([
        "Figure 4.3: Pine young ovulate cone, drawn from a living tree in spring.",
      ]);
    },
  },
  {
    name: "a caption between two paragraphs of a column, with a sentence running around it",
    pages: [
      (draw) => {
        draw.lines(["Conifers"], 56, 800, { size: 14, bold: true });
        draw.lines(["Conifers keep their leaves in winter. Their"], 56, 780);
        draw.lines(["Figure 2: A pine twig with needles in bundles", "of two, seen from above."], 56, 740, {
          size: 8,
          leading: 10,
        });
        draw.lines(
          ["needles lose little water in the cold. Most", "conifers grow in cold regions."],
          56,
          690,
        );
      },
    ],
    check: ([page], sentences) => {
      expect(withRole(page as Read, "caption")).toEqual([
        "Figure 2: A pine twig with needles in bundles",
        "of two, seen from above.",
      ]);
      expect(sentences).toContain("Their needles lose little water in the cold.");
      expect(sentences).toContain("Most conifers grow in cold regions.");
      expect(sentences.some((sentence) => sentence.includes("pine twig"))).toBe(false);
    },
  },
  {
    name: "a footnote at the foot of the page and its raised mark in the text",
    pages: [
      (draw) => {
        const text = "Cycads are ancient seed plants with swimming sperm";
        draw.lines([text, "cells. They grow in warm regions today."], 56, 780);
        const end = 56 + draw.fonts.regular.widthOfTextAtSize(text, 10);
        draw.page.drawText("1", { x: end + 0.5, y: 784, size: 6, font: draw.fonts.regular });
        draw.lines(["1 See https://example.org/cycads for pictures of cycad cones."], 56, 80, { size: 8 });
      },
    ],
    check: ([page], sentences) => {
      expect(page?.lines[0]).toBe("Cycads are ancient seed plants with swimming sperm¹");
      expect(withRole(page as Read, "footnote")).toEqual([
        "1 See https://example.org/cycads for pictures of cycad cones.",
      ]);
      expect(sentences.some((sentence) => sentence.includes("example.org"))).toBe(false);
      expect(sentences).toContain("They grow in warm regions today.");
    },
  },
  {
    name: "footnotes set at the text's own size, apart at the foot of the page, each opening with a raised mark",
    pages: [
      (draw) => {
        draw.lines(LEFT.slice(1), 56, 780);
        draw.lines(
          ["¹ https://dublincore.org/documents/dcmi-terms/", "² https://joinup.ec.europa.eu/collection/core"],
          56,
          72,
        );
      },
    ],
    check: ([page], sentences) => {
      expect(withRole(page as Read, "footnote")).toEqual([
        "¹ https://dublincore.org/documents/dcmi-terms/",
        "² https://joinup.ec.europa.eu/collection/core",
      ]);
      expect(sentences.some((sentence) => sentence.includes("dublincore"))).toBe(false);
    },
  },
  {
    name: "requirements labelled R1, R2 before their text, with a hanging indent, are items of a list",
    pages: [
      (draw) => {
        draw.lines(["The use cases above give rise to the following requirements:"], 56, 780);
        draw.lines(["R1", "", "R2"], 56, 756, { bold: true });
        draw.lines(
          [
            "Basic facts about the event should be recorded, such as its",
            "title, organiser, place and time.",
            "It should be possible for search engines to read the event.",
          ],
          110,
          756,
        );
      },
    ],
    check: ([page], sentences) => {
      expect(withRole(page as Read, "list")).toEqual([
        "R1 Basic facts about the event should be recorded, such as its",
        "title, organiser, place and time.",
        "R2 It should be possible for search engines to read the event.",
      ]);
      expect(sentences).toContain(
        "R1 Basic facts about the event should be recorded, such as its title, organiser, place and time.",
      );
    },
  },
  {
    name: "a landscape page keeps the running head the portrait pages have, as far from its top",
    pages: [0, 1, 2, 3].map((index) => (draw: Draw) => {
      if (index === 2) draw.page.setSize(A4[1], A4[0]);
      const { width, height } = draw.page.getSize();
      const head = "Core Vocabulary of Public Events";
      const headWidth = draw.fonts.bold.widthOfTextAtSize(head, 9);
      draw.lines([head], (width - headWidth) / 2, height - 40, { size: 9, bold: true });
      draw.lines(LEFT.slice(1 + index, 5 + index), 56, height - 100);
    }),
    check: (pages) => {
      expect(pages.map((page) => furniture(page))).toEqual(
        pages.map(() => ["Core Vocabulary of Public Events"]),
      );
    },
  },
  {
    name: "two footnote marks raised side by side after one word",
    pages: [
      (draw) => {
        draw.lines(["Another interesting"], 56, 780);
        const end = 56 + draw.fonts.regular.widthOfTextAtSize("Another interesting", 10);
        draw.page.drawText("2021", { x: end + 0.5, y: 784, size: 6, font: draw.fonts.regular });
        const after = end + 3.5 + draw.fonts.regular.widthOfTextAtSize("2021", 6);
        draw.page.drawText("visualization is the fuzzygram.", {
          x: after,
          y: 780,
          size: 10,
          font: draw.fonts.regular,
        });
      },
    ],
    check: (_, sentences) => {
      expect(sentences).toContain("Another interesting visualization is the fuzzygram.");
    },
  },
  {
    name: "a reference list's title set small at the foot of a column is its heading, not a footnote",
    pages: [
      (draw) => {
        draw.lines([...LEFT, ...LEFT], 56, 780, { leading: 14 });
        draw.lines(["REFERENCES"], 56, 490, { size: 8, bold: true });
        draw.lines(
          [
            "[1] M. Allen and R. A. Kievit. Raincloud plots: a tool for robust",
            "data visualization. Wellcome Open Research, 4(63), 2019.",
            "[2] A. W. Bowman. Graphics for uncertainty. Journal of the Royal",
            "Statistical Society, 182(2):403-418, 2019.",
          ],
          310,
          780,
          { size: 8, leading: 9.5 },
        );
      },
    ],
    check: ([page], sentences) => {
      expect(headings(page as Read)).toEqual(["REFERENCES"]);
      expect(withRole(page as Read, "footnote")).toEqual([]);
      expect(sentences.some((sentence) => sentence.includes("Bowman"))).toBe(false);
    },
  },
  {
    name: "a display set beside a small plot inside a paragraph: the text around it stays whole",
    pages: [
      (draw) => {
        draw.lines(
          [
            "The core notation describes a plot by its variables and their",
            "mappings. We create a scatterplot of the cars, for example, by",
            "mapping one variable onto the x aesthetic and another onto the y",
            "aesthetic:",
          ],
          56,
          780,
        );
        draw.lines(["weight = x", "mpg = y", "GEOM = point"], 80, 720, { italic: true });
        draw.lines(["35", "30", "25", "20", "15"], 190, 730, { size: 6, leading: 7 });
        draw.lines(["2 3 4 5"], 210, 690, { size: 6 });
        draw.lines(
          [
            "This notation sets up two mappings for the plot, one for each of",
            "its axes. It then employs a point geometry for the display.",
          ],
          56,
          670,
        );
      },
    ],
    check: (_, sentences) => {
      expect(sentences.some((sentence) => sentence.endsWith("and another onto the y aesthetic:"))).toBe(true);
      expect(sentences).toContain(
        "This notation sets up two mappings for the plot, one for each of its axes.",
      );
      expect(sentences).toContain("It then employs a point geometry for the display.");
    },
  },
  {
    name: "running headers at the top of the right column and page numbers, on every page",
    pages: [1, 2, 3].map((number) => (draw: Draw) => {
      draw.lines(["4.1 GYMNOSPERMS"], 420, 800, { size: 8 });
      draw.lines(LEFT, 56, 760);
      draw.lines(RIGHT, 310, 760);
      draw.lines([String(number)], 295, 40);
    }),
    check: (pages, sentences) => {
      for (const [index, page] of pages.entries()) {
        expect(furniture(page).sort()).toEqual([String(index + 1), "4.1 GYMNOSPERMS"]);
        expect(body(page)).toEqual([...LEFT, ...RIGHT]);
      }
      expect(sentences.some((sentence) => /GYMNOSPERMS| \d /.test(sentence))).toBe(false);
    },
  },
  {
    name: "running heads that carry the page number apart at their outer end, and numbered headings that do not",
    pages: [2, 3, 4].map((number) => (draw: Draw) => {
      const head = number % 2 === 0 ? "CHAPTER 4. SEED PLANTS" : `4.${number}. ANGIOSPERMS`;
      draw.lines([String(number)], number % 2 === 0 ? 56 : 530, 810, { size: 9 });
      draw.lines([head], number % 2 === 0 ? 380 : 56, 810, { size: 9 });
      draw.lines([`${number} Seeds and fruits`], 56, 770, { bold: true, size: 12 });
      draw.lines(LEFT.slice(2, 8), 56, 750);
    }),
    check: (pages) => {
      expect(pages.map(furniture)).toEqual([
        ["2 CHAPTER 4. SEED PLANTS"],
        ["4.3. ANGIOSPERMS 3"],
        ["4 CHAPTER 4. SEED PLANTS"],
      ]);
      expect(pages.map(headings)).toEqual([
        ["2 Seeds and fruits"],
        ["3 Seeds and fruits"],
        ["4 Seeds and fruits"],
      ]);
    },
  },
  {
    name: "three columns",
    pages: [
      (draw) => {
        const [a, b, c] = [LEFT.slice(0, 6), RIGHT.slice(0, 6), LEFT.slice(4, 10)].map((lines) =>
          lines.map((line) => line.slice(0, 28)),
        );
        draw.lines(a as string[], 40, 780, { size: 9, leading: 11 });
        draw.lines(b as string[], 220, 780, { size: 9, leading: 11 });
        draw.lines(c as string[], 400, 780, { size: 9, leading: 11 });
      },
    ],
    check: ([page]) => {
      const cut = (lines: string[]) => lines.map((line) => line.slice(0, 28).trim());
      expect(page?.lines).toEqual([
        ...cut(LEFT.slice(0, 6)),
        ...cut(RIGHT.slice(0, 6)),
        ...cut(LEFT.slice(4, 10)),
      ]);
    },
  },
  {
    name: "a table: each row one line, never part of a sentence",
    pages: [
      (draw) => {
        draw.lines(["Table 1: Seed plants compared"], 56, 780);
        const rows = [
          ["Group", "Seeds", "Example"],
          ["Conifers", "naked", "pine"],
          ["Cycads", "naked", "sago palm"],
          ["Flowering", "enclosed", "oak"],
        ];
        rows.forEach((cells, index) => {
          cells.forEach((cell, column) => {
            draw.lines([cell], 56 + column * 90, 760 - index * 12);
          });
        });
        draw.lines(["Conifers carry naked seeds on the scales of their cones."], 56, 690);
      },
    ],
    check: ([page], sentences) => {
      expect(withRole(page as Read, "table")).toEqual([
        "Group Seeds Example",
        "Conifers naked pine",
        "Cycads naked sago palm",
        "Flowering enclosed oak",
      ]);
      expect(withRole(page as Read, "caption")).toEqual(["Table 1: Seed plants compared"]);
      expect(sentences).toEqual(["Conifers carry naked seeds on the scales of their cones."]);
    },
  },
  {
    name: "a watermark set diagonally and line numbers in the margin",
    pages: [
      (draw) => {
        draw.page.drawText("DRAFT", { x: 150, y: 300, size: 80, font: draw.fonts.bold, rotate: degrees(45) });
        draw.lines(LEFT.slice(2, 8), 80, 780);
        LEFT.slice(2, 8).forEach((_, index) => {
          draw.lines([String(index + 1)], 50, 780 - index * 12, { size: 7 });
        });
      },
    ],
    check: ([page], sentences) => {
      expect(body(page as Read)).toEqual(LEFT.slice(2, 8));
      expect(furniture(page as Read).sort()).toEqual(["1", "2", "3", "4", "5", "6", "DRAFT"]);
      expect(sentences.some((sentence) => /DRAFT|\d/.test(sentence))).toBe(false);
    },
  },
  {
    name: "numbered headings in bold inside a column",
    pages: [
      (draw) => {
        draw.lines(["4.1 Gymnosperms"], 56, 780, { bold: true, size: 11 });
        draw.lines(LEFT.slice(2, 9), 56, 764);
        draw.lines(RIGHT.slice(1, 4), 310, 780);
        draw.lines(["4.2 Angiosperms"], 310, 730, { bold: true, size: 11 });
        draw.lines(RIGHT.slice(4, 8), 310, 714);
      },
    ],
    check: ([page]) => {
      expect(headings(page as Read)).toEqual(["4.1 Gymnosperms", "4.2 Angiosperms"]);
      expect(page?.lines).toEqual([
        "4.1 Gymnosperms",
        ...LEFT.slice(2, 9),
        ...RIGHT.slice(1, 4),
        "4.2 Angiosperms",
        ...RIGHT.slice(4, 8),
      ]);
    },
  },
  {
    name: "a numbered heading at the body's size in bold, broken after a comma over two lines",
    pages: [
      (draw) => {
        draw.lines(LEFT.slice(0, 4), 56, 780);
        draw.lines(
          ["2.2 Uncertainty visualization in the grammar of graphics,", "as she is spoke"],
          56,
          726,
          {
            bold: true,
          },
        );
        draw.lines(LEFT.slice(4, 9), 56, 700);
      },
    ],
    check: ([page]) => {
      expect(headings(page as Read)).toEqual(["2.2 Uncertainty visualization in the grammar of graphics,"]);
      expect(page?.layout.headings.get(4)?.end).toBe(5);
    },
  },
  {
    name: "numbered headings in bold and, a level down, in a sans face a little smaller than the text",
    pages: [
      (draw) => {
        draw.lines(["2 Methodology"], 56, 790, { bold: true, size: 9.5 });
        draw.lines(["2.1 Questionnaire"], 56, 772, { sans: true, size: 9.5 });
        draw.lines(LEFT.slice(2, 6), 56, 756);
        draw.lines(["2.2 Which obstacles prevent researchers from", "doing their work?"], 56, 700, {
          sans: true,
          size: 9.5,
        });
        draw.lines(LEFT.slice(6, 9), 56, 672);
      },
    ],
    check: ([page]) => {
      expect(headings(page as Read)).toEqual([
        "2 Methodology",
        "2.1 Questionnaire",
        "2.2 Which obstacles prevent researchers from",
      ]);
      expect([...(page as Read).layout.headings.values()][2]?.end).toBe(7);
      const levels = [...(page as Read).layout.headings.values()].map((heading) => heading.level);
      expect(levels[1]).toBeGreaterThan(levels[0] ?? 0);
    },
  },
  {
    name: "the author block under a paper's title is front matter",
    pages: [
      (draw) => {
        draw.lines(["Needs and obstacles of Open Science"], 56, 790, { size: 16, bold: true });
        draw.lines(
          [
            "Markus Konkol1, *",
            "1ITC, University of Twente, Enschede, Netherlands",
            "Correspondence: Markus Konkol (m.konkol@utwente.nl)",
          ],
          56,
          760,
        );
        draw.lines(["1 Introduction"], 56, 710, { bold: true });
        draw.lines(LEFT.slice(2, 6), 56, 694);
      },
    ],
    check: ([page], sentences) => {
      expect(furniture(page as Read)).toEqual([
        "Markus Konkol1, *",
        "1ITC, University of Twente, Enschede, Netherlands",
        "Correspondence: Markus Konkol (m.konkol@utwente.nl)",
      ]);
      expect(sentences.some((sentence) => /Konkol|Twente/.test(sentence))).toBe(false);
      expect(sentences).toContain("Seeds protect the young plant from drought.");
    },
  },
  {
    name: "an export's edit stamps after the document's last text are furniture, wherever the text ends",
    pages: [
      (draw) => draw.lines(LEFT.slice(2, 9), 56, 780),
      (draw) => {
        draw.lines(LEFT.slice(2, 5), 56, 780);
        draw.lines(
          [
            "first edited by Wiebe Reints as original_author on 2024-04-25",
            "last edited by Wiebe Reints as original_author on 2025-12-12",
          ],
          56,
          700,
          { italic: true },
        );
      },
    ],
    check: (pages, sentences) => {
      expect(furniture(pages[1] as Read)).toEqual([
        "first edited by Wiebe Reints as original_author on 2024-04-25",
        "last edited by Wiebe Reints as original_author on 2025-12-12",
      ]);
      expect(sentences.some((sentence) => sentence.includes("Reints"))).toBe(false);
    },
  },
  {
    name: "an ellipsis LaTeX sets as spaced full stops reads as one",
    pages: [
      (draw) => draw.lines(["Data, codes, . . . and more. We made it. . . .but who does it?"], 56, 780),
    ],
    check: ([page]) => {
      expect(page?.lines).toEqual(["Data, codes, … and more. We made it….but who does it?"]);
    },
  },
  {
    name: "columns under a table set across their gutter: the table's rows stay whole, the columns are read apart",
    pages: [
      (draw) => {
        draw.lines(["2 Seeds"], 56, 815, { size: 14, bold: true });
        draw.lines(["Table 1: Some commands"], 230, 790, { bold: true });
        // The table's wide gap between its first two cells lies over the page's gutter.
        for (const [row, cells] of [
          ["Command", "No", "Comments"],
          ["author", "100", "Author"],
          ["table", "300", "For tables"],
        ].entries()) {
          const y = 770 - row * 12;
          draw.lines([cells[0] as string], 180, y);
          draw.lines([cells[1] as string], 320, y);
          draw.lines([cells[2] as string], 360, y);
        }
        draw.lines(LEFT, 56, 700);
        draw.lines(["This part has a note of its own:", "begin note", "end note"], 320, 700);
        // The right column goes on after a display, its baselines no longer those of the left column.
        draw.lines(RIGHT.slice(0, 5), 310, 658);
      },
    ],
    check: ([page], sentences) => {
      expect(withRole(page as Read, "table")).toEqual([
        "Command No Comments",
        "author 100 Author",
        "table 300 For tables",
      ]);
      const lines = (page as Read).lines;
      expect(lines.slice(lines.indexOf(LEFT[0] as string), lines.indexOf(LEFT[0] as string) + 10)).toEqual(
        LEFT,
      );
      expect(sentences).toContain(
        "The gymnosperms and angiosperms together comprise the seed plants of the world today.",
      );
    },
  },
  {
    name: "a running head set small with a title and a date far apart, more than twelve words in all",
    pages: [1, 2].map((number) => (draw: Draw) => {
      draw.lines(["Seed plants and how they spread across the world"], 56, 810, { size: 7 });
      draw.lines(["Journal of Plants, June 3–5, 2018, Utrecht"], 400, 810, { size: 7 });
      draw.lines(LEFT.slice(number, number + 6), 56, 770);
      draw.lines(RIGHT.slice(number, number + 6), 310, 770);
    }),
    check: (pages, sentences) => {
      for (const page of pages)
        expect(body(page).join(" ")).not.toMatch(/Journal of Plants|across the world/);
      expect(sentences.some((sentence) => sentence.includes("Journal"))).toBe(false);
    },
  },
  {
    name: "a sentence set in bold inside a paragraph is stressed, not a heading",
    pages: [
      (draw) => {
        draw.lines(
          ["A figure description must be plain text of less than", "2000 characters. Figure de-"],
          56,
          780,
        );
        draw.lines(
          ["scriptions should not repeat the figure caption: their", "purpose is to say what the caption"],
          56,
          756,
          { bold: true },
        );
        draw.lines(["leaves out. A short description may not be enough."], 56, 732);
      },
    ],
    check: ([page], sentences) => {
      expect(headings(page as Read)).toEqual([]);
      expect(sentences).toContain(
        "Figure descriptions should not repeat the figure caption: their purpose is to say what the caption leaves out.",
      );
    },
  },
  {
    name: "an italic subsection right under a title in capitals is a heading",
    pages: [
      (draw) => {
        draw.lines(["1 Rivers"], 56, 800, { size: 12, bold: true });
        draw.lines(["Rivers carry water and sand down to the sea."], 56, 780);
        draw.lines(["APPENDIX"], 120, 750, { size: 8 });
        draw.lines(["A. Part One"], 56, 738, { italic: true });
        draw.lines(["We measured the rivers every spring and autumn."], 56, 724);
      },
    ],
    check: ([page]) => {
      expect(headings(page as Read)).toEqual(expect.arrayContaining(["1 Rivers", "A. Part One"]));
    },
  },
  {
    name: "justified lines whose stretched word spaces line up over a few rows are prose, not a table",
    pages: [
      (draw) => {
        draw.lines(["3 Tables"], 56, 800, { size: 12, bold: true });
        const words = (texts: ReadonlyArray<[string, number]>, y: number) => {
          for (const [text, x] of texts) draw.lines([text], x, y);
        };
        words([["The class includes the booktabs package for tables", 66]], 780);
        words(
          [
            ["from https://ctan.org/pkg/booktabs —", 56],
            ["for", 251],
            ["preparing", 269],
          ],
          768,
        );
        words([["high-quality tables.", 56]], 756);
        words([["Table captions are placed above the table.", 66]], 744);
        words(
          [
            ["Because tables cannot be split across", 66],
            ["pages,", 240],
            ["the", 272],
          ],
          732,
        );
        words([["best place for them is the top of a page near their cite.", 56]], 720);
      },
    ],
    check: ([page], sentences) => {
      expect(withRole(page as Read, "table")).toEqual([]);
      expect(sentences).toContain(
        "The class includes the booktabs package for tables from https://ctan.org/pkg/booktabs — for preparing high-quality tables.",
      );
      expect(sentences).toContain(
        "Because tables cannot be split across pages, the best place for them is the top of a page near their cite.",
      );
    },
  },
  {
    name: "a justified line whose word spaces TeX stretched far, over two rows, is prose and not a table",
    pages: [
      (draw) => {
        draw.lines(["3 Equations"], 56, 800, { size: 12, bold: true });
        draw.lines(LEFT.slice(0, 3), 56, 780);
        const measure = Math.max(...LEFT.map((line) => draw.fonts.regular.widthOfTextAtSize(line, 10)));
        // Each row's words spread over the whole measure with equal spaces, as a justified line is set.
        const spread = (words: readonly string[], y: number) => {
          const widths = words.map((word) => draw.fonts.regular.widthOfTextAtSize(word, 10));
          const gap = (measure - widths.reduce((sum, width) => sum + width, 0)) / (words.length - 1);
          let x = 56;
          words.forEach((word, index) => {
            draw.lines([word], x, y);
            x += (widths[index] as number) + gap;
          });
        };
        spread(["Enclosing", "display", "math", "within"], 744);
        spread(["equations", "written", "here", "always"], 732);
        draw.lines(["gives them letters, as shown below."], 56, 720);
      },
    ],
    check: ([page], sentences) => {
      expect(withRole(page as Read, "table")).toEqual([]);
      expect(sentences).toContain(
        "Enclosing display math within equations written here always gives them letters, as shown below.",
      );
    },
  },
  {
    name: "the columns' first lines under a table set across the page start the columns, and the table's rows stay whole",
    pages: [
      (draw) => {
        draw.lines(["2 Seeds"], 56, 815, { size: 14, bold: true });
        for (const [row, cells] of [
          ["Seed", "Size", "Cone", "Season"],
          ["Pine", "small", "woody", "autumn"],
          ["Oak", "large", "none", "autumn"],
        ].entries()) {
          const y = 790 - row * 10;
          for (const [cell, x] of [60, 150, 350, 450].entries())
            draw.lines([cells[cell] as string], x, y, { size: 8 });
        }
        // A blank, then the page's two columns; their gutter lies under none of the table's.
        draw.lines(LEFT, 56, 735);
        draw.lines(RIGHT, 310, 735);
      },
    ],
    check: ([page], sentences) => {
      expect(withRole(page as Read, "table")).toEqual([
        "Seed Size Cone Season",
        "Pine small woody autumn",
        "Oak large none autumn",
      ]);
      expect(body(page as Read)).toEqual(["2 Seeds", ...LEFT, ...RIGHT]);
      expect(sentences).toContain("Its leaves catch the sunlight it needs to grow.");
    },
  },
  {
    name: "a caption's full last line whose word space lines up with a gap of the table below stays one line",
    pages: [
      (draw) => {
        draw.lines(LEFT.slice(0, 2), 56, 800);
        // The caption is justified: both its full lines end at the measure.
        const width = (text: string) => draw.fonts.regular.widthOfTextAtSize(text, 9);
        const head = "are aligned on the decimal point.";
        const tail = "Use a wider one for";
        const headWidth = width(head);
        const measure = headWidth + 6 + width(tail);
        draw.lines(["TABLE 3. Numbers in the"], 56, 770, { size: 9 });
        draw.lines(["columns three to five"], 56 + measure - width("columns three to five"), 770, {
          size: 9,
        });
        // The second line's stretched word space falls on the table's gutter.
        draw.lines([head], 56, 759.5, { size: 9 });
        draw.lines([tail], 56 + headWidth + 6, 759.5, { size: 9 });
        draw.lines(["more complex layouts."], 56, 749, { size: 9 });
        const gutter = 56 + headWidth + 2;
        for (const [row, cells] of [
          ["One", "Two"],
          ["He", "2.77234"],
          ["Ca", "12537.64"],
          ["Mg", "0.37"],
        ].entries()) {
          const y = 732 - row * 10.5;
          draw.lines([cells[0] as string], 60, y, { size: 9 });
          draw.lines([cells[1] as string], gutter + 6, y, { size: 9 });
        }
      },
    ],
    check: ([page]) => {
      expect(withRole(page as Read, "caption")).toEqual([
        "TABLE 3. Numbers in the columns three to five",
        "are aligned on the decimal point. Use a wider one for",
        "more complex layouts.",
      ]);
    },
  },
  {
    name: "a number the line break left at a line's start goes on with the sentence; after a short lead-in it opens an item",
    pages: [
      (draw) => {
        draw.lines(
          [
            "Citations are numbered as the list numbers them.",
            "For a citation in the text, write the word: Refs. 1 and",
            "4. By default the numbers are sorted.",
          ],
          56,
          780,
        );
        draw.lines(
          ["Sow the seeds like this", "1. Open the bag of seeds.", "2. Plant them in the soil."],
          56,
          730,
        );
      },
    ],
    check: ([page], sentences) => {
      expect(sentences).toContain("For a citation in the text, write the word: Refs. 1 and 4.");
      expect(withRole(page as Read, "list")).toEqual([
        "1. Open the bag of seeds.",
        "2. Plant them in the soil.",
      ]);
    },
  },
  {
    name: "letterspaced capitals read as the words they spell",
    pages: [
      (draw) =>
        draw.lines(
          ["When setting strings of A L L C A P S, space the letters.", "Capitals are set apart."],
          56,
          780,
        ),
    ],
    check: (_, sentences) => {
      expect(sentences).toContain("When setting strings of ALL CAPS, space the letters.");
    },
  },
  {
    name: "a figure's labels in small type are figure text: the sentence the figure interrupts runs on past them",
    pages: [
      (draw) => draw.lines([...LEFT.slice(0, 5), "Its source code is open, and it is"], 56, 780),
      (draw) => {
        draw.lines(["x y z"], 80, 800, { size: 7 });
        draw.lines(["b"], 200, 805, { size: 7 });
        draw.lines(["-3 0 3 6 9 12"], 300, 790, { size: 7 });
        draw.lines(["Fig. 2: How the data flows through the pipeline."], 56, 760);
        draw.lines(["well tested and kept in an archive.", ...RIGHT.slice(1, 5)], 56, 730);
      },
    ],
    check: ([, second], sentences) => {
      expect(body(second as Read)).not.toContain("x y z");
      expect(sentences).toContain("Its source code is open, and it is well tested and kept in an archive.");
    },
  },
  {
    name: "the wrapped line under a hanging label goes on with its item, a word broken there included",
    pages: [
      (draw) => {
        for (const [item, [label, wrapped]] of [
          [
            "Realistisch Is het doel haalbaar? Is het onderwerp goed afgebakend? Is de moeilijk-",
            "heidsgraad goed?",
          ],
          [
            "Specifiek Is het doel voor iedereen duidelijk en eenduidig omschreven in het plan?",
            "Zo ja, ga door.",
          ],
          ["Tijdsgebonden Wanneer moet het doel bereikt zijn, en wie bewaakt de planning van", "het werk?"],
        ].entries()) {
          draw.lines([label as string], 56, 780 - item * 40);
          draw.lines([wrapped as string], 83, 766 - item * 40);
        }
      },
    ],
    check: ([page], sentences) => {
      expect(sentences).toContain("Is de moeilijkheidsgraad goed?");
      const lines = (page as Read).lines;
      expect((page as Read).layout.paragraphs.has(lines.indexOf("heidsgraad goed?"))).toBe(false);
    },
  },
  {
    name: "a line of code that runs on over the gutter belongs to the column it starts in",
    pages: [
      (draw) => {
        draw.lines(["2 Figures"], 56, 780, { size: 14, bold: true });
        draw.lines(LEFT.slice(0, 4), 56, 740);
        draw.lines(["\\includegraphics[width=\\textwidth]{teaser}"], 56, 692, { mono: true });
        draw.lines(LEFT.slice(4), 56, 680);
        draw.lines(RIGHT, 310, 740);
      },
    ],
    check: ([page], sentences) => {
      expect(withRole(page as Read, "code")).toEqual(["\\includegraphics[width=\\textwidth]{teaser}"]);
      expect(body(page as Read)).toEqual(["2 Figures", ...LEFT, ...RIGHT]);
      expect(sentences).toContain("Flowering plants hide their seeds in fruits.");
    },
  },
  {
    name: "a sidenote level with the title is a note of its own, and italic titles a little larger than the text are headings",
    pages: [
      (draw) => {
        draw.lines(["Rivers of the Low Countries"], 56, 790, { size: 14, italic: true });
        draw.lines(["¹ Inspired by a walk along the dikes."], 380, 790, { size: 8 });
        draw.lines(["Dikes"], 56, 760, { size: 11, italic: true });
        draw.lines(LEFT.slice(0, 3), 56, 740);
        draw.lines(["“Water goes where it wants to go,” as the old saying has it."], 56, 700, {
          italic: true,
        });
        draw.lines(LEFT.slice(3), 56, 680);
      },
    ],
    check: ([page]) => {
      expect(headings(page as Read)).toEqual(["Rivers of the Low Countries", "Dikes"]);
      expect(withRole(page as Read, "footnote")).toEqual(["¹ Inspired by a walk along the dikes."]);
    },
  },
  {
    name: "an italic line at the text's size with space above and below is a heading; a label or a line in the flow is not",
    pages: [
      (draw) => {
        draw.lines(["1 Rivers"], 56, 800, { size: 14, bold: true });
        draw.lines(["Rivers carry water and sand from the hills down to the sea."], 56, 780);
        draw.lines(["Why do rivers flood in spring?"], 56, 756, { italic: true });
        draw.lines(LEFT.slice(0, 3), 56, 732);
        draw.lines(["Source: the river authority"], 56, 682, { italic: true });
        draw.lines(LEFT.slice(3), 56, 658);
        const after = 658 - 12 * LEFT.slice(3).length;
        draw.lines(["Most of it melts in a few weeks"], 56, after, { italic: true });
      },
    ],
    check: ([page]) => {
      expect(headings(page as Read)).toEqual(["1 Rivers", "Why do rivers flood in spring?"]);
    },
  },
  {
    name: "an address or a word of code in typewriter type broken onto a line of its own goes on with its sentence",
    pages: [
      (draw) => {
        draw.lines(["3 Sources"], 56, 800, { size: 14, bold: true });
        draw.lines(["Further information is available at"], 56, 780);
        draw.lines(["http://rivers.example.org/"], 226, 780, { mono: true });
        draw.lines(["delta/."], 56, 768, { mono: true });
        const label = "Label each gauge with a name (like ";
        draw.lines([label], 56, 756);
        draw.lines(["gauge-"], 56 + draw.fonts.regular.widthOfTextAtSize(label, 10), 756, { mono: true });
        draw.lines(["describedby)."], 56, 744, { mono: true });
        draw.lines(LEFT, 56, 720);
      },
    ],
    check: ([page], sentences) => {
      expect(withRole(page as Read, "code")).toEqual([]);
      expect(sentences).toContain("Further information is available at http://rivers.example.org/delta/.");
      expect(sentences).toContain("Label each gauge with a name (like gauge-describedby).");
    },
  },
  {
    name: "prose that names code inline is prose, a listing with a comment after it code",
    pages: [
      (draw) => {
        draw.lines(["3 Sections"], 56, 800, { size: 14, bold: true });
        draw.lines(["Your work should use the standard sectioning commands:"], 56, 780);
        draw.lines(["\\section,"], 56, 768, { mono: true });
        draw.lines(["and"], 122, 768);
        draw.lines(["\\paragraph."], 142, 768, { mono: true });
        draw.lines(["Then number the sections as follows."], 56, 756);
        draw.lines(["\\setcounter{secnumdepth}{3}"], 66, 736, { mono: true });
        draw.lines(["% 3 levels"], 270, 736);
      },
    ],
    check: ([page], sentences) => {
      expect(withRole(page as Read, "code")).toEqual(["\\setcounter{secnumdepth}{3} % 3 levels"]);
      expect(sentences).toContain(
        "Your work should use the standard sectioning commands: \\section, and \\paragraph.",
      );
    },
  },
  {
    name: "letters drawn over one another are read in the order the page draws them (a kerned logo)",
    pages: [
      (draw) => {
        draw.lines(["4 References"], 56, 800, { size: 14, bold: true });
        const lead = "The use of B";
        const logoX = 56 + draw.fonts.regular.widthOfTextAtSize(lead, 10);
        draw.lines([lead], 56, 780);
        draw.lines(["IB"], logoX, 780, { size: 8 });
        // TeX kerns the logo's "T" back under the small capitals, so its piece starts left of them.
        draw.lines(["TEX for the preparation of references is recommended."], logoX - 1, 780);
      },
    ],
    check: (_pages, sentences) => {
      expect(sentences).toContain("The use of BIBTEX for the preparation of references is recommended.");
    },
  },
  {
    name: "a figure at the top of the left column: the right column's first rows, a heading among them, come after the left column",
    pages: [
      (draw) => {
        draw.lines(["2 Seeds"], 56, 810, { size: 14, bold: true });
        draw.lines(RIGHT.slice(0, 4), 310, 780);
        draw.lines(["4.2 Fruits"], 310, 718, { bold: true, size: 11 });
        draw.lines(RIGHT.slice(4), 310, 700);
        draw.lines(LEFT, 56, 700);
      },
    ],
    check: ([page]) => {
      expect(page?.lines).toEqual([
        "2 Seeds",
        ...LEFT,
        ...RIGHT.slice(0, 4),
        "4.2 Fruits",
        ...RIGHT.slice(4),
      ]);
    },
  },
  {
    name: "a caption label on a line of its own is followed by its title, set smaller",
    pages: [
      (draw) => {
        draw.lines(["5 Tables"], 56, 800, { size: 12, bold: true });
        draw.lines(["Tables are set where they fit on the page, so they float."], 56, 780);
        draw.lines(["TABLE I"], 260, 750, { size: 8 });
        draw.lines(["FREQUENCY OF SPECIAL CHARACTERS"], 220, 740, { size: 6.4 });
        draw.lines(["Rivers carry sand down to the sea in every season."], 56, 700);
      },
    ],
    check: ([page], sentences) => {
      expect(withRole(page as Read, "caption")).toEqual(["TABLE I", "FREQUENCY OF SPECIAL CHARACTERS"]);
      expect(sentences.some((sentence) => sentence.includes("FREQUENCY"))).toBe(false);
    },
  },
  {
    name: "a dash that goes on with a sentence is punctuation, a dash after a colon a bullet",
    pages: [
      (draw) => {
        draw.lines(
          [
            "The title of your work should use capital letters appropriately",
            "- https://capitalizemytitle.com/ has useful rules for capital-",
            "ization. Seeds need three things:",
            "- water from the soil",
            "- light from the sun",
          ],
          56,
          780,
        );
      },
    ],
    check: ([page], sentences) => {
      expect(withRole(page as Read, "list")).toEqual(["- water from the soil", "- light from the sun"]);
      expect(sentences).toContain(
        "The title of your work should use capital letters appropriately - https://capitalizemytitle.com/ has useful rules for capitalization.",
      );
    },
  },
];

// A slide deck as beamer's sidebar themes set it: a sidebar on the right with the course, the author
// and the section list, a headline and a footline with the slide number, on every slide.
const SIDEBAR = ["Biology 101", "Ada Lovelace", "Seeds", "Roots", "Leaves"];
const HEADLINE = "Biology 101 - Seed plants";
const footline = (slide: number) => `Ada Lovelace - Utrecht University - slide ${slide} of 5`;

/** One slide: the deck's furniture, then its own content. */
const slide =
  (number: number, content: (draw: Draw) => void) =>
  (draw: Draw): void => {
    draw.lines([HEADLINE], 10, 276, { size: 6 });
    draw.lines(SIDEBAR, 385, 240, { size: 6, leading: 14 });
    draw.lines([footline(number)], 10, 4, { size: 6 });
    content(draw);
  };

const DECK: ReadonlyArray<(draw: Draw) => void> = [
  slide(1, (draw) => {
    draw.lines(["Seed plants"], 120, 190, { size: 18 });
    draw.lines(["A first lecture on plants"], 120, 160, { size: 12 });
    draw.lines(["Ada Lovelace", "Utrecht University", "2024"], 120, 120, { size: 10, leading: 16 });
  }),
  slide(2, (draw) => {
    draw.lines(["How seeds travel"], 10, 250, { size: 18 });
    draw.lines(
      [
        "Seeds travel far from the plant that made them",
        "and land in new places where they can grow",
        "without the shade of their parent plant",
      ],
      14,
      215,
      { size: 12, leading: 15 },
    );
  }),
  slide(3, (draw) => {
    draw.lines(["Planting a seed"], 10, 250, { size: 18 });
    draw.lines(["A gardener plants a seed in three steps."], 14, 215, { size: 12 });
    draw.lines(["dig(hole, depth=2)", "plant(seed, hole)", "water(seed, daily=True)"], 24, 195, {
      size: 10,
      leading: 13,
      mono: true,
    });
    draw.lines(["Roots grow down into the soil within a week."], 14, 140, { size: 12 });
  }),
  slide(4, (draw) => {
    draw.lines(["Planting a seed cont."], 10, 250, { size: 18 });
    draw.lines(
      ["The shoot grows up towards the light of the sun.", "Leaves open when it reaches the air."],
      14,
      215,
      {
        size: 12,
        leading: 15,
      },
    );
  }),
  slide(5, (draw) => {
    draw.lines(["Roots"], 10, 250, { size: 18 });
    draw.lines(["Roots hold the plant in the ground and take up water."], 14, 215, { size: 12 });
  }),
];

interface DeckCase {
  name: string;
  check: (pages: Read[], sentences: string[]) => void;
}

const headingLevels = (read: Read) =>
  [...read.layout.headings].map(([index, { level }]) => [read.lines[index], level]);

const deckCases: DeckCase[] = [
  {
    name: "the sidebar, headline and footline on every slide are furniture, the body is read",
    check: (pages) => {
      for (const [index, page] of pages.entries()) {
        expect(furniture(page)).toEqual(expect.arrayContaining([HEADLINE, ...SIDEBAR, footline(index + 1)]));
      }
      expect(body(pages[1] as Read)).toEqual([
        "How seeds travel",
        "Seeds travel far from the plant that made them",
        "and land in new places where they can grow",
        "without the shade of their parent plant",
      ]);
    },
  },
  {
    name: "the deck's title is level 1, each frame title level 2, a title carried on still a heading",
    check: (pages) => {
      expect(pages.map(headingLevels)).toEqual([
        [["Seed plants", 1]],
        [["How seeds travel", 2]],
        [["Planting a seed", 2]],
        [["Planting a seed cont.", 2]],
        [["Roots", 2]],
      ]);
    },
  },
  {
    name: "the title page's subtitle, author, institute and date are front matter",
    check: ([title]) => {
      expect(body(title as Read)).toEqual(["Seed plants"]);
      expect(furniture(title as Read)).toEqual(
        expect.arrayContaining(["A first lecture on plants", "Utrecht University", "2024"]),
      );
    },
  },
  {
    name: "a code listing in a monospace font is code, never a sentence",
    check: (pages, sentences) => {
      expect(withRole(pages[2] as Read, "code")).toEqual([
        "dig(hole, depth=2)",
        "plant(seed, hole)",
        "water(seed, daily=True)",
      ]);
      expect(sentences.filter((sentence) => /hole|daily/.test(sentence))).toEqual([]);
      expect(sentences).toContain("A gardener plants a seed in three steps.");
      expect(sentences).toContain("Roots grow down into the soil within a week.");
    },
  },
  {
    name: "a slide that ends without a full stop ends its sentence there",
    check: (_pages, sentences) => {
      expect(sentences).toEqual([
        "Seeds travel far from the plant that made them and land in new places where they can grow without the shade of their parent plant",
        "A gardener plants a seed in three steps.",
        "Roots grow down into the soil within a week.",
        "The shoot grows up towards the light of the sun.",
        "Leaves open when it reaches the air.",
        "Roots hold the plant in the ground and take up water.",
      ]);
    },
  },
];

describe("withReadableBullets", () => {
  it.each<[string, string]>([
    ["\uF0B7", "•"], // Symbol's bullet, as Word's PDFs give it
    ["\uF0A7 a square bullet", "• a square bullet"], // Wingdings' small square
    ["\uF0D8", "•"], // Wingdings' arrowhead
    ["\uF0FC", "•"], // Wingdings' tick
    ["\uF076", "•"], // Wingdings' diamond
    ["• already a bullet", "• already a bullet"],
    ["No bullet here", "No bullet here"],
  ])("%j → %j", (text, expected) => {
    expect(withReadableBullets(text)).toBe(expected);
  });
});

describe("opensWithFootnoteMark", () => {
  it.each<[string, boolean]>([
    ["¹ See https://example.org for pictures.", true],
    ["2 See the appendix.", true],
    ["*Both authors contributed equally.", true],
    ["∗Both authors contributed equally to this research.", true], // TeX's math asterisk
    ["† Deceased.", true],
    ["Permission to make digital copies is granted.", false],
  ])("%s → %s", (text, expected) => {
    expect(opensWithFootnoteMark(text)).toBe(expected);
  });
});

describe("PDF slide decks as a learner reads them", () => {
  it.each(deckCases.map((testCase) => [testCase.name, testCase] as const))("%s", async (_name, testCase) => {
    const bytes = await makePdf(DECK, SLIDE);
    testCase.check(await readPages(bytes), await sentencesOf(bytes));
  });
});

describe("PDF layout as a reader sees it", () => {
  it.each(cases.map((testCase) => [testCase.name, testCase] as const))("%s", async (_name, testCase) => {
    const bytes = await makePdf(testCase.pages);
    testCase.check(await readPages(bytes), await sentencesOf(bytes));
  });
});

describe("PDF headings as the structure reads them", () => {
  it("joins a word broken over a title's two lines, as in the text", async () => {
    const bytes = await makePdf([
      (draw) => {
        draw.lines(["3.1 BOMOS als hulpmiddel voor de ontwikkeling van beheerorgani-", "saties"], 56, 790, {
          size: 12,
          bold: true,
        });
        draw.lines(
          [
            "De belangrijkste toepassing van BOMOS is die als hulpmiddel voor de organisaties.",
            "Veel beheerorganisaties komen voort uit een project dat een standaard heeft gemaakt.",
            "Daarna moet de standaard worden beheerd en verder worden ontwikkeld door hen.",
          ],
          56,
          760,
        );
      },
    ]);
    const source = { id: SOURCE_ID, kind: "pdf" as const, file_name: "layout.pdf", file_path: null };
    const { chunks } = await ingestSource({ ...source, content: bytes });
    const headings = buildCorpus([{ ...source, chunks }]).items.flatMap((item) =>
      item.type === "heading" ? [item.heading.text] : [],
    );
    expect(headings).toEqual(["BOMOS als hulpmiddel voor de ontwikkeling van beheerorganisaties"]);
  });
});
