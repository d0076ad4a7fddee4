import {
  Document,
  EndnoteReferenceRun,
  FootnoteReferenceRun,
  InternalHyperlink,
  type IStylesOptions,
  Packer,
  Paragraph,
  type ParagraphChild,
  Tab,
  Table,
  TableCell,
  TableRow,
  Textbox,
  TextRun,
} from "docx";
import { describe, expect, it } from "vitest";
import { buildCorpus } from "../corpus.ts";
import { generateStructure } from "../engine.ts";
import { extractiveProvider } from "../providers/extractive/index.ts";
import { readDocx } from "./docx.ts";
import { ingestSource } from "./index.ts";

type Child = Paragraph | Table | Textbox;

interface Made {
  children: Child[];
  styles?: IStylesOptions;
  footnotes?: Record<number, { children: Paragraph[] }>;
}

async function docxOf({ children, styles, footnotes }: Made): Promise<Uint8Array> {
  const document = new Document({
    ...(styles ? { styles } : {}),
    ...(footnotes ? { footnotes } : {}),
    sections: [{ children }],
  });
  return new Uint8Array(await Packer.toBuffer(document));
}

/** Each non-blank line with what ingestion made of it: "H<level>", a role, or "" for body text. */
async function linesOf(made: Made): Promise<Array<[string, string]>> {
  const { lines, layout } = await readDocx(await docxOf(made));
  const tagged: Array<[string, string]> = [];
  lines.forEach((line, index) => {
    if (line === "") return;
    const heading = [...layout.headings].find(([start, { end }]) => index >= start && index <= end);
    const role = layout.furniture.has(index) ? "furniture" : (layout.roles.get(index) ?? "");
    tagged.push([line, heading ? `H${heading[1].level}` : role]);
  });
  return tagged;
}

const text = (value: string) => new Paragraph(value);
const bold = (value: string) => new Paragraph({ children: [new TextRun({ text: value, bold: true })] });
const styled = (value: string, style: string) => new Paragraph({ text: value, style });
const runs = (...children: ParagraphChild[]) => new Paragraph({ children });
const named = (id: string, name: string, extra: object = {}) => ({ id, name, ...extra });

