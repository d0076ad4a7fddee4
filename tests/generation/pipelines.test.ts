import { afterAll, describe, expect, it } from "vitest";
import { ACTIVITY_KINDS, activitySchema } from "../../src/domain/activity-payload.ts";
import type { Citation } from "../../src/domain/citation.ts";
import { type Structure, structureCitations, structureSchema } from "../../src/domain/structure.ts";
import { foreignMarkdown } from "../../trigger/generation/fixtures/languages.ts";
import {
  dutchDocx,
  dutchMarkdown,
  englishPasted,
  englishPdf,
  type Fixture,
} from "../../trigger/generation/fixtures/sources.ts";
import { runCourseGeneration, runStructureGeneration } from "../../trigger/generation/index.ts";
import { type GenerationTopic, GenerationWorld } from "./support.ts";

const world = new GenerationWorld();
afterAll(() => world.close());

interface ChunkRow {
  id: string;
  source_id: string;
  file_path: string | null;
  file_name: string;
  page_number: number | null;
  line_start: number;
  line_end: number;
  content: string;
}

async function chunksOf(topicId: string): Promise<ChunkRow[]> {
  const { rows } = await world.db.query<ChunkRow>(
    `select id, source_id, file_path, file_name, page_number, line_start, line_end, content
     from public.source_chunks where topic_id = $1 order by id`,
    [topicId],
  );
  return rows;
}

async function topicRow(topicId: string) {
  const { rows } = await world.db.query<{
    structure: Structure | null;
    processing_status: string | null;
    processing_progress: number;
    processing_error: string | null;
  }>(
    "select structure, processing_status, processing_progress, processing_error from public.topics where id = $1",
    [topicId],
  );
  return rows[0];
}

/** The citation quotes stored chunk lines, and those are the lines a reader sees in the source file. */
function expectGrounded(
  citation: Pick<Citation, "chunk_id" | "file_path" | "page_number" | "line_start" | "line_end"> & {
    exactLines?: string[];
  },
  chunks: readonly ChunkRow[],
  fixtures: readonly Fixture[],
) {
  const chunk = chunks.find((candidate) => candidate.id === citation.chunk_id);
  expect(chunk, `chunk ${citation.chunk_id}`).toBeDefined();
  if (!chunk) return;
  expect(citation.file_path).toBe(chunk.file_path);
  expect(citation.page_number).toBe(chunk.page_number);
  expect(citation.line_start).toBeGreaterThanOrEqual(chunk.line_start);
  expect(citation.line_end).toBeLessThanOrEqual(chunk.line_end);
  const stored = chunk.content
    .split("\n")
    .slice(citation.line_start - chunk.line_start, citation.line_end - chunk.line_start + 1);
  const fixture = fixtures.find((candidate) => candidate.input.file_name === chunk.file_name);
  const seen = fixture?.lines.get(chunk.page_number)?.slice(citation.line_start, citation.line_end + 1);
  expect(stored).toEqual(seen);
  if (citation.exactLines) expect(citation.exactLines).toEqual(stored);
}

async function generateStructure(topic: GenerationTopic) {
  const reported: Array<{ pct: number; onRow: number | undefined }> = [];
  const output = await runStructureGeneration(world.service, { topicId: topic.topicId }, async (pct) => {
    reported.push({ pct, onRow: (await topicRow(topic.topicId))?.processing_progress });
  });
  return { output, reported };
}

async function accept(topicId: string) {
  await world.db.query(
    "update public.topics set processing_status = 'completed', processing_progress = 100 where id = $1",
    [topicId],
  );
}

