import { beforeAll, describe, expect, it } from "vitest";
import type { Structure } from "../../../../src/domain/structure.ts";
import { buildCorpus, type CorpusSourceInput } from "../../corpus.ts";
import { generateCourse, generateStructure } from "../../engine.ts";
import { type ContentFixture, contentFixtures } from "../../fixtures/content-sources.ts";
import { pastedSentences } from "../../fixtures/pasted.ts";
import { ingestSource } from "../../ingest/index.ts";
import { chapterItems, chapterTexts, leaksAnswer, type QualityReport, qualityReport } from "../../quality.ts";
import { comparable } from "../../support.ts";
import { words } from "../../text/language.ts";
import { keyPhrases, leansOnContext, TermWeights } from "../../text/rank.ts";
import type { ChapterDraft } from "../types.ts";
import { causalPairs, definitions, needsContext } from "./clauses.ts";
import { extractiveProvider } from "./index.ts";
import { hasMisspelling, type ItemContext } from "./items.ts";
import { LABELS } from "./labels.ts";
import { inAuthorVoice } from "./structure.ts";

/** Two sections on bees (Dutch): compounds ("voedselbron") beside their heads ("bron"). */
const BEES = [
  "# Bijen",
  "## De honingbij",
  "De honingbij leeft in een volk van tienduizenden bijen. In elk volk is er één koningin, die de eitjes legt. De werksters zijn vrouwtjes die het meeste werk doen: zij verzorgen de larven, bouwen raten van was en verzamelen voedsel.",
  "",
  "Een werkster verzamelt nectar en stuifmeel. Nectar is een zoete vloeistof die de bij in de kast omzet in honing. Omdat een werkster vaak dezelfde soort bloem bezoekt, brengt zij het stuifmeel naar een bloem van dezelfde soort.",
  "",
  "## De bijendans",
  "Een werkster die een goede voedselbron heeft gevonden, vertelt dat aan de andere bijen met een dans. Bij de kwispeldans loopt de bij een rechte lijn en schudt zij met haar achterlijf. De richting van die lijn ten opzichte van de zwaartekracht geeft de richting van de voedselbron ten opzichte van de zon aan.",
  "",
  "Hoe langer de bij kwispelt, hoe verder de bron ligt. Een rijke bron trekt veel werksters. De Oostenrijkse onderzoeker Karl von Frisch ontdekte deze taal van de bijen en kreeg daarvoor in 1973 de Nobelprijs.",
].join("\n");

interface Generated {
  fixture: ContentFixture;
  sources: CorpusSourceInput[];
  structure: Structure;
  chapters: ChapterDraft[];
  report: QualityReport;
}

async function sourcesOf(fixture: ContentFixture): Promise<CorpusSourceInput[]> {
  const ingested = await ingestSource({
    id: `source-${fixture.name}`,
    kind: fixture.kind,
    file_name: fixture.file_name,
    file_path: `topic/${fixture.file_name}`,
    content: fixture.content,
  });
  return [
    { id: ingested.source.id, kind: fixture.kind, file_name: fixture.file_name, chunks: ingested.chunks },
  ];
}

async function generate(fixture: ContentFixture): Promise<Generated> {
  const sources = await sourcesOf(fixture);
  const provider = extractiveProvider();
  const topic = { title: fixture.document.title, description: null };
  const { structure } = await generateStructure({ ...topic, variant: 0 }, sources, provider);
  const { chapters } = await generateCourse(topic, structure, sources, provider);
  const regenerated = await generateStructure({ ...topic, variant: 1 }, sources, provider);
  const headings = [
    fixture.document.title,
    ...(fixture.document.header ? [fixture.document.header] : []),
    ...fixture.document.sections.map((section) => section.heading),
  ];
  const report = qualityReport({
    structure,
    chapters,
    corpus: buildCorpus(sources),
    headings,
    regenerated: regenerated.structure,
  });
  return { fixture, sources, structure, chapters, report };
}