describe("readDocx", () => {
  it.each<{ name: string; made: Made; expected: Array<[string, string]> }>([
    {
      name: "headings by outline level, of the paragraph or of its style",
      made: {
        styles: { paragraphStyles: [named("Hoofdstuk", "Hoofdstuk", { paragraph: { outlineLevel: 0 } })] },
        children: [
          styled("Rivieren", "Hoofdstuk"),
          text("Een rivier voert water naar zee."),
          new Paragraph({ text: "Dijken", outlineLevel: 1 }),
          text("Een dijk houdt het water tegen."),
        ],
      },
      expected: [
        ["Rivieren", "H1"],
        ["Een rivier voert water naar zee.", ""],
        ["Dijken", "H2"],
        ["Een dijk houdt het water tegen.", ""],
      ],
    },
    {
      name: "localized style names: Titel, Kop 1, Kop 2",
      made: {
        styles: {
          paragraphStyles: [named("Titel", "Titel"), named("Kop1", "Kop 1"), named("Kop2", "Kop 2")],
        },
        children: [
          styled("De Nederlandse delta", "Titel"),
          styled("Rivieren", "Kop1"),
          styled("De Rijn", "Kop2"),
          text("De Rijn komt uit Zwitserland."),
        ],
      },
      expected: [
        ["De Nederlandse delta", "H1"],
        ["Rivieren", "H2"],
        ["De Rijn", "H3"],
        ["De Rijn komt uit Zwitserland.", ""],
      ],
    },
    {
      name: "footnotes and endnotes: marks out of the sentence, the notes at the end",
      made: {
        footnotes: { 1: { children: [text("Zie ook hoofdstuk 3.")] } },
        children: [
          runs(
            new TextRun("Een rivier stroomt naar zee."),
            new FootnoteReferenceRun(1),
            new TextRun(" Onderweg neemt ze zand mee."),
            new EndnoteReferenceRun({ children: [text("Bron: Rijkswaterstaat.")] }),
          ),
          text("Het zand komt in de delta terecht."),
        ],
      },
      expected: [
        ["Een rivier stroomt naar zee. Onderweg neemt ze zand mee.", ""],
        ["Het zand komt in de delta terecht.", ""],
        ["1 Zie ook hoofdstuk 3.", "footnote"],
        ["1 Bron: Rijkswaterstaat.", "footnote"],
      ],
    },
    {
      name: "a note mark set after a space takes the space with it when punctuation follows",
      made: {
        footnotes: { 1: { children: [text("See the AWS documentation.")] } },
        children: [
          runs(
            new TextRun("Consumers read the streams of AWS Kinesis "),
            new FootnoteReferenceRun(1),
            new TextRun(". They run "),
            new FootnoteReferenceRun(1),
            new TextRun(" in parallel."),
          ),
        ],
      },
      expected: [
        ["Consumers read the streams of AWS Kinesis. They run in parallel.", ""],
        ["1 See the AWS documentation.", "footnote"],
      ],
    },
    {
      name: "a note number typed in superscript after a full stop, while km² keeps its 2",
      made: {
        children: [
          runs(
            new TextRun("De delta is 25.000 km"),
            new TextRun({ text: "2", superScript: true }),
            new TextRun(" groot."),
            new TextRun({ text: "4", superScript: true }),
            new TextRun(" Er wonen veel mensen."),
          ),
        ],
      },
      expected: [["De delta is 25.000 km2 groot. Er wonen veel mensen.", ""]],
    },
    {
      name: "a table: one line per row, cells joined, never prose",
      made: {
        children: [
          text("De tabel geeft de rivieren."),
          new Table({
            rows: [
              ["Rivier", "Lengte"],
              ["Rijn", "1233 km"],
              ["Maas", "925 km"],
            ].map(
              (cells) =>
                new TableRow({ children: cells.map((cell) => new TableCell({ children: [text(cell)] })) }),
            ),
          }),
          text("De Rijn is het langst."),
        ],
      },
      expected: [
        ["De tabel geeft de rivieren.", ""],
        ["Rivier | Lengte", "table"],
        ["Rijn | 1233 km", "table"],
        ["Maas | 925 km", "table"],
        ["De Rijn is het langst.", ""],
      ],
    },
    {
      name: "a one-column table is a frame around text, read as text",
      made: {
        children: [
          new Table({
            rows: [
              new TableRow({ children: [new TableCell({ children: [text("Let op: water stroomt.")] })] }),
            ],
          }),
        ],
      },
      expected: [["Let op: water stroomt.", ""]],
    },
    {
      name: "text boxes: their text kept in place, a caption-like one a caption",
      made: {
        children: [
          text("Een dijk houdt het water tegen."),
          new Textbox({ children: [text("Dijken zijn vaak van klei gemaakt.")], style: { width: "200pt" } }),
          new Textbox({ children: [text("Figuur 2: Een dijk in doorsnede")], style: { width: "200pt" } }),
          text("Achter de dijk ligt een polder."),
        ],
      },
      expected: [
        ["Een dijk houdt het water tegen.", ""],
        ["Dijken zijn vaak van klei gemaakt.", ""],
        ["Figuur 2: Een dijk in doorsnede", "caption"],
        ["Achter de dijk ligt een polder.", ""],
      ],
    },
    {
      name: "a table of contents in Word's TOC styles with links to its headings",
      made: {
        styles: { paragraphStyles: [named("TOCHeading", "TOC Heading"), named("TOC1", "toc 1")] },
        children: [
          styled("Inhoudsopgave", "TOCHeading"),
          new Paragraph({
            style: "TOC1",
            children: [
              new InternalHyperlink({
                anchor: "_Toc1",
                children: [new TextRun("Rivieren"), new TextRun({ children: [new Tab(), "3"] })],
              }),
            ],
          }),
          new Paragraph({ style: "TOC1", children: [new TextRun({ children: ["Dijken", new Tab(), "7"] })] }),
          styled("Rivieren", "Heading1"),
          text("Een rivier voert water naar zee."),
        ],
      },
      expected: [
        ["Inhoudsopgave", "toc"],
        ["Rivieren 3", "toc"],
        ["Dijken 7", "toc"],
        ["Rivieren", "H1"],
        ["Een rivier voert water naar zee.", ""],
      ],
    },
    {
      name: "a table of contents typed by hand under a heading Inhoud",
      made: {
        children: [
          bold("Inhoud"),
          runs(new TextRun({ children: ["Rivieren", new Tab(), "3"] })),
          runs(new TextRun({ children: ["Dijken", new Tab(), "7"] })),
          bold("Rivieren"),
          text("Een rivier voert water naar zee."),
        ],
      },
      expected: [
        ["Inhoud", "toc"],
        ["Rivieren 3", "toc"],
        ["Dijken 7", "toc"],
        ["Rivieren", "H1"],
        ["Een rivier voert water naar zee.", ""],
      ],
    },
    {
      name: "a bibliography under a bold heading: entries and heading are references",
      made: {
        children: [
          bold("Bewoning van het rivierengebied"),
          text("Mensen woonden al vroeg op de oeverwallen. Daar was het droog."),
          bold("Literatuur"),
          text("Bazelmans, J., De Romeinse limes in Nederland. Leiden: Sidestone Press 2010."),
          text(
            "Roymans, N. (2004). Ethnic identity and imperial power. Amsterdam: Amsterdam University Press.",
          ),
          text("Willems, W.J.H., 1986: Romans and Batavians, Amersfoort."),
          text("Groenewoudt, B.J. en M. van Nie, Assessing the scale. In: Antiquity 69 (1995), 229-241."),
        ],
      },
      expected: [
        ["Bewoning van het rivierengebied", "H1"],
        ["Mensen woonden al vroeg op de oeverwallen. Daar was het droog.", ""],
        ["Literatuur", "reference"],
        ["Bazelmans, J., De Romeinse limes in Nederland. Leiden: Sidestone Press 2010.", "reference"],
        [
          "Roymans, N. (2004). Ethnic identity and imperial power. Amsterdam: Amsterdam University Press.",
          "reference",
        ],
        ["Willems, W.J.H., 1986: Romans and Batavians, Amersfoort.", "reference"],
        [
          "Groenewoudt, B.J. en M. van Nie, Assessing the scale. In: Antiquity 69 (1995), 229-241.",
          "reference",
        ],
      ],
    },
    {
      name: "reference entries without a heading, by their shape",
      made: {
        children: [
          text("De Batavieren woonden in de Betuwe."),
          text("Jansen, P. (2010). De Hollandse waterlinie. Leiden: Sidestone Press."),
          text("Smit, Anna (2012). Dijken en polders. Amsterdam: Boom."),
        ],
      },
      expected: [
        ["De Batavieren woonden in de Betuwe.", ""],
        ["Jansen, P. (2010). De Hollandse waterlinie. Leiden: Sidestone Press.", "reference"],
        ["Smit, Anna (2012). Dijken en polders. Amsterdam: Boom.", "reference"],
      ],
    },
    {
      name: "a heading Bronnen over a bulleted list of works, and an empty Primary sources above it",
      made: {
        children: [
          styled("Primary sources", "Heading2"),
          styled("Bronnen", "Heading2"),
          new Paragraph({
            text: "Toetsingskader Algoritmes Algemene Rekenkamer, 2.18, 2.19",
            bullet: { level: 0 },
          }),
          new Paragraph({ text: "AP-advies geautomatiseerde besluitvorming", bullet: { level: 0 } }),
          styled("Voorbeelden", "Heading2"),
          text("Een voorbeeld is de toets van DUO."),
        ],
      },
      expected: [
        ["Primary sources", "reference"],
        ["Bronnen", "reference"],
        ["Toetsingskader Algoritmes Algemene Rekenkamer, 2.18, 2.19", "reference"],
        ["AP-advies geautomatiseerde besluitvorming", "reference"],
        ["Voorbeelden", "H2"],
        ["Een voorbeeld is de toets van DUO.", ""],
      ],
    },
    {
      name: "numbered notes under a heading Noten",
      made: {
        children: [
          styled("Rivieren", "Heading1"),
          text("Een rivier voert water naar zee."),
          styled("Noten", "Heading1"),
          text("1 Zie ook hoofdstuk 3."),
          text("2 De Rijn is de langste rivier."),
        ],
      },
      expected: [
        ["Rivieren", "H1"],
        ["Een rivier voert water naar zee.", ""],
        ["Noten", "reference"],
        ["1 Zie ook hoofdstuk 3.", "reference"],
        ["2 De Rijn is de langste rivier.", "reference"],
      ],
    },
    {
      name: "a heading Bronnen over prose stays a heading with body text",
      made: {
        children: [
          bold("Bronnen"),
          text("Een historische bron is een overblijfsel uit het verleden. Je leert er veel van."),
        ],
      },
      expected: [
        ["Bronnen", "H1"],
        ["Een historische bron is een overblijfsel uit het verleden. Je leert er veel van.", ""],
      ],
    },
    {
      name: "captions by style and by their opening words, a sentence about a table stays text",
      made: {
        styles: { paragraphStyles: [named("Bijschrift", "Bijschrift")] },
        children: [
          styled("De Afsluitdijk bij Den Oever", "Bijschrift"),
          text("Figuur 1. Doorsnede van een dijk"),
          text("Tabel 2 laat zien dat de zeespiegel stijgt."),
          text("Table 3: Sea level since 1900"),
        ],
      },
      expected: [
        ["De Afsluitdijk bij Den Oever", "caption"],
        ["Figuur 1. Doorsnede van een dijk", "caption"],
        ["Tabel 2 laat zien dat de zeespiegel stijgt.", ""],
        ["Table 3: Sea level since 1900", "caption"],
      ],
    },
    {
      name: "captions in pandoc's Image Caption and Table Caption styles",
      made: {
        styles: {
          paragraphStyles: [named("ImageCaption", "Image Caption"), named("TableCaption", "Table Caption")],
        },
        children: [
          text("Tidy data has one observation per row."),
          styled("Example of gathering columns to create tidy data.", "ImageCaption"),
          styled("Sightings per site and year", "TableCaption"),
        ],
      },
      expected: [
        ["Tidy data has one observation per row.", ""],
        ["Example of gathering columns to create tidy data.", "caption"],
        ["Sightings per site and year", "caption"],
      ],
    },
    {
      name: "the author block under the title is front matter; the abstract after it is text",
      made: {
        styles: { paragraphStyles: [named("Title", "Title"), named("Heading1", "Heading 1")] },
        children: [
          styled("Good Enough Practices for Scientific Computing", "Title"),
          runs(
            new TextRun("Greg Wilson1,, Jennifer Bryan2,, Tracy K. Teal3,"),
            new TextRun({
              text: "1 Software Carpentry Foundation / gvwilson@software-carpentry.org",
              break: 1,
            }),
            new TextRun({ text: "2 RStudio, University of British Columbia", break: 1 }),
            new TextRun({ text: "These authors contributed equally to this work.", break: 1 }),
          ),
          styled("Abstract", "Heading1"),
          text("We present a set of computing tools that every researcher can adopt."),
        ],
      },
      expected: [
        ["Good Enough Practices for Scientific Computing", "H1"],
        ["Greg Wilson1,, Jennifer Bryan2,, Tracy K. Teal3,", "furniture"],
        ["1 Software Carpentry Foundation / gvwilson@software-carpentry.org", "furniture"],
        ["2 RStudio, University of British Columbia", "furniture"],
        ["These authors contributed equally to this work.", "furniture"],
        ["Abstract", "H2"],
        ["We present a set of computing tools that every researcher can adopt.", ""],
      ],
    },
    {
      name: "a bold title on a paragraph's first line is a heading, not the start of its sentence",
      made: {
        styles: { paragraphStyles: [named("Heading1", "Heading 1")] },
        children: [
          styled("Software", "Heading1"),
          runs(
            new TextRun({ text: "Tab Completion", bold: true }),
            new TextRun({ text: "Almost all modern text editors provide tab completion.", break: 1 }),
          ),
          // A bold sentence on its own line stays a sentence of its paragraph.
          runs(
            new TextRun({ text: "Reducing the price of a good increases the demand for it.", bold: true }),
            new TextRun({ text: "Open source lowers the cost of adoption.", break: 1 }),
          ),
        ],
      },
      expected: [
        ["Software", "H1"],
        ["Tab Completion", "H6"],
        ["Almost all modern text editors provide tab completion.", ""],
        ["Reducing the price of a good increases the demand for it.", ""],
        ["Open source lowers the cost of adoption.", ""],
      ],
    },
    {
      name: "a lead paragraph under the title is text, and text after the first section is never front matter",
      made: {
        styles: { paragraphStyles: [named("Title", "Title"), named("Heading1", "Heading 1")] },
        children: [
          styled("Rivers", "Title"),
          text("Rivers carry water from the hills to the sea, as Jan de Vries showed."),
          styled("Authors", "Heading1"),
          text("Jan de Vries and Anna Smit"),
        ],
      },
      expected: [
        ["Rivers", "H1"],
        ["Rivers carry water from the hills to the sea, as Jan de Vries showed.", ""],
        ["Authors", "H2"],
        ["Jan de Vries and Anna Smit", ""],
      ],
    },
    {
      name: "numbered and bulleted paragraphs are list items",
      made: {
        children: [
          text("Een rivier doet drie dingen:"),
          new Paragraph({ text: "Ze schuurt gesteente weg.", bullet: { level: 0 } }),
          new Paragraph({ text: "Ze vervoert zand.", bullet: { level: 0 } }),
          text("• Ze zet klei af."),
        ],
      },
      expected: [
        ["Een rivier doet drie dingen:", ""],
        ["Ze schuurt gesteente weg.", "list"],
        ["Ze vervoert zand.", "list"],
        ["• Ze zet klei af.", "list"],
      ],
    },
    {
      name: "headings set in larger type, the largest highest",
      made: {
        children: [
          runs(new TextRun({ text: "Rivieren", size: 36 })),
          runs(new TextRun({ text: "De Rijn", size: 28 })),
          text("De Rijn komt uit Zwitserland en stroomt naar de Noordzee."),
          text("Hij voert veel water af in het voorjaar, als de sneeuw smelt."),
        ],
      },
      expected: [
        ["Rivieren", "H1"],
        ["De Rijn", "H2"],
        ["De Rijn komt uit Zwitserland en stroomt naar de Noordzee.", ""],
        ["Hij voert veel water af in het voorjaar, als de sneeuw smelt.", ""],
      ],
    },
  ])("$name", async ({ made, expected }) => {
    expect(await linesOf(made)).toEqual(expected);
  });

  it("keeps one line per paragraph with a blank line between, as before, in a document with none of these", async () => {
    const { lines, layout } = await readDocx(
      await docxOf({ children: [text("Een rivier stroomt."), text("Een dijk houdt water tegen.")] }),
    );
    expect(lines).toEqual(["Een rivier stroomt.", "", "Een dijk houdt water tegen."]);
    expect(layout.roles.size).toBe(0);
  });
});

