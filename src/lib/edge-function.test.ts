import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { createSupabaseStub, type SupabaseStub } from "@/testing/supabase-stub";
import { EdgeFunctionError, invokeEdgeFunction } from "./edge-function.ts";
import { errorMessage } from "./query.ts";

let stub: SupabaseStub;

beforeEach(() => {
  stub = createSupabaseStub();
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** The toast text a screen shows for a failed call: the function's own sentence, else its fallback. */
async function toastFor(answer: { status: number; body?: unknown }): Promise<string> {
  stub.on("POST /functions/v1/accept-structure", answer);
  const failure = await invokeEdgeFunction(stub.client, "accept-structure", {}, z.unknown()).catch(
    (error: unknown) => error,
  );
  expect(failure).toBeInstanceOf(EdgeFunctionError);
  return errorMessage(failure, "Failed to accept");
}

describe("edge function errors", () => {
  it.each([
    {
      answer: { status: 403, body: { error: "Only content managers may accept." } },
      toast: "Only content managers may accept.",
    },
    // A gateway or relay failure has no sentence for the learner: the screen's own fallback is shown,
    // never supabase-js's "Edge Function returned a non-2xx status code".
    { answer: { status: 502, body: "<html>Bad gateway</html>" }, toast: "Failed to accept" },
    { answer: { status: 500, body: { message: "internal" } }, toast: "Failed to accept" },
    { answer: { status: 500 }, toast: "Failed to accept" },
  ])("a $answer.status answer shows “$toast”", async ({ answer, toast }) => {
    expect(await toastFor(answer)).toBe(toast);
  });

  it("keeps the status of a refusal for screens that tell refusals apart", async () => {
    stub.on("POST /functions/v1/accept-structure", { status: 409, body: { error: "Already accepted." } });
    const failure = await invokeEdgeFunction(stub.client, "accept-structure", {}, z.unknown()).catch(
      (error: unknown) => error,
    );
    expect(failure).toMatchObject({ status: 409, message: "Already accepted." });
  });
});