describe("extractive provider on Dutch and English teaching material", () => {
  let generated: Generated[] = [];
  beforeAll(async () => {
    const fixtures = await contentFixtures();
    // One Dutch PDF and one English Markdown file: both languages, with and without page layout.
    const picked = fixtures.filter(
      (fixture) => fixture.name === "nl-delta-pdf" || fixture.kind === "markdown",
    );
    generated = await Promise.all(
      picked.filter((fixture) => fixture.language === "nl" || fixture.kind === "markdown").map(generate),
    );
  }, 60_000);

  it("takes sections from the document's own headings and splits every section into subtopics", () => {
    for (const { fixture, structure, report } of generated) {
      expect(structure.sections.map((section) => section.title)).toEqual(
        fixture.document.sections.map((section) => section.heading),
      );
      for (const section of structure.sections) {
        expect(section.subtopics.length).toBeGreaterThanOrEqual(2);
        for (const subtopic of section.subtopics) {
          expect(subtopic.title).not.toBe(section.title);
          expect(subtopic.title.split(" ").length).toBeLessThanOrEqual(4);
        }
      }
      expect(report.counts.singleSubtopicSections).toBe(0);
      expect(report.counts.titlesRepeatingSection).toBe(0);
      expect(report.counts.fragmentTitles).toBe(0);
    }
  });

  it("describes each subtopic by its lead sentence and cites every sentence of it", () => {
    for (const { structure, sources } of generated) {
      const corpus = buildCorpus(sources);
      const cited = new Set<number>();
      for (const subtopic of structure.sections.flatMap((section) => section.subtopics)) {
        expect(subtopic.citations.some((citation) => citation.snippet?.includes(subtopic.description))).toBe(
          true,
        );
        for (const sentence of corpus.sentences) {
          const inside = subtopic.citations.some(
            (citation) =>
              citation.chunk_id === sentence.chunk.id &&
              sentence.line_start >= citation.line_start &&
              sentence.line_end <= citation.line_end,
          );
          if (inside) cited.add(sentence.index);
        }
      }
      expect(cited.size).toBe(corpus.sentences.length);
    }
  });

  // A passage names one thing in several ways: a graded course marked "mistakes" wrong for "Encouraging
  // learners to understand ___ in a positive way" (errors), with "learner mistakes" in the next sentence.
  it("offers no wrong option that the sentence before or after the blank uses", () => {
    let checked = 0;
    for (const { sources, chapters } of generated) {
      const sentences = buildCorpus(sources).sentences.map((sentence) => comparable(sentence.text));
      for (const question of chapters.flatMap((chapter) => chapterItems(chapter).questions)) {
        const quoted = /[“„]([^”]*___[^”]*)”/u.exec(question.stem)?.[1];
        if (!quoted) continue;
        const [before = "", after = ""] = quoted.split("___").map(comparable);
        const at = sentences.findIndex((text) => text.includes(before) && text.includes(after));
        if (at < 0) continue;
        const around = [sentences[at - 1] ?? "", sentences[at + 1] ?? ""].join(" ");
        const wrong = question.options.filter((_, index) => index !== question.correct_option);
        checked++;
        expect(wrong.filter((option) => ` ${around} `.includes(` ${comparable(option)} `))).toEqual([]);
      }
    }
    expect(checked).toBeGreaterThan(5);
  });

  // A shuffled slide showed "However, they require substantial upfront cost" under Nanopore, where the
  // text said it of Illumina.
  it("shows a slide's lines in reading order, a line that points back only right after its sentence", () => {
    let slides = 0;
    for (const { sources, chapters } of generated) {
      const index = new Map(
        buildCorpus(sources).sentences.map((sentence) => [sentence.text.trim(), sentence.index]),
      );
      for (const chapter of chapters) {
        const overview = chapter.activities.find((activity) => activity.kind === "overview");
        for (const slide of overview?.kind === "overview" ? overview.payload.slides : []) {
          slides++;
          const places = slide.bullets.map((bullet) => index.get(bullet.trim()) ?? -1);
          expect(places.filter((place) => place >= 0)).toEqual(
            [...places.filter((place) => place >= 0)].sort((a, b) => a - b),
          );
          slide.bullets.forEach((bullet, at) => {
            if (leansOnContext(bullet)) expect(places[at]).toBe((places[at - 1] ?? -2) + 1);
          });
        }
      }
    }
    expect(slides).toBeGreaterThan(5);
  });

  it("has no defect a teacher would mark: corrupted or mixed options, weak blanks, leaks, items from other sections", () => {
    for (const { report } of generated) {
      const { counts } = report;
      expect(counts.corruptedOptions).toBe(0);
      expect(counts.mixedOptions).toBe(0);
      expect(counts.unanswerable).toBe(0);
      expect(counts.weakBlanks).toBe(0);
      expect(counts.outsideSection).toBe(0);
      expect(counts.hintLeaks).toBe(0);
      expect(counts.statementQuestions).toBe(0);
      expect(counts.bareExplanations).toBe(0);
      expect(counts.headingGlue).toBe(0);
      expect(counts.regenerateUnchanged).toBe(0);
    }
  });

  it("asks why, asks what terms mean, and fills in key terms, across the course", () => {
    for (const { report } of generated) {
      expect(report.forms.cause).toBeGreaterThan(0);
      expect(report.forms.definition).toBeGreaterThan(0);
      expect(report.forms.cloze).toBeGreaterThan(0);
    }
  });

  it("ties each diagnostic question to one subtopic, at most one per subtopic", () => {
    for (const { chapters } of generated) {
      for (const chapter of chapters) {
        const diagnostic = chapter.activities.find((activity) => activity.kind === "diagnostic");
        const questions = diagnostic?.kind === "diagnostic" ? diagnostic.payload.questions : [];
        const ids = questions.map((question) => question.subtopic_id);
        expect(ids.every((id) => id?.startsWith(`${chapter.section_id}-`))).toBe(true);
        expect(new Set(ids).size).toBe(ids.length);
      }
    }
  });

  it("shows on no overview slide a sentence the diagnostic after it asks about", () => {
    let checked = 0;
    for (const { chapters } of generated) {
      for (const chapter of chapters) {
        const overview = chapter.activities.find((activity) => activity.kind === "overview");
        const bullets =
          overview?.kind === "overview" ? overview.payload.slides.flatMap((s) => s.bullets) : [];
        const diagnostic = chapter.activities.find((activity) => activity.kind === "diagnostic");
        const asked = diagnostic?.kind === "diagnostic" ? diagnostic.payload.questions : [];
        const cited = new Set(
          asked.flatMap((q) => q.citations.map((citation) => comparable(citation.snippet ?? ""))),
        );
        checked += cited.size;
        for (const bullet of bullets) expect(cited.has(comparable(bullet))).toBe(false);
      }
    }
    expect(checked).toBeGreaterThan(0);
  });

  it("keeps both checks' questions out of the study text, the mastery check's out of the cards, and the study text's out of the cards", () => {
    // A card words the same item differently ("Complete: “…”" beside "Fill in the missing term: “…”").
    const asked = (stem: string) => /[“„](.+)”/u.exec(stem)?.[1] ?? stem;
    const stemsOf = (chapter: ChapterDraft, kinds: readonly string[]) =>
      new Set(
        chapter.activities.flatMap((activity) =>
          (activity.kind === "diagnostic" || activity.kind === "mastery") && kinds.includes(activity.kind)
            ? activity.payload.questions.map((q) => asked(q.stem))
            : [],
        ),
      );
    let checked = 0;
    for (const { chapters } of generated) {
      for (const chapter of chapters) {
        const checks = stemsOf(chapter, ["diagnostic", "mastery"]);
        const mastery = stemsOf(chapter, ["mastery"]);
        checked += checks.size;
        const study = chapter.activities.find((activity) => activity.kind === "study");
        const studied =
          study?.kind === "study" ? study.payload.blocks.flatMap((b) => b.question?.stem ?? []) : [];
        const carded = chapterItems(chapter).cards.map((card) => card.q);
        for (const shown of studied) expect([shown, checks.has(asked(shown))]).toEqual([shown, false]);
        for (const shown of carded) expect([shown, mastery.has(asked(shown))]).toEqual([shown, false]);
        // Nor does a card ask the study text's question, whose answer the study text shows.
        for (const card of carded) expect(studied).not.toContain(card);
      }
    }
    expect(checked).toBeGreaterThan(0);
  });

  it("gives hints that never contain the answer", () => {
    for (const { chapters } of generated) {
      for (const card of chapters.flatMap((chapter) => chapterItems(chapter).cards)) {
        expect(card.hint).not.toBeNull();
        expect(comparable(card.hint ?? "")).not.toContain(comparable(card.a));
      }
    }
  });

  it("practises a diagnostic's fill-in again only for a subtopic that has no other card", () => {
    let repeats = 0;
    for (const { chapters } of generated) {
      for (const chapter of chapters) {
        const items = chapterItems(chapter);
        const where = (citations: readonly object[]) => JSON.stringify(citations);
        const asked = new Set(
          items.diagnostic.filter((q) => q.stem.includes("___")).map((q) => where(q.citations)),
        );
        const repeated = (card: (typeof items.cards)[number]) =>
          card.q.includes("___") && asked.has(where(card.citations));
        const bySubtopic = new Map<string | null, typeof items.cards>();
        for (const card of items.cards)
          bySubtopic.set(card.subtopic_id, [...(bySubtopic.get(card.subtopic_id) ?? []), card]);
        for (const cards of bySubtopic.values())
          if (cards.some((card) => !repeated(card))) repeats += cards.filter(repeated).length;
      }
    }
    expect(repeats).toBe(0);
  });

  it("hints a fill-in card with another sentence of the source, the term masked, where the source has one", () => {
    const cards = generated.flatMap(({ chapters }) =>
      chapters.flatMap((chapter) => chapterItems(chapter).cards).filter((card) => card.q.includes("___")),
    );
    const quoting = cards.filter((card) => /^(Elders staat|Elsewhere the text says):/u.test(card.hint ?? ""));
    // Before: every one was "Denk aan het deel over „X”: welk begrip beschrijft de rest van de zin?"
    // (A term the teaching fixtures use only once gets the pointer to its subtopic.)
    expect(quoting.length).toBeGreaterThan(cards.length / 3);
    for (const card of quoting) {
      expect(card.hint).toContain("___");
      expect(leaksAnswer(card.hint ?? "", card.a)).toBe(false);
    }
    for (const card of cards)
      expect(card.hint).not.toMatch(/welk begrip beschrijft|which term does the rest/u);
  });

  it("writes a 150–230 word recap in the source's language, connected by connectives", () => {
    const dutch = generated.find(({ fixture }) => fixture.name === "nl-delta-pdf");
    expect(dutch).toBeDefined();
    for (const chapter of dutch?.chapters ?? []) {
      const transcript = chapterItems(chapter).transcript ?? "";
      const words = transcript.split(/\s+/).length;
      expect(words).toBeGreaterThanOrEqual(150);
      expect(words).toBeLessThanOrEqual(230);
      expect(transcript).toMatch(/Eerst gaat het over/);
      expect(transcript).toMatch(/Tot slot gaat het over/);
    }
  });

  it("shows no overview slide of a title alone while another subtopic has lines to show", async () => {
    const { structure, sources, topic } = await generatedFrom(
      [
        "# Dijken",
        "## Bouw",
        "Een dijk houdt het water van de rivier tegen. Dijken worden van klei en zand gebouwd. Achter de dijk ligt de polder.",
        "",
        "## Onderhoud",
        "Hoe onderhoud je een dijk? Hoofdstuk 3 beschrijft het onderhoud van de dijken.",
        "",
        "# Gemalen",
        "Een gemaal pompt het water uit de polder. Het water stroomt dan naar de rivier achter de dijk.",
      ].join("\n"),
    );
    expect(structure.sections[0]?.subtopics.map((subtopic) => subtopic.title)).toEqual(["Bouw", "Onderhoud"]);
    const course = await generateCourse(topic, structure, sources, extractiveProvider());
    const overview = course.chapters[0]?.activities.find((activity) => activity.kind === "overview");
    const slides = overview?.kind === "overview" ? overview.payload.slides : [];
    expect(slides.map((slide) => slide.title)).toEqual(["Bouw"]);
    expect(slides[0]?.bullets.length).toBeGreaterThan(0);
  });

  it("keeps a short section's recap short: no generic prompts as filler, never new facts", async () => {
    const { structure, sources, topic } = await generatedFrom(
      [
        "# Ruggenmerg",
        "## Bouw",
        "Het ruggenmerg verbindt de hersenen met de rest van het lichaam. Het ruggenmerg ligt beschermd in de wervelkolom. Zenuwen vertakken zich vanuit het ruggenmerg naar alle spieren.",
        "",
        "Een dwarslaesie ontstaat wanneer het ruggenmerg zwaar beschadigd is. De verbinding met de hersenen is dan verbroken. Patiënten kunnen hun benen dan vaak niet meer bewegen.",
      ].join("\n"),
    );
    const course = await generateCourse(topic, structure, sources, extractiveProvider());
    const recap = course.chapters[0]?.activities.find((activity) => activity.kind === "recap");
    const transcript = String((recap?.payload as { transcript?: string } | undefined)?.transcript ?? "");
    // Graded as filler: "kun je „…” in je eigen woorden uitleggen?", "Hoe hangen … samen?", "zeg … hardop".
    expect(transcript).not.toMatch(/eigen woorden|Hoe hangen|hardop/u);
    expect(transcript).toContain("Een dwarslaesie ontstaat wanneer het ruggenmerg zwaar beschadigd is.");
    // "Onthoud vooral dit" never repeats a sentence the script has already said.
    const remembered = /Onthoud vooral dit: ([^.]+\.)/u.exec(transcript)?.[1];
    if (remembered) expect(transcript.split(remembered).length).toBe(2);
  });

  it("never hints with a sentence that only points into the document", async () => {
    const { structure, sources, topic } = await generatedFrom(
      [
        "# Polders",
        "## Land below the sea",
        "A polder is land that lies below the level of the sea or a river. Dikes around the polder keep the water out. Mills and pumps lift the rain water out of the polder into canals.",
        "",
        "Section 2 describes the canals and the crops in more detail.",
        "",
        "Farmers grow grass and grain on the wet clay of the polder. Cows graze on the grass in summer. The clay makes the land very fertile for crops. Boats carry the grain along the canals to the town market.",
        "",
        "The water board keeps the dikes and pumps of the polder in order. The water board also decides how high the water in the canals may rise. Farmers pay the water board a yearly tax for this work.",
        "",
        "Wet clay holds the rain water for a long time. The canals carry the rain water to the river. Mills once pumped the rain water into the canals with wind power.",
      ].join("\n"),
    );
    const course = await generateCourse(topic, structure, sources, extractiveProvider());
    const cards = course.chapters.flatMap((chapter) => chapterItems(chapter).cards);
    expect(cards.some((card) => /^Elsewhere the text says:/u.test(card.hint ?? ""))).toBe(true);
    for (const card of cards) expect(card.hint ?? "").not.toContain("Section 2");
  });

  it("connects a recap's parts with why-questions asked and answered, without templated links", async () => {
    const transcriptOf = async (markdown: string) => {
      const { structure, sources, topic } = await generatedFrom(markdown);
      const course = await generateCourse(topic, structure, sources, extractiveProvider());
      return chapterItems(course.chapters[0] as ChapterDraft).transcript ?? "";
    };
    const dutch = await transcriptOf(
      [
        "# Handel",
        "## Markten",
        "De Romeinen legden wegen aan tussen de forten. Over de wegen werden goederen naar de markten vervoerd. Handelaren verkochten daar graan en wijn. Kooplieden uit Italië brachten olijfolie mee.",
        "",
        "Boeren uit de omgeving brachten graan naar de forten. Veel boeren werden welvarender, omdat de soldaten goed betaalden. Romeinse munten kwamen zo bij de lokale bevolking terecht. Ook ambachtslieden verdienden aan het leger.",
      ].join("\n"),
    );
    // Before: the recap read "Veel boeren werden welvarender. Dat komt omdat …" and named no link.
    expect(dutch).not.toContain("hier weer terug");
    expect(dutch).toContain("Waarom werden veel boeren welvarender? Omdat de soldaten goed betaalden.");
    expect(dutch).not.toContain("Romeinen legden wegen”");
    const english = await transcriptOf(
      [
        "# Trade",
        "## Markets",
        "The Romans built roads between the forts. Goods travelled along the roads to the markets. Traders sold grain and wine there. Merchants from Italy brought olive oil.",
        "",
        "Farmers near the border brought grain to the forts. Many farmers became richer because the soldiers paid well. Roman coins reached the local people in this way. Craftsmen also earned money from the army.",
      ].join("\n"),
    );
    expect(english).not.toContain("comes up again here");
    expect(english).toContain("Why did many farmers become richer? Because the soldiers paid well.");
    // A question the script has just answered is not asked again to think over.
    expect(english.split("Why did many farmers become richer?").length).toBe(2);
  });

  it("makes a different valid structure on every regenerate, the same one each time for a variant", async () => {
    const fixture = generated[0]?.fixture as ContentFixture;
    const sources = await sourcesOf(fixture);
    const provider = extractiveProvider();
    const versions: string[] = [];
    for (const variant of [0, 1, 2, 3]) {
      const { structure } = await generateStructure(
        { title: fixture.document.title, description: null, variant },
        sources,
        provider,
      );
      expect(structure.sections.map((section) => section.title)).toEqual(
        fixture.document.sections.map((section) => section.heading),
      );
      versions.push(JSON.stringify(structure));
    }
    for (let index = 1; index < versions.length; index++)
      expect(versions[index]).not.toBe(versions[index - 1]);
    const again = await generateStructure(
      { title: fixture.document.title, description: null, variant: 2 },
      sources,
      provider,
    );
    expect(JSON.stringify(again.structure)).toBe(versions[2]);
  });
});

