import { createMemoryHistory } from "@tanstack/react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AuthStore } from "@/lib/auth/auth-store";
import { clearPrefetched } from "@/lib/prefetch";
import { fetchTopic } from "@/lib/topics/api";
import { memoryChoices, recordingAnalytics, signIn } from "@/testing/accounts";
import { createSupabaseStub } from "@/testing/supabase-stub";
import { startFirstLoad } from "./first-load";
import { createAppRouter } from "./router";

afterEach(() => clearPrefetched());

const TOPIC_ID = "55555555-5555-4555-8555-555555555555";

function routerAt(stub: ReturnType<typeof createSupabaseStub>, path: string) {
  const auth = new AuthStore(stub.client, memoryChoices());
  const history = createMemoryHistory({ initialEntries: [path] });
  return createAppRouter({ auth, analytics: recordingAnalytics().analytics }, history);
}

describe("the topic overview's first load", () => {
  it("reads the topic beside the session check, and the overview takes that answer", async () => {
    const stub = createSupabaseStub();
    await signIn(stub);
    stub.on("GET /rest/v1/topics", { body: null });

    startFirstLoad(routerAt(stub, `/studymap/topics/${TOPIC_ID}/overview`), stub.client);
    await vi.waitFor(() => expect(stub.calls("GET /rest/v1/topics")).toHaveLength(1));
    await fetchTopic(stub.client, TOPIC_ID);
    expect(stub.calls("GET /rest/v1/topics")).toHaveLength(1);
  });

  it("reads nothing without a stored session", async () => {
    const stub = createSupabaseStub();
    startFirstLoad(routerAt(stub, `/studymap/topics/${TOPIC_ID}/overview`), stub.client);
    await stub.client.auth.getSession();
    expect(stub.calls("GET /rest/v1/topics")).toHaveLength(0);
  });
});