describe("runStructureGeneration", () => {
  it("ingests PDF, Word, Markdown and pasted sources and writes a grounded structure for review", async () => {
    const fixtures = [await englishPdf(), await dutchDocx(), dutchMarkdown(), englishPasted()];
    const topic = await world.topic(fixtures, { title: "Natuur", description: "Planten, water en afweer." });
    const { output, reported } = await generateStructure(topic);

    expect(output.status).toBe("generated");
    expect(output.sources).toEqual({ ingested: 4, failed: 0 });
    expect(output.citations.dropped).toBe(0);
    expect(reported[0]?.pct).toBe(1);
    expect(reported.at(-1)?.pct).toBe(100);
    expect(reported.map((entry) => entry.pct)).toEqual(
      [...reported.map((entry) => entry.pct)].sort((a, b) => a - b),
    );
    for (const entry of reported.slice(0, -1)) expect(entry.onRow).toBe(entry.pct);

    const row = await topicRow(topic.topicId);
    expect(row?.processing_status).toBe("awaiting_structure_review");
    expect(row?.processing_progress).toBe(100);
    expect(row?.processing_error).toBeNull();
    const structure = structureSchema.parse(row?.structure);
    expect(structure.title).toBe("Natuur");
    expect(structure.sections.map((section) => section.title)).toEqual(
      expect.arrayContaining(["Light and pigments", "Aangeboren afweer", "Verdamping"]),
    );

    const chunks = await chunksOf(topic.topicId);
    expect(new Set(chunks.map((chunk) => chunk.source_id))).toEqual(new Set(topic.sourceIds));
    expect(
      chunks.filter((chunk) => chunk.file_name === "photosynthesis.pdf").map((chunk) => chunk.page_number),
    ).toContain(3);
    const citations = structureCitations(structure);
    expect(citations.length).toBe(output.citations.verified);
    for (const citation of citations) expectGrounded(citation, chunks, fixtures);

    const { rows: sources } = await world.db.query(
      "select status, error from public.topic_sources where topic_id = $1",
      [topic.topicId],
    );
    expect(sources.every((source) => source.status === "ingested" && source.error === null)).toBe(true);
  }, 90_000); // four sources, each read in its own child process: slow on a busy machine

  it("replaces instead of duplicating when it runs again", async () => {
    const topic = await world.topic([await englishPdf(), dutchMarkdown()]);
    const first = await generateStructure(topic);
    const chunksBefore = await chunksOf(topic.topicId);
    const structureBefore = (await topicRow(topic.topicId))?.structure;

    const second = await generateStructure(topic);
    expect(second.output.chunks).toEqual({ total: first.output.chunks.total, inserted: 0, deleted: 0 });
    expect(await chunksOf(topic.topicId)).toEqual(chunksBefore);
    expect((await topicRow(topic.topicId))?.structure).toEqual(structureBefore);
  });

  it("marks an unreadable file failed and names it, still building from the readable ones", async () => {
    const broken: Fixture = {
      ...(await englishPdf()),
      input: {
        ...(await englishPdf()).input,
        file_name: "broken.pdf",
        content: new TextEncoder().encode("%PDF-1.4 nonsense"),
      },
    };
    const topic = await world.topic([broken, dutchMarkdown()]);
    const { output } = await generateStructure(topic);

    expect(output.status).toBe("generated");
    expect(output.sources).toEqual({ ingested: 1, failed: 1 });
    const row = await topicRow(topic.topicId);
    expect(row?.processing_status).toBe("awaiting_structure_review");
    expect(row?.processing_error).toContain('"broken.pdf" could not be read as a PDF');
    const { rows } = await world.db.query<{ file_name: string; status: string; error: string | null }>(
      "select file_name, status, error from public.topic_sources where topic_id = $1 order by file_name",
      [topic.topicId],
    );
    expect(rows.map((source) => [source.file_name, source.status])).toEqual([
      ["broken.pdf", "failed"],
      ["waterkringloop.md", "ingested"],
    ]);
    expect(rows[0]?.error).toContain("broken.pdf");
  });

  it("fails the topic with a readable error when no source can be read", async () => {
    const pdf = await englishPdf();
    const topic = await world.topic([
      {
        ...pdf,
        input: { ...pdf.input, file_name: "scan.pdf", content: new TextEncoder().encode("not a pdf") },
      },
    ]);
    const { output } = await generateStructure(topic);
    expect(output.status).toBe("failed");
    const row = await topicRow(topic.topicId);
    expect(row?.processing_status).toBe("failed");
    expect(row?.processing_error).toContain('"scan.pdf" could not be read as a PDF');
    expect(row?.structure).toBeNull();
  });

  it("fails the topic with a plain message when its source is in a language the offline generator does not write", async () => {
    const topic = await world.topic([foreignMarkdown("de")], { title: "Der Wasserkreislauf" });
    const { output } = await generateStructure(topic);
    expect(output.status).toBe("failed");
    expect(output.provider.provider).toBe("extractive");
    const row = await topicRow(topic.topicId);
    expect(row?.processing_status).toBe("failed");
    expect(row?.processing_error).toBe(
      "This source is in German. The offline generator writes only Dutch and English; an admin of your " +
        "organisation can connect a language model (Account settings → Language model) to teach it.",
    );
    expect(row?.structure).toBeNull();
  });

  it("builds a topic without sources from its title and description, with no citations", async () => {
    const topic = await world.topic([], { title: "Sterrenkunde", description: "De planeten en de sterren." });
    const { output } = await generateStructure(topic);
    expect(output.status).toBe("generated");
    const structure = structureSchema.parse((await topicRow(topic.topicId))?.structure);
    expect(structure.title).toBe("Sterrenkunde");
    expect(structure.sections.length).toBeGreaterThan(0);
    expect(structureCitations(structure)).toEqual([]);
  });

  it("leaves an accepted structure alone", async () => {
    const topic = await world.topic([dutchMarkdown()]);
    await generateStructure(topic);
    await accept(topic.topicId);
    const before = await topicRow(topic.topicId);
    const { output } = await generateStructure(topic);
    expect(output.status).toBe("skipped");
    expect(await topicRow(topic.topicId)).toEqual(before);
  });
});

