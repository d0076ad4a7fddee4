import { randomUUID } from "node:crypto";
import type { SupabaseClient } from "@supabase/supabase-js";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_QUIZ_ANSWERS, type QuizAnswer, quizAnswersSchema } from "@/domain/quiz.ts";
import { fetchLastQuizAttempt, saveQuizAttempt } from "@/features/topic-hub/api.ts";
import type { StudymapClient } from "@/lib/database.ts";
import { database, signIn, uniqueEmail } from "../support/clients.ts";

/**
 * Topic quiz attempts over HTTP with supabase-js, as the quiz screen stores them: a learner's attempt is
 * saved and read back; a classmate who reads the same topic sees nothing of it and cannot record an
 * attempt in the learner's name; malformed answers and a score that does not count them are 4xx.
 */

interface Account {
  id: string;
  client: SupabaseClient;
}

let db: pg.Client;
let learner: Account;
let classmate: Account;
let entityId: string;
let topicId: string;

async function account(label: string): Promise<Account> {
  const { client, session } = await signIn(uniqueEmail(label));
  return { id: session.user.id, client };
}

const typed = (client: SupabaseClient) => client as unknown as StudymapClient;

function answer(correct: boolean): QuizAnswer {
  return { activity_id: randomUUID(), question_id: `q-${randomUUID().slice(0, 4)}`, chosen: 1, correct };
}

beforeAll(async () => {
  db = await database();
  [learner, classmate] = await Promise.all([account("quiz-learner"), account("quiz-classmate")]);
  const entity = await db.query<{ id: string }>(
    "insert into public.core_entities (name, kind) values ('Quiz School', 'school') returning id",
  );
  entityId = entity.rows[0]?.id as string;
  await db.query(
    `insert into public.core_memberships (entity_id, user_id, member_role, status)
     values ($1, $2, 'member', 'active'), ($1, $3, 'member', 'active')`,
    [entityId, learner.id, classmate.id],
  );
  const topic = await db.query<{ id: string }>(
    `insert into public.topics (entity_id, created_by, title, visibility)
     values ($1, $2, 'Rivieren', 'entity') returning id`,
    [entityId, learner.id],
  );
  topicId = topic.rows[0]?.id as string;
});

afterAll(async () => {
  await db?.query("delete from public.core_entities where id = $1", [entityId]);
  const users = [learner, classmate].filter(Boolean).map((user) => user.id);
  await db?.query("delete from auth.users where id = any($1::uuid[])", [users]);
  await db?.end();
});

describe("quiz attempts", () => {
  it("stores the learner's attempt with its score and shows it as their last", async () => {
    expect(await fetchLastQuizAttempt(typed(learner.client), topicId)).toBeNull();
    const saved = await saveQuizAttempt(typed(learner.client), topicId, [
      answer(true),
      answer(false),
      answer(true),
    ]);
    expect(saved).toMatchObject({ score: 2, total: 3 });
    expect(await fetchLastQuizAttempt(typed(learner.client), topicId)).toMatchObject({ score: 2, total: 3 });

    const { rows } = await db.query(
      "select user_id, score, total from public.quiz_attempts where topic_id = $1",
      [topicId],
    );
    expect(rows).toEqual([{ user_id: learner.id, score: 2, total: 3 }]);
  });

  it("shows a classmate on the same topic nothing of it", async () => {
    expect(await fetchLastQuizAttempt(typed(classmate.client), topicId)).toBeNull();
    const { data, error } = await classmate.client.from("quiz_attempts").select("id");
    expect(error).toBeNull();
    expect(data).toEqual([]);
  });

  it("refuses an attempt recorded in another learner's name with 403", async () => {
    const result = await classmate.client
      .from("quiz_attempts")
      .insert({ user_id: learner.id, topic_id: topicId, answers: [answer(true)], score: 1, total: 1 });
    expect(result.status).toBe(403);
    expect(result.error?.code).toBe("42501");
    const { rows } = await db.query(
      "select count(*)::int as n from public.quiz_attempts where topic_id = $1",
      [topicId],
    );
    expect(rows[0]).toEqual({ n: 1 });
  });

  it("answers malformed answers and a miscounted score with 400, writing nothing", async () => {
    const malformed = await learner.client
      .from("quiz_attempts")
      .insert({ topic_id: topicId, answers: [{ question_id: "q1" }], score: 0, total: 1 });
    expect(malformed.status).toBe(400);
    const miscounted = await learner.client
      .from("quiz_attempts")
      .insert({ topic_id: topicId, answers: [answer(false)], score: 1, total: 1 });
    expect(miscounted.status).toBe(400);
    await expect(saveQuizAttempt(typed(learner.client), topicId, [])).rejects.toThrow();
    const { rows } = await db.query(
      "select count(*)::int as n from public.quiz_attempts where topic_id = $1",
      [topicId],
    );
    expect(rows[0]).toEqual({ n: 1 });
  });
});

describe("the answers' shape", () => {
  const valid = answer(true);
  const samples: Record<string, unknown> = {
    "one answer": [valid],
    "the most answers": Array(MAX_QUIZ_ANSWERS).fill(valid),
    "one too many": Array(MAX_QUIZ_ANSWERS + 1).fill(valid),
    "no answers": [],
    "not an array": valid,
    "a missing key": [{ ...valid, correct: undefined }],
    "an extra key": [{ ...valid, extra: 1 }],
    "an id that is no uuid": [{ ...valid, activity_id: "activity-1" }],
    "an empty question id": [{ ...valid, question_id: "" }],
    "a negative option": [{ ...valid, chosen: -1 }],
    "a fractional option": [{ ...valid, chosen: 1.5 }],
    "an option as text": [{ ...valid, chosen: "1" }],
    "correct as text": [{ ...valid, correct: "true" }],
  };

  it.each(Object.entries(samples))(
    "is judged alike by the zod schema and the SQL check: %s",
    async (_, sample) => {
      const json = JSON.parse(JSON.stringify(sample));
      const { rows } = await db.query<{ valid: boolean }>(
        "select private.quiz_answers_valid($1::jsonb) as valid",
        [JSON.stringify(json)],
      );
      expect(rows[0]?.valid).toBe(quizAnswersSchema.safeParse(json).success);
    },
  );
});