describe("sections", () => {
  // Twelve slides, each its own title: six on rivers, then six on volcanoes.
  const RIVER_SLIDES = [
    ["Rivers", "A river carries water from the hills to the sea. The river water flows downhill."],
    ["River sources", "A river starts at a spring in the hills. Rain feeds the river water at its source."],
    ["River beds", "The river water cuts a bed into the hills. The river bed grows deeper over time."],
    ["River mouths", "A river ends where its water meets the sea. Sand from the river settles at its mouth."],
    ["River floods", "After heavy rain the river water rises. A flooding river covers the land beside it."],
    ["River dikes", "People build dikes along a river. A dike keeps the flooding river water off the land."],
  ];
  const VOLCANO_SLIDES = [
    ["Volcanoes", "A volcano is an opening in the crust of the earth. Magma rises through the volcano."],
    ["Magma", "Magma is molten rock under the crust. Magma that reaches the surface of a volcano is lava."],
    ["Lava", "Lava flows down the slopes of a volcano. Lava cools and becomes solid rock."],
    [
      "Eruptions",
      "A volcano erupts when the pressure of the magma grows. An eruption throws out ash and lava.",
    ],
    ["Ash clouds", "Volcanic ash rises high above the volcano. The ash of an eruption can block the sun."],
    [
      "Dormant volcanoes",
      "A dormant volcano has not erupted for a long time. The magma of a dormant volcano may rise again.",
    ],
  ];
  const deck = (slides: string[][]) =>
    ["# Water and fire", ...slides.flatMap(([title, text]) => [`## ${title}`, text ?? "", ""])].join("\n");

  it("groups a deck of many thin slides into chapters where the vocabulary shifts, one subtopic a slide", async () => {
    const { structure } = await generatedFrom(deck([...RIVER_SLIDES, ...VOLCANO_SLIDES]));
    expect(structure.sections.map((section) => section.title)).toEqual(["Rivers", "Volcanoes"]);
    expect(structure.sections.map((section) => section.subtopics.length)).toEqual([6, 6]);
    expect(structure.sections[1]?.subtopics.map((subtopic) => subtopic.title)).toContain("Dormant volcanoes");
  });

  it("reads a sub-heading repeated on the next slide as one subtopic", async () => {
    const { structure } = await generatedFrom(
      [
        "# Water and fire",
        "## Rivers",
        "### River beds",
        "The river water cuts a bed into the hills. The bed grows deeper over time.",
        "### River beds",
        "A deep river bed carries more water. Its banks grow steeper.",
        "### River mouths",
        "Sand settles where the river meets the sea. The sand forms a delta.",
        "## Volcanoes",
        "### Lava",
        "Lava flows down the slopes of a volcano. Lava cools and becomes solid rock.",
      ].join("\n"),
    );
    const titles = structure.sections.flatMap((section) =>
      section.subtopics.map((subtopic) => subtopic.title),
    );
    expect(titles.filter((title) => title === "River beds")).toHaveLength(1);
  });

  it("keeps the author's chapters when there are few of them, or when they say more", async () => {
    const few = await generatedFrom(deck(RIVER_SLIDES.slice(0, 4)));
    expect(few.structure.sections).toHaveLength(4);
    const long = (slides: string[][]) =>
      slides.map(([title, text]) => [title ?? "", Array(4).fill(text).join(" ")]);
    const full = await generatedFrom(deck(long([...RIVER_SLIDES, ...VOLCANO_SLIDES].slice(0, 10))));
    expect(full.structure.sections).toHaveLength(10);
  });

  it("makes no section of a stray number before the first heading", async () => {
    const { structure } = await generatedFrom(
      [
        "2",
        "",
        "# Dijken",
        "Een dijk houdt het water van de rivier tegen. Dijken worden van klei en zand gebouwd. Achter de dijk ligt de polder.",
      ].join("\n"),
    );
    expect(structure.sections.map((section) => section.title)).toEqual(["Dijken"]);
  });

  it("opens no chapter at a report's front matter, set larger than its chapters, and teaches none of it", async () => {
    const { structure } = await generatedFrom(
      [
        "# Water management in the polder",
        "",
        "# Document Metadata",
        "This study was prepared for the programme by an external consultancy.",
        "",
        "# Contents",
        "Dikes 1",
        "",
        "# List of Tables",
        "",
        "## Dikes",
        "A dike holds back the water of the river. Dikes are built from clay and sand. Behind the dike lies the polder.",
        "",
        "## Pumps",
        "A pumping station lifts the water out of the polder. The water flows into the river behind the dike.",
      ].join("\n"),
    );
    expect(structure.sections.map((section) => section.title)).toEqual(["Dikes", "Pumps"]);
    expect(JSON.stringify(structure)).not.toContain("consultancy");
  });

  it.each([
    [
      "an untitled licence line",
      ["Dit werk valt onder een Creative Commons Naamsvermelding 4.0 Internationaal-licentie.", ""],
    ],
    ["a title page's author line", ["Erwin Folmer", ""]],
    [
      "a section of notes on the document",
      [
        "# Over dit document",
        "Dit document is opgesteld door de werkgroep waterbeheer. Hoofdstuk 2 beschrijft de dijken.",
        "",
      ],
    ],
  ])("makes no chapter of %s, which teaches nothing", async (_, notes) => {
    const { structure } = await generatedFrom(
      [
        ...notes,
        "# Dijken",
        "Een dijk houdt het water van de rivier tegen. Dijken worden van klei en zand gebouwd. Achter de dijk ligt de polder.",
      ].join("\n"),
    );
    expect(structure.sections.map((section) => section.title)).toEqual(["Dijken"]);
  });

  it("titles a chapter set in capitals as the text writes its words", async () => {
    const { structure } = await generatedFrom(
      [
        "# THE DIKES OF THE NAP",
        "A dike holds back the water of the river. The height of a dike is measured against the NAP. Dikes are built from clay and sand.",
        "",
        "# PUMPS",
        "A pumping station lifts the water out of the polder. The water flows into the river behind the dike.",
      ].join("\n"),
    );
    expect(structure.sections.map((section) => section.title)).toEqual(["The dikes of the NAP", "Pumps"]);
  });

  it("leaves a box of learning objectives out, with its text", async () => {
    const { structure } = await generatedFrom(
      [
        "## Leerdoelen",
        "- Je kunt uitleggen waarom een dijk het water tegenhoudt.",
        "- Je kunt de delen van een dijk benoemen.",
        "",
        "# Dijken",
        "Een dijk houdt het water van de rivier tegen. Dijken worden van klei en zand gebouwd. Achter de dijk ligt de polder.",
      ].join("\n"),
    );
    expect(structure.sections.map((section) => section.title)).toEqual(["Dijken"]);
    expect(JSON.stringify(structure)).not.toContain("benoemen");
  });
});

