import { describe, expect, it } from "vitest";
import type { Structure } from "../../src/domain/structure.ts";
import { buildCorpus, citeSentence } from "./corpus.ts";
import { ingestSource } from "./ingest/index.ts";
import { assignMaterial } from "./material.ts";

const MARKDOWN = `# Dijken

Een dijk is een kunstmatige wal. Dijken beschermen het land.

Waterschappen onderhouden de dijken. Iedereen betaalt mee.

# Polders

Een polder is omringd door dijken. Gemalen pompen het water weg.

Vroeger deden windmolens dat werk. Ze staan er nog steeds.
`;

async function corpus() {
  const ingested = await ingestSource({
    id: "s",
    kind: "markdown",
    file_name: "water.md",
    file_path: "topic/water.md",
    content: MARKDOWN,
  });
  return buildCorpus([{ id: "s", kind: "markdown", file_name: "water.md", chunks: ingested.chunks }]);
}

describe("assignMaterial", () => {
  it("keeps every section's material inside its own headings, even when a structure cites one sentence each", async () => {
    const built = await corpus();
    const sentence = (start: string) => {
      const found = built.sentences.find((candidate) => candidate.text.startsWith(start));
      if (!found) throw new Error(start);
      return found;
    };
    // Sparse citations, as a model or a learner's edit may leave them: the first sentence of each section.
    const structure: Structure = {
      title: "Water",
      description: "",
      sections: [
        {
          section_id: "section-1",
          title: "Dijken",
          description: "",
          subtopics: [
            {
              subtopic_id: "section-1-1",
              title: "Dijk",
              description: "",
              key_points: [],
              citations: [citeSentence(sentence("Een dijk"))],
            },
          ],
        },
        {
          section_id: "section-2",
          title: "Polders",
          description: "",
          subtopics: [
            {
              subtopic_id: "section-2-1",
              title: "Polder",
              description: "",
              key_points: [],
              citations: [citeSentence(sentence("Een polder"))],
            },
          ],
        },
      ],
    };
    const materials = assignMaterial(structure, built, "nl");
    const texts = (id: string) => materials.get(id)?.sentences.map((candidate) => candidate.text) ?? [];
    expect(texts("section-1")).toEqual([
      "Een dijk is een kunstmatige wal.",
      "Dijken beschermen het land.",
      "Waterschappen onderhouden de dijken.",
      "Iedereen betaalt mee.",
    ]);
    expect(texts("section-2")).toEqual([
      "Een polder is omringd door dijken.",
      "Gemalen pompen het water weg.",
      "Vroeger deden windmolens dat werk.",
      "Ze staan er nog steeds.",
    ]);
  });

  it("gives a sentence inside a subtopic's cited lines to that subtopic", async () => {
    const built = await corpus();
    const [first, second, third] = built.sentences;
    if (!first || !second || !third) throw new Error("corpus");
    const structure: Structure = {
      title: "Water",
      description: "",
      sections: [
        {
          section_id: "section-1",
          title: "Dijken",
          description: "",
          subtopics: [
            {
              subtopic_id: "a",
              title: "A",
              description: "",
              key_points: [],
              citations: [citeSentence(first)],
            },
            {
              subtopic_id: "b",
              title: "B",
              description: "",
              key_points: [],
              citations: [citeSentence(second), citeSentence(third)],
            },
          ],
        },
      ],
    };
    const material = assignMaterial(structure, built, "nl").get("section-1");
    expect(material?.bySubtopic.get("b")?.map((candidate) => candidate.text)).toContain(third.text);
  });
});

describe("assignMaterial: table rows and listings", () => {
  it("gives each subtopic the table rows and code listings its citations hold, each once", () => {
    const lines = [
      "Begrippen",
      "anoniem | Niet herleidbaar tot identiteit van persoon of telefoon.",
      "integriteit | Controleerbaarheid op niet gewijzigd zijn van echte sleutels.",
      "Dit raamwerk gebruikt deze begrippen steeds in die betekenis.",
      "openssl ecparam -name prime256v1 -genkey -out key.pem",
      "openssl req -new -key key.pem -out req.csr",
    ];
    const built = buildCorpus([
      {
        id: "s",
        kind: "docx",
        file_name: "raamwerk.docx",
        chunks: [
          {
            id: "c",
            source_id: "s",
            file_path: "raamwerk.docx",
            file_name: "raamwerk.docx",
            page_number: null,
            line_start: 0,
            line_end: 5,
            content: lines.join("\n"),
            layout: {
              headings: [{ line: 0, level: 1 }],
              roles: [
                { line: 1, end: 2, role: "table" },
                { line: 4, end: 5, role: "code" },
              ],
              paragraphs: [3],
            },
          },
        ],
      },
    ]);
    const cite = (line_start: number, line_end: number) => ({
      chunk_id: "c",
      file_path: "raamwerk.docx",
      page_number: null,
      line_start,
      line_end,
      exactLines: lines.slice(line_start, line_end + 1),
      snippet: null,
      source_url: null,
    });
    const structure: Structure = {
      title: "Raamwerk",
      description: "",
      sections: [
        {
          section_id: "section-1",
          title: "Begrippen",
          description: "",
          subtopics: [
            {
              subtopic_id: "terms",
              title: "Begrippen",
              description: "",
              key_points: [],
              citations: [cite(1, 2), cite(2, 3)],
            },
            {
              subtopic_id: "use",
              title: "Gebruik",
              description: "",
              key_points: [],
              citations: [cite(3, 5)],
            },
          ],
        },
      ],
    };
    const material = assignMaterial(structure, built, "nl").get("section-1");
    expect(material?.blocks.get("terms")).toEqual([lines[1], lines[2]]);
    expect(material?.blocks.get("use")).toEqual([`${lines[4]}\n${lines[5]}`]);
  });
});
