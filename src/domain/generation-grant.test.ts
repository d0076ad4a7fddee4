import { randomUUID } from "node:crypto";
import { decodeJwt, SignJWT, UnsecuredJWT } from "jose";
import { describe, expect, it } from "vitest";
import {
  type GenerationGrant,
  GenerationGrantError,
  signGenerationGrant,
  verifyGenerationGrant,
} from "./generation-grant.ts";
import type { GenerationTask } from "./tasks.ts";

const secret = "unit-test-generation-grant-secret-0123456789";
const grant: GenerationGrant = {
  userId: randomUUID(),
  topicId: randomUUID(),
  task: "generate-course-content",
};
const expected = { topicId: grant.topicId, task: grant.task, userId: grant.userId };

async function refusal(promise: Promise<unknown>): Promise<GenerationGrantError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(GenerationGrantError);
  return error as GenerationGrantError;
}

describe("generation grants", () => {
  it("verify to the user, topic and task they were signed for", async () => {
    const token = await signGenerationGrant(grant, secret);
    await expect(verifyGenerationGrant(token, secret, expected)).resolves.toEqual(grant);
  });

  it("need no user when the payload names none (a structure run)", async () => {
    const structureGrant = { ...grant, task: "generate-topic-structure" as const };
    const token = await signGenerationGrant(structureGrant, secret);
    const verified = await verifyGenerationGrant(token, secret, {
      topicId: grant.topicId,
      task: "generate-topic-structure",
    });
    expect(verified.userId).toBe(grant.userId);
  });

  it.each([
    ["topicId", { topicId: randomUUID() }],
    ["task", { task: "generate-topic-structure" as GenerationTask }],
    ["userId", { userId: randomUUID() }],
  ])("refuse a payload with another %s", async (field, change) => {
    const token = await signGenerationGrant(grant, secret);
    const error = await refusal(verifyGenerationGrant(token, secret, { ...expected, ...change }));
    expect(error.reason).toBe("mismatch");
    expect(error.message).toBe(`The generation grant does not allow this ${field}`);
  });

  it("expire after their lifetime, yet verify at a moment they were valid", async () => {
    const issued = new Date(Date.now() - 20 * 60 * 1000);
    const token = await signGenerationGrant(grant, secret, { now: issued, lifetimeSeconds: 15 * 60 });
    expect((await refusal(verifyGenerationGrant(token, secret, expected))).reason).toBe("expired");
    const runCreated = new Date(issued.getTime() + 60 * 1000);
    await expect(verifyGenerationGrant(token, secret, expected, { at: runCreated })).resolves.toEqual(grant);
  });

  it("are unique, so each can key one trigger", async () => {
    const [first, second] = await Promise.all([
      signGenerationGrant(grant, secret),
      signGenerationGrant(grant, secret),
    ]);
    expect(first).not.toBe(second);
    expect(decodeJwt(first).exp).toBe((decodeJwt(first).iat as number) + 15 * 60);
  });

  it("refuse a grant signed with another secret", async () => {
    const token = await signGenerationGrant(grant, "another-secret-with-at-least-32-characters");
    expect((await refusal(verifyGenerationGrant(token, secret, expected))).reason).toBe("invalid");
  });

  it("refuse a grant whose claims were altered", async () => {
    const token = await signGenerationGrant(grant, secret);
    const [header, , signature] = token.split(".");
    const forgedClaims = { ...decodeJwt(token), sub: randomUUID() };
    const forged = `${header}.${Buffer.from(JSON.stringify(forgedClaims)).toString("base64url")}.${signature}`;
    expect((await refusal(verifyGenerationGrant(forged, secret, expected))).reason).toBe("invalid");
  });

  it("refuse other tokens signed with the same secret, such as a user's access token", async () => {
    const accessToken = await new SignJWT({
      role: "authenticated",
      topic_id: grant.topicId,
      task: grant.task,
    })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(grant.userId)
      .setAudience("authenticated")
      .setExpirationTime("1h")
      .sign(new TextEncoder().encode(secret));
    expect((await refusal(verifyGenerationGrant(accessToken, secret, expected))).reason).toBe("invalid");
  });

  it("refuse an unsigned grant", async () => {
    const unsigned = new UnsecuredJWT({ topic_id: grant.topicId, task: grant.task })
      .setSubject(grant.userId)
      .setIssuer("studymap")
      .setAudience("studymap:generation-grant")
      .setExpirationTime("1h")
      .encode();
    expect((await refusal(verifyGenerationGrant(unsigned, secret, expected))).reason).toBe("invalid");
  });

  it("refuse garbage", async () => {
    expect((await refusal(verifyGenerationGrant("not.a.grant", secret, expected))).reason).toBe("invalid");
  });

  it("are signed only for the generation tasks and real ids", async () => {
    const unknownTask = { ...grant, task: "delete-everything" as GenerationTask };
    await expect(signGenerationGrant(unknownTask, secret)).rejects.toThrow();
    await expect(signGenerationGrant({ ...grant, userId: "someone" }, secret)).rejects.toThrow();
  });

  it("need a secret long enough for HS256", async () => {
    await expect(signGenerationGrant(grant, "short")).rejects.toThrow(/at least 32 characters/);
  });
});