describe("a listing set in the body style", () => {
  it("is code, not sentences, while a command quoted in prose stays prose", async () => {
    const made = {
      children: [
        text("Fake keys worden 2 maal getekend, conform GAEN en certificaat gebaseerd:"),
        text("#!/bin/sh"),
        text("set -e"),
        text("# ES256 (ECDSA p256)"),
        text("openssl ecparam -name secp256k1 -genkey -noout -out ec.key"),
        text("Daarna worden de sleutels geüpload."),
        text("openssl req -new"),
      ],
    };
    expect(await linesOf(made)).toEqual([
      ["Fake keys worden 2 maal getekend, conform GAEN en certificaat gebaseerd:", ""],
      ["#!/bin/sh", "code"],
      ["set -e", "code"],
      ["# ES256 (ECDSA p256)", "code"],
      ["openssl ecparam -name secp256k1 -genkey -noout -out ec.key", "code"],
      ["Daarna worden de sleutels geüpload.", ""],
      ["openssl req -new", ""],
    ]);
  });
});

describe("Word text is never Markdown", () => {
  it("keeps the underscores and asterisks of names in code in the sentences made from it", async () => {
    const line =
      "Rename name1 to personal_name, keep bird_count_table.csv and fig_3_a.png, and pass *args on.";
    const source = { id: "88888888-8888-4888-8888-888888888888", kind: "docx" as const, file_name: "a.docx" };
    const content = await docxOf({ children: [text(line)] });
    const { chunks } = await ingestSource({ ...source, file_path: null, content });
    const corpus = buildCorpus([{ ...source, chunks }]);
    expect(corpus.sentences.map((sentence) => sentence.text)).toEqual([line]);
  });
});

