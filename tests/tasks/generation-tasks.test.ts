import { randomUUID } from "node:crypto";
import { runs, tasks } from "@trigger.dev/sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signGenerationGrant } from "../../src/domain/generation-grant.ts";
import { structureSchema } from "../../src/domain/structure.ts";
import { generationRunOptions } from "../../src/domain/tasks.ts";
import type { generateCourseContent } from "../../trigger/generate-course-content.ts";
import type { generateTopicStructure } from "../../trigger/generate-topic-structure.ts";
import { contentFixtures } from "../../trigger/generation/fixtures/content-sources.ts";
import { StackTasks, waitForRun } from "./support.ts";

/**
 * The real generation tasks of trigger/, run by the stack's own worker: a payload whose grant does not
 * match is refused at once and touches nothing; a genuine one generates end to end.
 */
const stackTasks = new StackTasks();
const grantSecret = stackTasks.stack.generationGrantSecret;

beforeAll(() => stackTasks.start());
afterAll(() => stackTasks.stop());

async function user(): Promise<string> {
  const id = randomUUID();
  await stackTasks.db.query(
    "insert into auth.users (id, aud, role, email) values ($1, 'authenticated', 'authenticated', $2)",
    [id, `tasks.${id.slice(0, 8)}@tasks.studymap.test`],
  );
  return id;
}

/** A genuine structure payload: a grant for the topic, signed as the product signs it. */
async function structurePayload(topicId: string) {
  const grant = await signGenerationGrant(
    { userId: randomUUID(), topicId, task: "generate-topic-structure" },
    grantSecret,
  );
  return { topicId, grant };
}

function triggerStructure(payload: { topicId: string; grant: string }) {
  return tasks.trigger<typeof generateTopicStructure>(
    "generate-topic-structure",
    payload,
    generationRunOptions(payload),
  );
}

async function courseCount(topicId: string): Promise<number> {
  const { rows } = await stackTasks.db.query<{ count: number }>(
    "select count(*)::int as count from public.courses where topic_id = $1",
    [topicId],
  );
  return rows[0]?.count ?? 0;
}

async function refusal(runId: string) {
  const run = await waitForRun(runId, (current) => current.isCompleted);
  expect(run).toMatchObject({ status: "FAILED", attemptCount: 1 });
  return run.error?.message ?? "";
}

describe("grants", () => {
  it("refuses a structure payload for another topic than its grant names, and leaves that topic alone", async () => {
    const [granted, target] = [await stackTasks.topic(), await stackTasks.topic()];
    const grant = await signGenerationGrant(
      { userId: randomUUID(), topicId: granted, task: "generate-topic-structure" },
      grantSecret,
    );
    const payload = { topicId: target, grant };
    const handle = await tasks.trigger<typeof generateTopicStructure>(
      "generate-topic-structure",
      payload,
      generationRunOptions(payload),
    );
    expect(await refusal(handle.id)).toBe("Refused: The generation grant does not allow this topicId.");
    expect(await stackTasks.topicRow(target)).toEqual({
      processing_status: "generating_structure",
      processing_progress: 1,
      processing_error: null,
      structure: null,
    });
  });

  it("refuses a course payload whose createdBy is not the granted user", async () => {
    const topicId = await stackTasks.topic(null);
    const grant = await signGenerationGrant(
      { userId: randomUUID(), topicId, task: "generate-course-content" },
      grantSecret,
    );
    const payload = {
      topicId,
      createdBy: randomUUID(),
      title: "Rivers of Europe",
      publish: false as const,
      mode: "refresh" as const,
      grant,
    };
    const handle = await tasks.trigger<typeof generateCourseContent>("generate-course-content", payload);
    expect(await refusal(handle.id)).toBe("Refused: The generation grant does not allow this userId.");
    expect(await courseCount(topicId)).toBe(0);
    expect((await stackTasks.topicRow(topicId))?.processing_error).toBeNull();
  });

  it("refuses a grant for another task, and one signed with another secret", async () => {
    const topicId = await stackTasks.topic();
    const courseGrant = await signGenerationGrant(
      { userId: randomUUID(), topicId, task: "generate-course-content" },
      grantSecret,
    );
    const wrongTask = await tasks.trigger<typeof generateTopicStructure>("generate-topic-structure", {
      topicId,
      grant: courseGrant,
    });
    expect(await refusal(wrongTask.id)).toBe("Refused: The generation grant does not allow this task.");

    const forged = await signGenerationGrant(
      { userId: randomUUID(), topicId, task: "generate-topic-structure" },
      "another-secret-that-is-long-enough-to-sign",
    );
    const forgedRun = await tasks.trigger<typeof generateTopicStructure>("generate-topic-structure", {
      topicId,
      grant: forged,
    });
    expect(await refusal(forgedRun.id)).toBe("Refused: The generation grant is invalid.");
    expect((await stackTasks.topicRow(topicId))?.processing_status).toBe("generating_structure");
  });

  it("validates the payload with the task's schema (a course must start unpublished)", async () => {
    const topicId = await stackTasks.topic();
    const handle = await tasks.trigger("generate-course-content", {
      topicId,
      createdBy: randomUUID(),
      title: "Rivers",
      publish: true,
      mode: "refresh",
      grant: "x",
    });
    const run = await waitForRun(handle.id, (current) => current.isCompleted);
    expect(run).toMatchObject({ status: "FAILED", attemptCount: 1 });
    expect(run.error?.message).toContain("TASK_INPUT_ERROR");
  });
});

