import { describe, expect, it } from "vitest";
import { SEEDED_MODULE_TOTAL, SEEDED_TOPIC_TOTAL, seededStatus, seededTopic } from "./web-seed.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-8[0-9a-f]{3}-[0-9a-f]{12}$/;
const topics = Array.from({ length: SEEDED_TOPIC_TOTAL }, (_, index) => seededTopic(index + 1));

describe("bench:web's organisation", () => {
  it("gives every topic its own title and id, as a real dashboard would list them", () => {
    expect(new Set(topics.map((topic) => topic.title)).size).toBe(SEEDED_TOPIC_TOTAL);
    expect(new Set(topics.map((topic) => topic.id)).size).toBe(SEEDED_TOPIC_TOTAL);
    for (const topic of topics) expect(topic.id).toMatch(UUID);
  });

  it("spreads the topics evenly over the ten collections", () => {
    const perModule = new Map<string, number>();
    for (const topic of topics) perModule.set(topic.moduleId, (perModule.get(topic.moduleId) ?? 0) + 1);
    expect([...perModule.values()]).toEqual(
      Array(SEEDED_MODULE_TOTAL).fill(SEEDED_TOPIC_TOTAL / SEEDED_MODULE_TOTAL),
    );
  });

  it.each([
    { n: 10, status: "pending", progress: 0 },
    { n: 11, status: "generating_structure", progress: 77 },
    { n: 12, status: "awaiting_structure_review", progress: 100 },
    { n: 13, status: "failed", progress: 0 },
    { n: 14, status: null, progress: 0 },
    { n: 15, status: "completed", progress: 100 },
    { n: 19, status: "completed", progress: 100 },
  ])("gives topic $n the status $status", ({ n, status, progress }) => {
    expect(seededStatus(n)).toEqual({ status, progress });
  });
});