describe("a published Dutch document without heading styles", () => {
  it("makes no section, sentence or blank of its bibliography", async () => {
    const entries = [
      "Bazelmans, J., 2010: De Romeinse limes. Leiden: Sidestone Press 2010.",
      "Hessing, W.A.M., Steden en dorpen in het rivierengebied. Utrecht: Matrijs 2001.",
      "Jansen, R. (2008). Het rivierengebied in de ijzertijd. Amersfoort: ROB.",
      "Verhart, L., Op zoek naar de Kelten. Utrecht: Matrijs 2006.",
    ];
    const content = await docxOf({
      children: [
        bold("Het rivierengebied in de oudheid"),
        text("In de ijzertijd woonden boeren op de oeverwallen langs de rivieren."),
        text("Zij bouwden boerderijen van hout en leem, met stallen voor het vee."),
        bold("De Romeinen"),
        text("Vanaf 12 voor Christus legden de Romeinen forten aan langs de Rijn."),
        text("De grens van het rijk volgde de rivier tot aan de Noordzee."),
        bold("Literatuur"),
        ...entries.map(text),
      ],
    });
    const source = {
      id: "99999999-9999-4999-8999-999999999999",
      kind: "docx" as const,
      file_name: "rivier.docx",
    };
    const { chunks } = await ingestSource({ ...source, file_path: null, content });
    const corpus = buildCorpus([{ ...source, chunks }]);
    for (const sentence of corpus.sentences) {
      expect(
        entries.some((entry) => entry.includes(sentence.text) || sentence.text.includes("Matrijs")),
      ).toBe(false);
    }
    const { structure } = await generateStructure(
      { title: "Het rivierengebied", description: null },
      [{ ...source, chunks }],
      extractiveProvider(),
    );
    expect(structure.sections.map((section) => section.title)).toEqual([
      "Het rivierengebied in de oudheid",
      "De Romeinen",
    ]);
  });
});