describe("failed runs", () => {
  /** A genuine payload run with options the product never issues: refused, after its grant checked out. */
  async function failStructureRun(topicId: string) {
    const payload = await structurePayload(topicId);
    const handle = await tasks.trigger<typeof generateTopicStructure>("generate-topic-structure", payload, {
      ...generationRunOptions(payload),
      tags: ["not_the_topic"],
    });
    return refusal(handle.id);
  }

  it("leave the topic of a genuine payload failed, with the run's error", async () => {
    const topicId = await stackTasks.topic("generating_structure");
    const error = await failStructureRun(topicId);
    expect(error).toBe('Refused: run options the product did not issue (tags ["not_the_topic"]).');
    expect(await stackTasks.topicRow(topicId)).toMatchObject({
      processing_status: "failed",
      processing_error: `The structure could not be generated: ${error}`,
    });
  });

  it("do not leave an accepted structure failed", async () => {
    const topicId = await stackTasks.topic(null);
    await stackTasks.db.query(
      `update public.topics set processing_status = 'completed', processing_progress = 100,
              structure = '{"title":"T","description":"D","sections":[]}' where id = $1`,
      [topicId],
    );
    await failStructureRun(topicId);
    expect(await stackTasks.topicRow(topicId)).toMatchObject({
      processing_status: "completed",
      processing_error: null,
    });
  });
});

describe("generation end to end", () => {
  it("generates a structure for review, then the learner's unpublished course", async () => {
    const topicId = await stackTasks.topic("generating_structure");
    await stackTasks.db.query(
      "insert into public.topic_sources (topic_id, kind, pasted_text) values ($1, 'pasted', $2)",
      [
        topicId,
        [
          "# Rivers of Europe",
          "",
          "## The Rhine",
          "The Rhine rises in the Swiss Alps. It flows north through Germany and reaches the sea in the Netherlands.",
          "Barges carry coal, grain and containers along the Rhine between Basel and Rotterdam.",
          "",
          "## The Danube",
          "The Danube starts in the Black Forest. It flows east through ten countries to the Black Sea.",
          "Vienna, Bratislava, Budapest and Belgrade all lie on the Danube.",
        ].join("\n"),
      ],
    );
    const structureRun = await triggerStructure(await structurePayload(topicId));
    const structure = await waitForRun(structureRun.id, (run) => run.isCompleted, 60_000);
    expect(structure.error).toBeUndefined();
    expect(structure).toMatchObject({ status: "COMPLETED", output: { status: "generated" } });
    expect(structure.tags).toEqual([`topic_${topicId}`]);
    const reviewed = await stackTasks.topicRow(topicId);
    expect(reviewed).toMatchObject({
      processing_status: "awaiting_structure_review",
      processing_progress: 100,
    });
    const sections = (reviewed?.structure as { sections?: unknown[] } | null)?.sections ?? [];
    expect(sections.length).toBeGreaterThan(0);

    await stackTasks.db.query("update public.topics set processing_status = 'completed' where id = $1", [
      topicId,
    ]);
    const learner = await user();
    const courseGrant = await signGenerationGrant(
      { userId: learner, topicId, task: "generate-course-content" },
      grantSecret,
    );
    const coursePayload = {
      topicId,
      createdBy: learner,
      title: "Rivers of Europe",
      publish: false as const,
      mode: "refresh" as const,
      grant: courseGrant,
    };
    const courseRun = await tasks.trigger<typeof generateCourseContent>(
      "generate-course-content",
      coursePayload,
      generationRunOptions(coursePayload),
    );
    expect(await waitForRun(courseRun.id, (run) => run.isCompleted, 60_000)).toMatchObject({
      status: "COMPLETED",
    });
    const { rows } = await stackTasks.db.query(
      "select created_by, published_at from public.courses where topic_id = $1",
      [topicId],
    );
    expect(rows).toEqual([{ created_by: learner, published_at: null }]);
  });

  it("writes a different valid structure when regenerated", async () => {
    const markdown = (await contentFixtures()).find((fixture) => fixture.kind === "markdown");
    const topicId = await stackTasks.topic("generating_structure");
    await stackTasks.db.query(
      "insert into public.topic_sources (topic_id, kind, pasted_text) values ($1, 'pasted', $2)",
      [topicId, markdown?.content],
    );
    const generate = async () => {
      const run = await triggerStructure(await structurePayload(topicId));
      expect(await waitForRun(run.id, (current) => current.isCompleted, 60_000)).toMatchObject({
        status: "COMPLETED",
      });
      return structureSchema.parse((await stackTasks.topicRow(topicId))?.structure);
    };

    const first = await generate();
    // What regenerate_structure does: the next variant, generating again.
    await stackTasks.db.query(
      `update public.topics set structure = null, structure_variant = structure_variant + 1,
              processing_status = 'generating_structure' where id = $1`,
      [topicId],
    );
    const second = await generate();

    expect(second).not.toEqual(first);
    expect(second.sections.length).toBeGreaterThan(0);
    for (const structure of [first, second]) {
      for (const section of structure.sections) expect(section.subtopics.length).toBeGreaterThan(0);
    }
  });

  it("asks for the same run again when the same grant is triggered twice", async () => {
    const topicId = await stackTasks.topic("generating_structure");
    const payload = await structurePayload(topicId);
    const first = await triggerStructure(payload);
    const second = await triggerStructure(payload);
    expect(second.id).toBe(first.id);
    await waitForRun(first.id, (run) => run.isCompleted, 60_000);
    expect((await runs.list({ tag: `topic_${topicId}` })).data).toHaveLength(1);
  });
});