/** The contents of the study blocks of one type, over all chapters. */
function blockTexts(chapters: Parameters<typeof chapterItems>[0][], type: string): string[] {
  return chapters.flatMap((chapter) =>
    chapterItems(chapter).blocks.flatMap((block) => (block.type === type ? [block.content] : [])),
  );
}

async function generatedFrom(markdown: string) {
  const ingested = await ingestSource({
    id: "s",
    kind: "markdown",
    file_name: "notes.md",
    file_path: null,
    content: markdown,
  });
  const sources = [{ id: "s", kind: "markdown" as const, file_name: "notes.md", chunks: ingested.chunks }];
  const topic = { title: "Notes", description: null };
  const { structure } = await generateStructure({ ...topic, variant: 0 }, sources, extractiveProvider());
  return { structure, sources, topic };
}

/** The quiz questions of the offline course written from a Markdown text. */
async function questionsFrom(markdown: string) {
  const { structure, sources, topic } = await generatedFrom(markdown);
  const { chapters } = await generateCourse(topic, structure, sources, extractiveProvider());
  return chapters.flatMap((chapter) => chapterItems(chapter).questions);
}

describe("inAuthorVoice: the author, or the author's organisation, speaking of themselves", () => {
  it.each([
    ["In 2020 I spun off the visualization components into a new package.", true],
    ["This last point is the focus of our workshop.", true],
    ["De geo-standaarden staan op de lijst, waarvoor wij in 2014 het predicaat ontvingen.", true],
    ["We can plot this distribution with the built-in density function.", false],
    ["Geo-standaarden zorgen ervoor dat we geo-informatie digitaal kunnen uitwisselen.", false],
  ] as const)("%s → %s", async (text, expected) => {
    const [sentence] = await pastedSentences(text);
    expect(sentence && inAuthorVoice(sentence)).toBe(expected);
  });
});

describe("structure descriptions", () => {
  it("describes a passage by its lead only where that stands alone", async () => {
    const { structure } = await generatedFrom(
      [
        "# Surveillance",
        "## Sequencing",
        "Whole-genome sequencing reads the complete genome of a virus sample. Amplicon sequencing multiplies the genome in short overlapping pieces first.",
        "",
        "## Workshop",
        "This last point is the focus of our workshop. We will spend some time looking at how to analyse these data.",
      ].join("\n"),
    );
    const descriptions = structure.sections.flatMap((section) =>
      section.subtopics.map((subtopic) => subtopic.description),
    );
    expect(descriptions).toContain("Whole-genome sequencing reads the complete genome of a virus sample.");
    expect(descriptions.join(" ")).not.toMatch(/This last point|We will spend/u);
  });
});