// A course run takes 15–25 s on a busy machine, and some tests here make two.
describe("runCourseGeneration", { timeout: 120_000 }, () => {
  async function courseTopic() {
    const fixtures = [await englishPdf(), dutchMarkdown()];
    const topic = await world.topic(fixtures, { title: "Natuur" });
    await generateStructure(topic);
    await accept(topic.topicId);
    return { topic, fixtures };
  }

  const payload = (topic: GenerationTopic) =>
    ({
      topicId: topic.topicId,
      createdBy: topic.userId,
      title: "Mijn leerpad",
      publish: false,
      mode: "refresh",
    }) as const;

  it("writes the requester's unpublished course: a chapter per section, six grounded activities each", async () => {
    const { topic, fixtures } = await courseTopic();
    const reported: number[] = [];
    const output = await runCourseGeneration(world.service, payload(topic), async (pct) => {
      reported.push(pct);
    });
    expect(reported.at(-1)).toBe(100);
    expect(output.citations.dropped).toBe(0);

    const { rows: courses } = await world.db.query(
      "select id, title, published_at, created_by from public.courses where topic_id = $1",
      [topic.topicId],
    );
    expect(courses).toHaveLength(1);
    expect(courses[0]).toMatchObject({
      id: output.courseId,
      title: "Mijn leerpad",
      published_at: null,
      created_by: topic.userId,
    });

    const structure = structureSchema.parse((await topicRow(topic.topicId))?.structure);
    const { rows: chapters } = await world.db.query<{
      id: string;
      title: string;
      summary: string;
      position: number;
      section_id: string;
    }>(
      "select id, title, summary, position, section_id from public.chapters where course_id = $1 order by position",
      [output.courseId],
    );
    expect(chapters.map((chapter) => [chapter.position, chapter.section_id, chapter.title])).toEqual(
      structure.sections.map((section, index) => [index + 1, section.section_id, section.title]),
    );

    const chunks = await chunksOf(topic.topicId);
    for (const chapter of chapters) {
      const { rows: activities } = await world.db.query<{
        id: string;
        kind: string;
        title: string;
        position: number;
        payload: unknown;
      }>(
        "select id, kind, title, position, payload from public.activities where chapter_id = $1 order by position",
        [chapter.id],
      );
      // In the course's order; a mastery check only where the section leaves material for one
      // (trigger/generation/course-shape.ts).
      const kinds = activities.map((activity) => activity.kind);
      expect(kinds).toEqual(ACTIVITY_KINDS.filter((kind) => kinds.includes(kind)));
      expect(kinds).toEqual(expect.arrayContaining(["overview", "diagnostic", "study", "practice", "recap"]));
      for (const activity of activities) {
        activitySchema.parse(activity);
        const { rows: citations } = await world.db.query(
          "select chunk_id, source_url, file_path, page_number, line_start, line_end, snippet from public.activity_citations where activity_id = $1 order by id",
          [activity.id],
        );
        for (const citation of citations) {
          expect(citation.source_url).toBeNull();
          expectGrounded(citation, chunks, fixtures);
        }
      }
    }
    const { rows: counted } = await world.db.query<{ count: string }>(
      "select count(*) from public.activity_citations c join public.activities a on a.id = c.activity_id join public.chapters ch on ch.id = a.chapter_id where ch.course_id = $1",
      [output.courseId],
    );
    expect(Number(counted[0]?.count)).toBe(output.activityCitations);
    expect(output.activityCitations).toBeGreaterThan(0);
  });

  it("replaces the requester's previous draft on refresh", async () => {
    const { topic } = await courseTopic();
    const first = await runCourseGeneration(world.service, payload(topic), async () => {});
    const second = await runCourseGeneration(world.service, payload(topic), async () => {});
    expect(second.courseId).not.toBe(first.courseId);
    const { rows } = await world.db.query("select id, published_at from public.courses where topic_id = $1", [
      topic.topicId,
    ]);
    expect(rows).toEqual([{ id: second.courseId, published_at: null }]);
    const { rows: orphans } = await world.db.query(
      "select count(*)::int as n from public.chapters where course_id = $1",
      [first.courseId],
    );
    expect(orphans[0]?.n).toBe(0);
  });

  interface ActivityRow {
    id: string;
    section_id: string;
    kind: string;
    payload: unknown;
  }

  async function activitiesOf(courseId: string): Promise<ActivityRow[]> {
    const { rows } = await world.db.query<ActivityRow>(
      `select a.id, ch.section_id, a.kind, a.payload from public.activities a
       join public.chapters ch on ch.id = a.chapter_id where ch.course_id = $1 order by ch.position, a.position`,
      [courseId],
    );
    return rows;
  }

  /** The learner's state: progress on every activity and a card state on every practice activity. */
  async function studyEverything(userId: string, activities: readonly ActivityRow[]) {
    for (const activity of activities) {
      await world.db.query(
        "insert into public.activity_progress (activity_id, user_id, status) values ($1, $2, 'completed')",
        [activity.id, userId],
      );
      if (activity.kind !== "practice") continue;
      await world.db.query(
        `insert into public.practice_card_states (user_id, activity_id, card_id, card, due_at)
         values ($1, $2, 'card-1', '{"reps": 2}', now())`,
        [userId, activity.id],
      );
    }
  }

  async function learnerStateOn(userId: string, activityId: string) {
    const { rows } = await world.db.query<{ progress: number; cards: number }>(
      `select (select count(*)::int from public.activity_progress where activity_id = $1 and user_id = $2) as progress,
              (select count(*)::int from public.practice_card_states where activity_id = $1 and user_id = $2) as cards`,
      [activityId, userId],
    );
    return rows[0];
  }

  it("keeps the progress and card states of unchanged activities when it runs again, and drops those of changed ones", async () => {
    const { topic } = await courseTopic();
    const first = await runCourseGeneration(world.service, payload(topic), async () => {});
    const before = await activitiesOf(first.courseId);
    await studyEverything(topic.userId, before);

    // The first section's title changes between the runs; the other sections stay as they were.
    const structure = structureSchema.parse((await topicRow(topic.topicId))?.structure);
    const [changedSection, ...otherSections] = structure.sections;
    if (!changedSection) throw new Error("the structure has no section");
    await world.db.query("update public.topics set structure = $2 where id = $1", [
      topic.topicId,
      { ...structure, sections: [{ ...changedSection, title: "Een heel andere titel" }, ...otherSections] },
    ]);

    const second = await runCourseGeneration(world.service, payload(topic), async () => {});
    const after = await activitiesOf(second.courseId);
    const outcome = { kept: 0, changed: 0 };
    for (const activity of after) {
      const old = before.find((row) => row.section_id === activity.section_id && row.kind === activity.kind);
      if (!old) continue;
      const unchanged = JSON.stringify(old.payload) === JSON.stringify(activity.payload);
      const label = `${activity.section_id}/${activity.kind}`;
      if (unchanged) {
        outcome.kept += 1;
        expect(activity.id, label).toBe(old.id);
        expect(await learnerStateOn(topic.userId, activity.id), label).toEqual({
          progress: 1,
          cards: activity.kind === "practice" ? 1 : 0,
        });
      } else {
        outcome.changed += 1;
        expect(activity.id, label).not.toBe(old.id);
        expect(await learnerStateOn(topic.userId, activity.id), label).toEqual({ progress: 0, cards: 0 });
        expect(await learnerStateOn(topic.userId, old.id), label).toEqual({ progress: 0, cards: 0 });
      }
    }
    // Both sides occur: the untouched sections keep everything, the renamed one changes something.
    expect(outcome.kept).toBeGreaterThanOrEqual(otherSections.length * 5);
    expect(outcome.changed).toBeGreaterThan(0);
    expect(
      after.filter((activity) => activity.section_id !== changedSection.section_id).map((a) => a.id),
    ).toEqual(
      before.filter((activity) => activity.section_id !== changedSection.section_id).map((a) => a.id),
    );
  });

  it("refuses a topic without a structure", async () => {
    const topic = await world.topic([]);
    await expect(runCourseGeneration(world.service, payload(topic), async () => {})).rejects.toThrow(
      "has no structure",
    );
  });
});
