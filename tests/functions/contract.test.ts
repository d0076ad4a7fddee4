import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OPENAPI_FILE } from "../../scripts/gen-openapi.ts";
import {
  EDGE_FUNCTIONS,
  type EdgeFunctionName,
  edgeFunctionsOpenApi,
  errorAnswerSchema,
} from "../../src/domain/edge-functions.ts";
import { Fixtures, sampleStructure, type TestUser } from "./support.ts";

/**
 * docs/api/edge-functions.openapi.json is generated from src/domain/edge-functions.ts and describes
 * the running functions: it is current, and each function refuses the bodies the contract refuses and
 * takes (past validation) the bodies it accepts.
 */
const fixtures = new Fixtures();
let caller: TestUser;

beforeAll(async () => {
  caller = await fixtures.user("contract");
});
afterAll(() => fixtures.end());

/** A body the contract accepts, for a topic that does not exist. */
const VALID_BODIES: Record<EdgeFunctionName, unknown> = {
  "auth-trigger-dev": { taskName: "generate-course-content", topicId: randomUUID() },
  "start-structure-generation": { topicId: randomUUID() },
  "accept-structure": { topicId: randomUUID(), structure: sampleStructure() },
  "regenerate-structure": { topicId: randomUUID() },
  "invite-member": { entityId: randomUUID(), email: "someone@example.org", role: "member" },
  "render-episode-audio": { episodeId: randomUUID() },
  "ask-sources": { topicId: randomUUID(), question: "What is a delta?" },
  "test-llm-connection": {
    entityId: randomUUID(),
    baseUrl: "https://llm.example.org/v1",
    model: "gpt-4o-mini",
  },
};

async function call(name: string, body: unknown, token?: string): Promise<{ status: number; json: unknown }> {
  const response = await fetch(`${fixtures.stack.supabaseUrl}/functions/v1/${name}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      apikey: fixtures.stack.anonKey,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: await response.json().catch(() => null) };
}

it("the checked-in OpenAPI document is current (npm run api:docs)", () => {
  const checkedIn = JSON.parse(readFileSync(OPENAPI_FILE, "utf8"));
  expect(checkedIn).toEqual(JSON.parse(JSON.stringify(edgeFunctionsOpenApi())));
});

it("documents every edge function", () => {
  const paths = Object.keys(edgeFunctionsOpenApi().paths as object).map((path) => path.slice(1));
  expect(paths.sort()).toEqual(Object.keys(EDGE_FUNCTIONS).sort());
});

describe.each(Object.keys(EDGE_FUNCTIONS) as EdgeFunctionName[])("%s", (name) => {
  it("refuses what the contract refuses with 400 and field details, and takes what it accepts", async () => {
    const contract = EDGE_FUNCTIONS[name];
    expect(contract.body.safeParse({}).success).toBe(false);
    const refused = await call(name, {}, caller.token);
    expect(refused.status).toBe(400);
    expect(errorAnswerSchema.parse(refused.json).details?.length).toBeGreaterThan(0);

    expect(contract.body.safeParse(VALID_BODIES[name]).success).toBe(true);
    const taken = await call(name, VALID_BODIES[name], caller.token);
    expect(taken.status).not.toBe(400);
    expect(
      errorAnswerSchema.safeParse(taken.json).success || contract.answer.safeParse(taken.json).success,
    ).toBe(true);
  });

  it("refuses a call without a user token with 401", async () => {
    expect((await call(name, VALID_BODIES[name])).status).toBe(401);
  });
});