describe("cause and definition sentences", () => {
  const sentencesOf = pastedSentences;

  it("reads 'A doordat B', 'A. Dat komt doordat B' and 'Because B, A' with the cause as a clause", async () => {
    const dutch = await sentencesOf(
      "De eerste bewoners bouwden hun boerderijen op de oeverwallen, omdat die bij hoog water droog bleven. Het land daalde steeds verder. Dat komt doordat het veen inklonk.",
    );
    const pairs = causalPairs(dutch, "nl");
    expect(pairs.map((pair) => [pair.effect, pair.connective, pair.cause])).toEqual([
      [
        "De eerste bewoners bouwden hun boerderijen op de oeverwallen",
        "omdat",
        "die bij hoog water droog bleven",
      ],
      ["Het land daalde steeds verder", "doordat", "het veen inklonk"],
    ]);
    const english = await sentencesOf(
      "Because the oceans cover most of the planet, they supply most of the vapour.",
    );
    expect(causalPairs(english, "en")[0]).toMatchObject({
      effect: "They supply most of the vapour",
      cause: "the oceans cover most of the planet",
    });
  });

  it.each([
    // An instruction is no cause: the answer read "Because consider changing file permissions …".
    [
      "en",
      "Consider changing file permissions to read-only before the analysis starts. As a result, nobody overwrites the raw data by accident.",
      [],
    ],
    [
      "nl",
      "Bepaal welke gegevens nodig zijn voor de analyse van de groepen. Daardoor weet je welke data je moet verzamelen.",
      [],
    ],
    // A list's ordinal is no part of the cause: the answer read "Because Second, raw data should not change."
    [
      "en",
      "Second, raw data should not change during the project. Therefore it does not require version tracking.",
      ["raw data should not change during the project"],
    ],
    // The comma closes a relative clause, not the cause: the main clause ("kunnen deze …") began without
    // one, and the graded stem read "Waarom waarmee voldaan is aan de NEN7513-eisen inzake logging?".
    [
      "nl",
      "Omdat de identiteit in het access token is vastgelegd kunnen deze ook worden gelogd door het bronsysteem, waarmee voldaan is aan de eisen inzake logging.",
      [],
    ],
    [
      "nl",
      "Omdat de gegevens versleuteld worden opgeslagen, kan niemand anders ze lezen.",
      ["de gegevens versleuteld worden opgeslagen"],
    ],
    // A lead-in and two sentences left together are no cause or effect (graded garbled why-questions).
    [
      "en",
      "It uses numerical methods to calculate derivatives of scale transformations. As a result, we can visualize a log-transformed density and get the correct result:",
      [],
    ],
    [
      "en",
      "Second, many users will not learn every option, so shortcuts aid learnability. ggdist’s shortcut geometries include eye plots.",
      [],
    ],
  ] as const)("reads no cause from %s %j beyond %j", async (language, text, causes) => {
    const pairs = causalPairs(await sentencesOf(text), language);
    expect(pairs.map((pair) => pair.cause)).toEqual(causes);
  });

  it("asks a plain Dutch why-question where the verb already comes first, and skips effects that lean on context", async () => {
    const dutch = await sentencesOf(
      "Na een infectie reageren geheugencellen veel sneller. Daardoor word je meestal niet meer ziek. Omdat de cellen zich eerst moeten vermenigvuldigen, duurt het enkele dagen voordat de reactie begint.",
    );
    const pairs = causalPairs(dutch, "nl");
    expect(pairs.map((pair) => LABELS.nl.whyQuestion(pair.effect, pair.form))).toEqual([
      "Waarom word je meestal niet meer ziek?",
      "Waarom duurt het enkele dagen voordat de reactie begint?",
    ]);
    expect(pairs.map(needsContext)).toEqual([false, false]);
    // "het" standing for the magma of the clause before asks about nothing; an article does not.
    const pointing = await sentencesOf(
      "Omdat magma lichter is dan het gesteente eromheen, stijgt het langzaam op. Omdat de zon schijnt, ontstaat het broeikaseffect sneller.",
    );
    expect(causalPairs(pointing, "nl").map(needsContext)).toEqual([true, false]);
    const english = await sentencesOf(
      "Changes in costs shift the curve. New technology has the same effect because it lowers the cost of each unit.",
    );
    const [sameEffect] = causalPairs(english, "en");
    expect(sameEffect && needsContext(sameEffect)).toBe(true);
    expect(LABELS.en.whyQuestion("New technology lowers costs", "mid")).toBe(
      "Why does new technology lower costs?",
    );
  });

  it("never offers a Dutch verb as a term: 'Het bestaat', 'bij nadenkt', 'zijn binnengekomen'", async () => {
    const sentences = await sentencesOf(
      "Het zenuwstelsel regelt processen waar je niet bij nadenkt, zoals de hartslag. Het bestaat uit twee delen. Vitaminen zijn stoffen die met het voedsel zijn binnengekomen.",
    );
    const keys = keyPhrases(sentences, new TermWeights(sentences)).map((phrase) => phrase.key);
    expect(keys).toContain("hartslag");
    expect(keys.filter((key) => /bestaat|nadenkt|binnengekomen/.test(key))).toEqual([]);
  });

  it("finds the Dutch past verb right after a fronted phrase: 'Bij de forten ontstonden …'", async () => {
    const sentences = await sentencesOf(
      "Bij de forten ontstonden nederzettingen waar handelaren woonden. In 1572 veroverden de geuzen de stad Den Briel. Bij het begin van de oorlog waren de forten klein.",
    );
    const keys = keyPhrases(sentences, new TermWeights(sentences)).map((phrase) => phrase.key);
    // Before: "forten ontstonden nederzettingen" was one phrase, and "forten" none of its own.
    expect(keys).toContain("forten");
    expect(keys.filter((key) => /ontstonden|veroverden/u.test(key))).toEqual([]);
  });

  it("never offers an English verb after an auxiliary as a term: 'did not return', 'can flow'", async () => {
    const sentences = await sentencesOf(
      "Many settlers did not return home. In return for land they protected the coast. Rain water can flow through the soil and carries sand to the sea.",
    );
    const keys = keyPhrases(sentences, new TermWeights(sentences)).map((phrase) => phrase.key);
    expect(keys).toContain("coast");
    // Before: "return", which the lexicon also knows as a noun.
    expect(keys.filter((key) => /^(return|flow)$/.test(key))).toEqual([]);
  });

  it("asks a Dutch cause as a plain question, keeping only a name's capital", () => {
    expect(LABELS.nl.whyQuestion("Sommige medicijnen werken", "mid")).toBe(
      "Waarom werken sommige medicijnen?",
    );
    expect(LABELS.nl.whyQuestion("waardoor signalen vertraagd aankomen", "whereby")).toBeNull();
  });

  it("keeps the capital of a name that opens an English cause, and lowers a common word's", async () => {
    const english = await sentencesOf(
      "Swedish traders sailed along the rivers of Russia. As a result, Arab silver reached the north. The hull was shallow, so the ship could land on a beach.",
    );
    // Before: "because swedish traders sailed …".
    expect(causalPairs(english, "en").map((pair) => pair.cause)).toEqual([
      "Swedish traders sailed along the rivers of Russia",
      "the hull was shallow",
    ]);
  });

  it("does not take a cause that hangs on a relative clause for a statement", async () => {
    const sentences = await sentencesOf(
      "Veen is een bodem die ontstaat doordat plantenresten in een nat gebied niet volledig vergaan.",
    );
    expect(causalPairs(sentences, "nl", () => false)).toEqual([]);
  });

  it("reads 'X is een …' and '… noemen we X', never a clause before 'this is called X'", async () => {
    const sentences = await sentencesOf(
      "Een dijk is een kunstmatige wal van zand en klei. Een deel van het water stroomt via rivieren naar zee. Dit noemen we oppervlakkige afvoer. Een gebied dat door dijken is omringd noemen we een polder.",
    );
    const found = definitions(sentences, "nl", () => true);
    // Before: also "oppervlakkige afvoer" meaning the clause "Een deel van het water stroomt …": a
    // sentence is no definition of the term named after it (the teacher's "hotspot" case).
    expect(found.map((pair) => [pair.term, pair.meaning, pair.form])).toEqual([
      ["dijk", "een kunstmatige wal van zand en klei", "is"],
      ["polder", "Een gebied dat door dijken is omringd", "named"],
    ]);
    const english = await sentencesOf(
      "When an oceanic plate meets a continental plate, the oceanic plate sinks beneath it; this process is called subduction.",
    );
    // Before: "subduction" meaning that clause.
    expect(definitions(english, "en", () => true)).toEqual([]);
  });

  it("reads a term renamed between commas, not a measure nor a verb before it", async () => {
    const english = await sentencesOf(
      "A crowd in Paris stormed the Bastille, a fortress and prison that stood for the power of the king. Below the crust lies the mantle, a layer of hot rock. The questionnaire was created using LimeSurvey, an open-source online survey tool. The class prepares a submission of a full-length technical paper, a two-page abstract of a demonstration, a journal article, and more. It writes the paper, a long report on the work, a short abstract of it.",
    );
    expect(
      definitions(english, "en", () => true).map((pair) => [pair.term, pair.meaning, pair.form]),
    ).toEqual([
      ["Bastille", "a fortress and prison that stood for the power of the king", "apposition"],
      ["mantle", "a layer of hot rock", "apposition"],
      // Before: "using LimeSurvey" was the term, taught as "What does “using LimeSurvey” mean?".
      ["LimeSurvey", "an open-source online survey tool", "apposition"],
    ]);
    const dutch = await sentencesOf(
      "Bloed bestaat voor de helft uit bloedplasma, een gelige vloeistof met voedingsstoffen. Ze bevatten hemoglobine, een eiwit dat zuurstof bindt en het bloed zijn rode kleur geeft. Het magma verzamelt zich in een magmakamer, een paar kilometer onder de vulkaan. Elk neuron heeft een cellichaam, een axon en meerdere dendrieten. Het bloed bevat plasma, een vloeistof en de bloedcellen. Je schrijft broncode in LaTeX markup, een compiler genereert een PDF.",
    );
    expect(definitions(dutch, "nl", () => true).map((pair) => pair.term)).toEqual([
      "bloedplasma",
      "hemoglobine",
    ]);
  });

  it("reads a description before the term it renames, but not a list or a description with a verb", async () => {
    const dutch = await sentencesOf(
      "Langs de rivier bouwden de Romeinen een rij forten met een gracht, de limes. Ze kochten een paard, een koe, de geit. Hij kocht een koe, de geit en een schaap. Toen kwam er een zware storm, de ergste in jaren.",
    );
    // Before: nothing; "de limes" was only read when it came first ("de limes, een rij forten …").
    expect(definitions(dutch, "nl", () => true).map((pair) => [pair.term, pair.meaning, pair.form])).toEqual([
      ["limes", "een rij forten met een gracht", "apposition"],
    ]);
    const english = await sentencesOf(
      "Along the river the Romans built a line of forts and watchtowers, the limes. They bought a horse, a cow, the goat. The king built a wall that protected the city, the Long Wall, in 1200.",
    );
    expect(definitions(english, "en", () => true).map((pair) => [pair.term, pair.meaning])).toEqual([
      ["limes", "a line of forts and watchtowers"],
      ["Long Wall", "a wall that protected the city"],
    ]);
  });

  it("reads a definition told in the past, and no clause after a comma as a renaming", async () => {
    const dutch = await sentencesOf("De watergeuzen waren kapers die Spaanse schepen aanvielen.");
    // Before: nothing; only "is"/"zijn" made a definition.
    expect(definitions(dutch, "nl", () => true).map((pair) => [pair.term, pair.meaning])).toEqual([
      ["watergeuzen", "kapers die Spaanse schepen aanvielen"],
    ]);
    const english = await sentencesOf(
      "The longship was a ship that could sail far up rivers. Because the hull was shallow, a longship could land directly on a beach. Decisions were made at the thing, an assembly where free men met to make laws.",
    );
    // Before: also "shallow", meaning "a longship could land directly on a beach".
    expect(definitions(english, "en", () => true).map((pair) => [pair.term, pair.meaning])).toEqual([
      ["longship", "a ship that could sail far up rivers"],
      ["thing", "an assembly where free men met to make laws"],
    ]);
  });

  it('defines no general noun before "is": "The result is a spring tide"', async () => {
    const sentences = await sentencesOf(
      "The result is a spring tide, with very high high tides. A neap tide is a tide with a small tidal range.",
    );
    // Before: "result", meaning "a spring tide", and an objective "You can define “result”".
    expect(definitions(sentences, "en", () => true).map((pair) => pair.term)).toEqual(["neap tide"]);
  });

  it("names a term without its article, and not from a clause that only says when", async () => {
    const sentences = await sentencesOf(
      "Het gesmolten gesteente onder de grond heet het magma. Zodra magma het aardoppervlak bereikt, noemen we het lava.",
    );
    expect(definitions(sentences, "nl", () => true).map((pair) => pair.term)).toEqual(["magma"]);
  });
});

