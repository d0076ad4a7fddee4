import { afterEach, describe, expect, it, vi } from "vitest";
import { fetchOutline } from "@/lib/outline";
import { clearPrefetched } from "@/lib/prefetch";
import { fetchTopic } from "@/lib/topics/api";
import { signIn } from "@/testing/accounts";
import { createSupabaseStub } from "@/testing/supabase-stub";
import { prefetchMicrolearningOverview } from "./prefetch";

afterEach(() => clearPrefetched());

const TOPIC_ID = "55555555-5555-4555-8555-555555555555";

describe("the micro-learning overview's first reads", () => {
  it("go out together, before the overview asks, and the overview takes them without asking again", async () => {
    const stub = createSupabaseStub();
    await signIn(stub);
    let answer = () => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    stub.on("GET /rest/v1/topics", async () => {
      await answered;
      return { body: null };
    });
    stub.on("POST /rest/v1/rpc/get_microlearning_outline", async () => {
      await answered;
      return { body: { course: null, chapters: [] } };
    });

    prefetchMicrolearningOverview(stub.client, TOPIC_ID);
    // Both are in flight while neither has answered: parallel, not one after the other.
    await vi.waitFor(() => {
      expect(stub.calls("GET /rest/v1/topics")).toHaveLength(1);
      expect(stub.calls("POST /rest/v1/rpc/get_microlearning_outline")).toHaveLength(1);
    });
    answer();
    await fetchTopic(stub.client, TOPIC_ID);
    await fetchOutline(stub.client, TOPIC_ID).catch(() => null);
    expect(stub.calls("GET /rest/v1/topics")).toHaveLength(1);
    expect(stub.calls("POST /rest/v1/rpc/get_microlearning_outline")).toHaveLength(1);
  });

  it("are not made for an address that cannot be a topic", () => {
    const stub = createSupabaseStub();
    prefetchMicrolearningOverview(stub.client, "not-a-topic");
    expect(stub.requests).toHaveLength(0);
  });
});