describe("subtopic titles", () => {
  async function titlesOf(markdown: string): Promise<string[]> {
    const { structure } = await generatedFrom(markdown);
    return structure.sections.flatMap((section) => section.subtopics.map((subtopic) => subtopic.title));
  }

  it("are not one word twice: not its plural, nor a compound of it", async () => {
    const titles = await titlesOf(BEES);
    const lowered = titles.map((title) => title.toLowerCase());
    // Before: "Werksters" and "Werkster" in one section, "Voedselbron" and "Bron" in the next.
    expect(lowered.filter((title) => title.startsWith("werkster"))).toHaveLength(1);
    expect(lowered.filter((title) => title.endsWith("bron"))).toHaveLength(1);
  });

  it("name what a paragraph opens with or defines, not a word it happens to repeat", async () => {
    const dutch = await titlesOf(
      [
        "# Afweer",
        "## Aangeboren afweer",
        "Bij een ontsteking verwijden de bloedvaten zich. Daardoor stroomt er meer bloed naar de plek van de infectie. Door de zwelling komen witte bloedcellen gemakkelijker bij de plek van de infectie.",
        "",
        "Fagocyten zijn witte bloedcellen die bacteriën insluiten. Dit proces noemen we fagocytose. Het proces werkt snel, maar maakt geen onderscheid tussen bacteriën.",
        "",
        "## Specifieke afweer",
        "T-cellen spelen een andere rol. Cytotoxische T-cellen doden geïnfecteerde cellen. Het duurt enkele dagen voordat deze reactie op volle kracht is, want de cellen moeten zich eerst vermenigvuldigen.",
        "",
        "Na een infectie blijven geheugencellen achter. Bij een tweede besmetting reageren deze cellen veel sneller.",
      ].join("\n"),
    );
    // Before: "Bloedvaten" (a word the paragraph repeats) and "Volle kracht" (a rare phrase).
    expect(dutch[0]).toBe("Ontsteking");
    expect(dutch[1]).toMatch(/^Fagocyt/);
    expect(dutch[2]).toBe("T-cellen");
    const english = await titlesOf(
      [
        "# Markets",
        "## Supply",
        "Supply is the quantity that sellers offer at each price. Higher prices make production more profitable, so firms produce more.",
        "",
        "The supply curve slopes upward. Changes in production costs shift the supply curve. New technology lowers the cost of each unit.",
      ].join("\n"),
    );
    expect(english).toContain("Supply curve");
  });

  it("names a passage after what it is about, not a fronted time or a sentence whose 'het' points back", async () => {
    const titles = await titlesOf(
      [
        "# Zenuwstelsel",
        "## Twee delen",
        "Het sympathische zenuwstelsel maakt het lichaam klaar voor actie. Bij schrik stijgt de hartslag.",
        "",
        "Na een maaltijd wordt de spijsvertering gestimuleerd. De darmen bewegen het voedsel verder.",
        "",
        "## Ruggenmerg",
        "Het ruggenmerg verbindt de hersenen met de rest van het lichaam. Zo bereiken signalen elk deel van het lichaam.",
        "",
        "Het ligt beschermd in de wervelkolom. Een dwarslaesie ontstaat wanneer het ruggenmerg zwaar beschadigd is.",
      ].join("\n"),
    );
    expect(titles).toContain("Spijsvertering");
    expect(titles).toContain("Dwarslaesie");
    expect(titles).not.toContain("Maaltijd");
    expect(titles).not.toContain("Wervelkolom");
  });

  it("never name a passage after an example, a ranking word or an adjective alone", async () => {
    const titles = await titlesOf(
      [
        "# Vulkanen",
        "## Soorten",
        "Niet elke uitbarsting verloopt op dezelfde manier. Dunne lava stroomt rustig uit de krater. Zulke uitbarstingen zijn typisch voor schildvulkanen, zoals de vulkanen op Hawaï.",
        "",
        "De meeste vulkanen liggen op de grenzen van platen. Bij een explosieve uitbarsting kan een pyroclastische stroom ontstaan. Een pyroclastische stroom is een gloeiend hete wolk van gas en as. In het jaar 79 begroef zo'n stroom de stad Pompeji.",
      ].join("\n"),
    );
    expect(titles).not.toContain("Hawaï");
    expect(titles.some((title) => /^(Meeste|Pyroclastische$)/u.test(title))).toBe(false);
    expect(titles).toContain("Pyroclastische stroom");
  });

  it("prefer a phrase that names what a passage teaches over a bare word it mentions once", async () => {
    const dutch = await titlesOf(
      [
        "# De Romeinen",
        "## De grens",
        "Rond het begin van de jaartelling veroverden de Romeinen het zuiden van Nederland. De Rijn werd de noordgrens van het Romeinse Rijk.",
        "",
        "Soldaten bewaakten de grens tegen Germaanse stammen. De grens was een verdedigingslinie langs de rivier.",
      ].join("\n"),
    );
    // Before: "Begin", the head of a time ("Rond het begin van de jaartelling").
    expect(dutch[0]).not.toMatch(/^(Begin|Jaartelling|Zuiden|Noordgrens)$/u);
    const english = await titlesOf(
      [
        "# Revolution",
        "## The Terror",
        "In 1792 France became a republic, and a year later the king was executed. Foreign armies threatened the country, and the new government feared enemies at home.",
        "",
        "Thousands of opponents were executed. The Terror ended in 1794, when Robespierre himself was arrested and executed.",
      ].join("\n"),
    );
    // Before: "King", a word the passage uses once.
    expect(english[0]).toBe("New government");
  });

  it("never take a Dutch name and its verb for a modifier and a noun", async () => {
    const titles = await titlesOf(
      [
        "# Handel",
        "## Markten",
        "De Romeinen legden wegen aan tussen de forten. Over de wegen werden goederen naar de markten vervoerd. Handelaren verkochten daar graan en wijn.",
        "",
        "Boeren uit de omgeving brachten graan naar de forten. Veel boeren werden welvarender.",
      ].join("\n"),
    );
    // Before: "Romeinen legden wegen".
    expect(titles.filter((title) => /legden/u.test(title))).toEqual([]);
    const named = await titlesOf(
      [
        "# Opstand",
        "## Oranje",
        "Willem van Oranje vluchtte naar Duitsland toen Alva kwam. Hij verzamelde daar een groot leger. De eerste veldtochten mislukten. Oranje had te weinig geld voor zijn soldaten.",
        "",
        "Alva probeerde de opstandige steden terug te winnen. De geuzen braken de dijken door. Leiden werd in 1574 lang belegerd. Het Spaanse leger trok zich daarna terug.",
      ].join("\n"),
    );
    // Before: "Oranje vluchtte", read as an adjective in -e before a noun.
    expect(named.filter((title) => /vluchtte/u.test(title))).toEqual([]);
  });
});

describe("wrong options", () => {
  /** The wrong options of every fill-in question whose answer is no time. */
  async function optionsOf(markdown: string): Promise<string[][]> {
    const { structure, sources, topic } = await generatedFrom(markdown);
    const { chapters } = await generateCourse(topic, structure, sources, extractiveProvider());
    return chapters
      .flatMap((chapter) => chapterItems(chapter).questions)
      .filter((question) => question.stem.includes("___"))
      .filter((question) => !TIMES.test(question.options[question.correct_option] ?? ""))
      .map((question) => question.options.filter((_, index) => index !== question.correct_option));
  }
  const TIMES = /(begin|beginning|jaartelling|eeuw|century)$/u;

  it("are no time for a thing, and never a word that only points into a longer phrase", async () => {
    const dutch = await optionsOf(
      [
        "# De Romeinen",
        "## De grens",
        "Rond het begin van de jaartelling veroverden de Romeinen het zuiden van Nederland. In de eerste eeuw werd de Rijn de noordgrens van het rijk. Het leger bewaakte de grens met veel soldaten.",
        "",
        "Langs de rivier bouwden de soldaten forten en wachttorens. De limes was een verdedigingslinie die de rivier als natuurlijke grens gebruikte. Boeren uit de omgeving verkochten graan aan het leger. Over de rivier voeren schepen met voedsel naar de forten.",
      ].join("\n"),
    );
    const english = await optionsOf(
      [
        "# Rome",
        "## The border",
        "At the beginning of the first century the Romans conquered the south of the country. During that century the river became the northern border of the empire.",
        "",
        "Along the river the soldiers built forts and watchtowers. The limes was a line of defence that used the river as a natural border. Farmers from the surroundings sold grain to the army.",
      ].join("\n"),
    );
    // Blanks need a key term (used twice, defined, several words or in a title), which these short
    // texts hardly repeat; the rule is checked over every blank they and the bee text give.
    const bees = await optionsOf(BEES);
    expect(dutch.length + english.length + bees.length).toBeGreaterThan(0);
    // Before: "het begin", "de jaartelling" and "de omgeving" were offered beside "voedsel".
    for (const options of [...dutch, ...english, ...bees]) {
      expect(
        options.filter((option) => TIMES.test(option) || /(omgeving|surroundings)$/u.test(option)),
      ).toEqual([]);
    }
  });

  it("never name the answer's own head: a compound is a kind of its last part", async () => {
    const { structure, sources, topic } = await generatedFrom(BEES);
    const { chapters } = await generateCourse(topic, structure, sources, extractiveProvider());
    const heads = chapters
      .flatMap((chapter) => chapterItems(chapter).questions)
      .filter((question) => question.stem.includes("___"))
      .map((question) => question.options.map((option) => option.split(" ").at(-1) ?? ""));
    expect(heads.some((options) => options.includes("bron"))).toBe(true);
    // Before: "de bron" beside "de voedselbron", where both are right.
    for (const options of heads)
      expect(options.includes("voedselbron") && options.includes("bron")).toBe(false);
  });

  it('never blank or offer the noun of a connective ("as a result", "als gevolg")', async () => {
    const items = await questionsFrom(
      [
        "# Tides",
        "## The Moon",
        "Tides are caused mainly by the gravity of the Moon. The Moon pulls hardest on the side of the Earth that faces it. As the Earth turns, each coast passes through both bulges.",
        "",
        "Because the Moon also moves along its orbit, a coast needs about fifty minutes longer than a full day to catch up with it. As a result, high tide comes almost an hour later each day. In addition, the Sun pulls on the oceans.",
      ].join("\n"),
    );
    expect(items.length).toBeGreaterThan(0);
    // Before: "As ___, high tide comes almost an hour later each day." with "a result" as the answer.
    for (const question of items) {
      expect(question.options.filter((option) => /\b(result|addition)$/u.test(option))).toEqual([]);
    }
  });

  it("never blank or offer a word the text only writes as part of a longer name", async () => {
    const items = await questionsFrom(
      [
        "# Plots",
        "## Intervals",
        "The grammar of graphics underlies many plotting toolkits. Popular toolkits provide error bars for points and uncertainty bands for lines. Research has developed alternatives such as gradient plots, fan charts and eye plots.",
        "",
        "Error bars show an interval around an estimate. A gradient plot fades the interval out instead of cutting it off. Fan charts stack several intervals around one estimate. Eye plots mirror a density around an interval.",
        "",
        "## Distributions",
        "A Student-t interval is close to a Normal interval when there are many degrees of freedom. With few degrees of freedom the Student-t interval is much wider than the Normal interval. The grammar of graphics maps data onto the aesthetics of a plot.",
        "",
        "Quantile dotplots show a distribution as a set of dots. Each dot in a quantile dotplot stands for an equal share of the probability. Density plots show the same distribution as a smooth curve.",
      ].join("\n"),
    );
    expect(items.length).toBeGreaterThan(0);
    // graded: "The ___ of graphics is ubiquitous" (grammar), and "low degrees" beside "error bars";
    // before: "The grammar of ___ underlies many plotting toolkits."
    for (const question of items) {
      expect(question.stem).not.toMatch(/___ of (graphics|freedom)|grammar of ___/u);
      expect(
        question.options.filter((option) => /^(grammar|graphics|degrees|few degrees)$/u.test(option)),
      ).toEqual([]);
    }
  });

  it("are places beside a place the text names", async () => {
    const { structure, sources, topic } = await generatedFrom(
      [
        "# The Vikings",
        "## Raids",
        "In 793 Vikings attacked the monastery of Lindisfarne on the coast of England. Monasteries were easy targets, because they held gold and silver but had no soldiers to defend them. News of the attack shocked Christian Europe. In the following decades Viking fleets raided towns in England, France and Ireland, and in 845 they even sailed up the Seine to Paris.",
        "",
        "The Vikings were also skilled traders. They sold furs, walrus ivory, amber and slaves, and bought silver, wine, silk and spices. Swedish Vikings travelled along the rivers of Russia as far as Constantinople and Baghdad. Large trading towns grew up, such as Hedeby in Denmark and Birka in Sweden.",
      ].join("\n"),
    );
    const { chapters } = await generateCourse(topic, structure, sources, extractiveProvider());
    const raided = chapters
      .flatMap((chapter) => chapterItems(chapter).questions)
      .find((question) => question.stem.includes("on the coast of ___"));
    // Before: Lindisfarne, Russia and Denmark, as they came; now Denmark and Sweden, written "in …".
    // (The list "towns in England, France and Ireland" is no longer blanked: a list item is trivia.)
    expect(raided?.options).toEqual(expect.arrayContaining(["England", "Denmark", "Sweden"]));
  });
});

describe("names", () => {
  it("never blanks or offers one part of a longer name", async () => {
    const markdown = [
      "# De Gouden Eeuw",
      "## Kunst",
      "Rembrandt van Rijn en Johannes Vermeer schilderden portretten voor rijke burgers. De welvaart trok schilders naar Amsterdam. Rijke burgers gaven schilders opdrachten voor portretten.",
      "",
      "Kooplieden brachten specerijen uit Azië naar Amsterdam. De handel met Azië maakte Amsterdam rijk. Schepen haalden graan uit de Oostzee naar Amsterdam.",
      "## Wetenschap",
      "Christiaan Huygens vond de slingerklok uit. Met de slingerklok kon de tijd nauwkeurig worden gemeten. Geleerden in Leiden bestudeerden de planeten en de sterren.",
    ].join("\n");
    const ingested = await ingestSource({
      id: "s",
      kind: "markdown",
      file_name: "eeuw.md",
      file_path: null,
      content: markdown,
    });
    const sources = [{ id: "s", kind: "markdown" as const, file_name: "eeuw.md", chunks: ingested.chunks }];
    const topic = { title: "De Gouden Eeuw", description: null };
    const provider = extractiveProvider();
    const { structure } = await generateStructure({ ...topic, variant: 0 }, sources, provider);
    const { chapters } = await generateCourse(topic, structure, sources, provider);
    const questions = chapters.flatMap((chapter) => chapterItems(chapter).questions);
    expect(questions.length).toBeGreaterThan(0);
    for (const question of questions) {
      expect(question.stem).not.toContain("van ___");
      expect(question.options).not.toContain("Rijn");
    }
  });

  it("puts the sentence a pronoun points to before a blank, and cites both", async () => {
    const { structure, sources, topic } = await generatedFrom(
      [
        "# Zenuwen",
        "## Synapsen",
        "Tussen twee neuronen zit een kleine ruimte, de synaps. Neurotransmitters zijn chemische stoffen die het signaal over de synaps dragen. Ze binden aan receptoren op de volgende cel. Dopamine en serotonine zijn bekende neurotransmitters.",
        "",
        "Een tekort aan dopamine speelt een rol bij de ziekte van Parkinson. Sommige medicijnen remmen de afbraak van neurotransmitters in de synaps.",
        "",
        // Room in the course shape (one card per two statements) for the blank this test looks for.
        "Na het signaal neemt de zendende cel veel neurotransmitters weer op. Die heropname maakt de synaps vrij voor een nieuw signaal.",
      ].join("\n"),
    );
    const { chapters } = await generateCourse(topic, structure, sources, extractiveProvider());
    // The blank may fall on any key term of the sentence ("receptoren" is named once, so not on it).
    const blanks = JSON.stringify(chapters).match(/[^"„“]*Ze binden aan [^"”]*___[^"”]*/gu) ?? [];
    expect(blanks.length).toBeGreaterThan(0);
    for (const blank of blanks) {
      expect(blank).toContain(
        "Neurotransmitters zijn chemische stoffen die het signaal over de synaps dragen. Ze binden",
      );
    }
  });

  // Every blank of the chapters' questions and cards, as the learner reads them.
  async function blanksOf(markdown: readonly string[]): Promise<string[]> {
    const { structure, sources, topic } = await generatedFrom(markdown.join("\n"));
    const { chapters } = await generateCourse(topic, structure, sources, extractiveProvider());
    return JSON.stringify(chapters).match(/[^"„“]*___[^"”]*/gu) ?? [];
  }

  it("blanks nothing in an example sentence, whose details illustrate rather than teach", async () => {
    const blanks = await blanksOf([
      "# Revolution",
      "## The Terror",
      "In 1792 France became a republic, and a year later the king was executed. Foreign armies threatened the country, and the new government feared enemies at home. The Committee of Public Safety began the Reign of Terror. The revolutionary tribunals, for example, sent thousands of suspected opponents to the guillotine. The Terror ended in 1794, when the leaders of the Committee of Public Safety were arrested and executed.",
      "## Napoleon",
      "The weak government that followed could not bring stability. In 1799 the general Napoleon Bonaparte seized power in a coup. He later crowned himself emperor. Napoleon kept some ideas of the Revolution in the Civil Code. The Civil Code still shapes the law of many European countries today.",
    ]);
    expect(blanks.length).toBeGreaterThan(0);
    expect(blanks.filter((text) => text.includes("for example"))).toEqual([]);
  });

  it("never blanks a Dutch infinitive used as a noun: an activity, not a term", async () => {
    const blanks = await blanksOf([
      "# Bronnen beheren",
      "## Bibliografische databank",
      "Een bibliografische databank houdt de gegevens van gelezen bronnen gestructureerd bij. JabRef is een bibliografische databank die bij uitstek geschikt is voor het werken met LaTeX. Het werken met een bibliografische databank bespaart tijd bij het schrijven van een bachelorproef. Een bibliografische databank maakt de literatuurlijst automatisch op.",
      "",
      "Bij elke bron bewaar je in de databank de auteur, de titel en het jaartal. Zonder die gegevens kan de databank geen correcte literatuurlijst maken.",
      "## APA-stijl",
      "De APA-stijl legt vast hoe een literatuurlijst en verwijzingen in de tekst eruitzien. Het gebruik van de APA-stijl is verplicht voor elke bachelorproef. Het sjabloon voor de bachelorproef past de APA-stijl automatisch toe.",
      "",
      "De APA-stijl komt van de American Psychological Association. Een verwijzing in de tekst noemt de auteur en het jaartal van de bron.",
    ]);
    expect(blanks.length).toBeGreaterThan(0);
    expect(blanks.filter((text) => /het ___ met/u.test(text))).toEqual([]);
  });

  it("never blanks a first name before a surname", async () => {
    const blanks = await blanksOf([
      "# Revolution",
      "## The Terror",
      "In 1792 France became a republic, and a year later the king was executed. Foreign armies threatened the country, and the new government feared enemies at home. The Committee of Public Safety, led by Maximilien Robespierre, began the Reign of Terror. Thousands of suspected opponents were executed by the guillotine. The Terror ended in 1794, when Robespierre himself was arrested and executed.",
      "## Napoleon",
      "The weak government that followed could not bring stability. In 1799 the general Napoleon Bonaparte seized power in a coup. He later crowned himself emperor. Napoleon kept some ideas of the Revolution, such as equality before the law, which he laid down in the Civil Code. The Civil Code still shapes the law of many European countries today.",
    ]);
    expect(blanks.length).toBeGreaterThan(0);
    expect(blanks.filter((text) => text.includes("___ Bonaparte"))).toEqual([]);
  });
});

describe("issue 22: fewer items, every one true", () => {
  const MISSPELLED = [
    "# Onderscheid",
    "## Direct onderscheid",
    "Direct onderscheid betekent dat een algoritme een discriminatiegrond als variabele gebruikt. Een discriminatiegrond is bijvoorbeeld geloof, ras of geslacht. Direct onderscheid is in veel gevallen niet toegestaan door de wet.",
    "",
    "Het onderscheid ontstaat vaak in de gegevens waarmee een algoritme leert. Ongewenst onderscheid kan leiden tot discrimerende effecten van een algoritme.",
    "## Indirect onderscheid",
    "Bij indirect onderscheid lijkt het algoritme neutraal of eerlijk. Toch worden bepaalde groepen anders behandeld, en dat kan leiden tot discrimerende effecten. Discriminerende effecten moet je altijd voorkomen, want discriminatie is verboden.",
    "",
    "Het indirecte onderscheid zit vaak in een variabele zoals postcode of inkomen. Een organisatie moet het onderscheid daarom steeds controleren.",
    "## Tip",
    "Wil je meer weten over discriminatie door algoritmes? Lees dan de handreiking van het ministerie over algoritmes en discriminatie.",
  ].join("\n");

  async function chaptersOf(markdown: string) {
    const { structure, sources, topic } = await generatedFrom(markdown);
    const { chapters } = await generateCourse(topic, structure, sources, extractiveProvider());
    return { structure, chapters };
  }

  it("never quotes the author speaking of themselves, whose words the recap's expert would claim", async () => {
    const { chapters } = await chaptersOf(
      [
        "# Uncertainty",
        "## Distributions",
        "In 2020 I spun off the visualization components of tidybayes into a new package called ggdist. A distribution describes every value a quantity can take and how likely each value is. My ambition is that the grammar of graphics expresses every uncertainty visualization.",
        "",
        "## Intervals",
        "An interval is a range of values that holds a stated share of a distribution. Along the way, I’ll discuss intervals from any distribution. A quantile interval takes its endpoints from the quantiles of a distribution.",
      ].join("\n"),
    );
    const texts = chapters.flatMap((chapter) => {
      const items = chapterItems(chapter);
      const slides = chapter.activities.flatMap((activity) =>
        activity.kind === "overview" ? activity.payload.slides.flatMap((slide) => slide.bullets) : [],
      );
      return [...chapterTexts(items), ...items.cards.map((card) => card.hint ?? ""), ...slides];
    });
    expect(texts.join(" ")).toMatch(/quantile interval/u);
    expect(texts.filter((text) => /\b(?:I|my)\b|I’ll/u.test(text))).toEqual([]);
  });

  it("shows no study text that continues or points at a sentence it does not show", async () => {
    const { chapters } = await chaptersOf(
      [
        "# Onderscheid",
        "## Uitzonderingen",
        "Of je hebt een goede reden voor het onderscheid tussen groepen mensen. Daarom moet je het onderscheid altijd kunnen uitleggen aan de betrokken burgers. Maar dat geldt niet voor elk algoritme van de gemeente.",
        "",
        "## Toezicht",
        "Een toezichthouder controleert of een organisatie zich aan de wet houdt. Een toezichthouder mag daarvoor gegevens opvragen bij de organisatie.",
      ].join("\n"),
    );
    const texts = blockTexts(chapters, "text");
    expect(texts).toContain("Een toezichthouder controleert of een organisatie zich aan de wet houdt.");
    expect(texts.join(" ")).not.toMatch(/Of je hebt|Daarom moet|Maar dat geldt/u);
  });

  it("shows as an example only whole prose that points nowhere else", async () => {
    const { chapters } = await chaptersOf(
      [
        "# Beveiliging",
        "## Android",
        "De sleutels worden elke dag vervangen door nieuwe sleutels. Er is geen beveiliging voor de sleutels zoals beschreven bij Apple. Een app bewaart bijvoorbeeld alleen de sleutels van de laatste veertien dagen.",
        "",
        "## Intervals",
        "An interval summarises where most of a distribution lies. For example, a median interval could be defined on any distribution M as follows: median(M) → x. A 95% interval, for example, holds most of the probability mass.",
      ].join("\n"),
    );
    const examples = blockTexts(chapters, "example");
    expect(examples).toContain(
      "Een app bewaart bijvoorbeeld alleen de sleutels van de laatste veertien dagen.",
    );
    expect(examples.join(" ")).not.toMatch(/zoals beschreven|→/u);
  });

  it("asks each term at most once per chapter", async () => {
    const { chapters } = await chaptersOf(MISSPELLED);
    for (const chapter of chapters) {
      const json = JSON.stringify(chapter.activities);
      expect(json).not.toMatch(/"a":"discrimerende/u);
      const practice = chapter.activities.find((activity) => activity.kind === "practice");
      const cards =
        (practice?.payload as { cards: Array<{ q: string; a: string }> } | undefined)?.cards ?? [];
      const blanked = cards.filter((card) => card.q.includes("___")).map((card) => card.a.toLowerCase());
      expect(blanked.length).toBeGreaterThan(0);
      expect(new Set(blanked).size).toBe(blanked.length);
    }
  });

  it("never states a list item its lead-in frames on its own: not in slides, items, study text or recap", async () => {
    const items = [
      "Talk with contempt about any programming tool that your learners use in their daily work.",
      "Dive into detailed technical discussion with the one expert learner in the workshop audience.",
      "Take over the keyboard of a learner whose code fails to run during the workshop exercise.",
    ];
    const { chapters } = await chaptersOf(
      [
        "# Teaching workshops",
        "## Motivation",
        "Motivated learners keep practising after a workshop ends. Motivation grows when learners see the use of a programming tool in their daily work. An instructor who shows enthusiasm for a tool motivates the learners in the workshop.",
        "",
        "## Harmful habits",
        "Experts develop strong opinions about programming tools over the years. Showy technical remarks impress other experts but discourage learners in a workshop. Here are a few things you should never do in your workshop:",
        "",
        ...items.map((item) => `- ${item} Learners lose their motivation when an instructor does this.`),
        "",
        "Instructors who avoid these habits keep their learners motivated in the workshop.",
      ].join("\n"),
    );
    // What the learner reads as taught, not the citations that quote the source lines.
    const written = JSON.stringify(
      chapters.map((chapter) => chapter.activities),
      (key, value) => (key === "citations" ? undefined : value),
    );
    expect(written).toContain("Motivated learners");
    for (const item of items) expect(written).not.toContain(item.slice(0, 40));
    expect(written).not.toContain("when an instructor does this");
  });

  it("does not make a chapter of a box labelled 'Tip'", async () => {
    const { structure } = await chaptersOf(MISSPELLED);
    expect(structure.sections.map((section) => section.title)).not.toContain("Tip");
    expect(
      structure.sections.flatMap((section) => section.subtopics.map((subtopic) => subtopic.title)),
    ).not.toContain("Tip");
  });

  it("asks the study question about a sentence the study text has not just shown", async () => {
    const { chapters } = await chaptersOf(MISSPELLED);
    for (const chapter of chapters) {
      const study = chapter.activities.find((activity) => activity.kind === "study");
      const blocks =
        (
          study?.payload as
            | {
                blocks: Array<{
                  type: string;
                  content: string;
                  question: { stem: string } | null;
                  subtopic_id: string;
                }>;
              }
            | undefined
        )?.blocks ?? [];
      for (const qa of blocks.filter((block) => block.type === "qa")) {
        const shown = blocks.filter((block) => block.subtopic_id === qa.subtopic_id && block.type !== "qa");
        for (const block of shown) {
          const sentence = block.content.replace(/[.!?]$/u, "");
          expect(qa.question?.stem.replace("___", "")).not.toContain(sentence.slice(0, 40));
        }
      }
    }
  });
});

// An answer or option with a word that looks like the source's misspelling is never made: each row is
// a phrase, the source it comes from, and whether it is refused.
describe("hasMisspelling", () => {
  const source =
    "Ongewenst onderscheid kan leiden tot discrimerende effecten. Wie algoritmes gebruikt, moet discriminerende effecten voorkomen. Discriminatie is verboden, want met algoritmes kun je discrimineren.";
  const rows: [string, boolean][] = [
    ["discrimerende effecten", true],
    ["discriminerende effecten", false],
    ["ongewenst onderscheid", false],
    ["algoritmes", false],
  ];
  it.each(rows)("%j → %s", (phrase, expected) => {
    const context = { language: "nl", sourceWords: new Set(words(source)) } as unknown as ItemContext;
    expect(hasMisspelling(phrase, context)).toBe(expected);
  });
});
