import { createMemoryHistory } from "@tanstack/react-router";
import { render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { App } from "@/app";
import { AuthStore } from "@/lib/auth/auth-store";
import { clearPrefetched } from "@/lib/prefetch";
import { fetchTopic } from "@/lib/topics/api";
import { memoryChoices, recordingAnalytics, signIn } from "@/testing/accounts";
import { createSupabaseStub } from "@/testing/supabase-stub";
import { afterFirstPage, startFirstLoad } from "./first-load";
import { createAppRouter } from "./router";

afterEach(() => {
  clearPrefetched();
  vi.unstubAllGlobals();
});

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

describe("work a first load can do without", () => {
  it("waits until the first page has rendered, then for an idle moment", async () => {
    const idle: (() => void)[] = [];
    vi.stubGlobal("requestIdleCallback", (task: () => void) => idle.push(task));
    const stub = createSupabaseStub();
    const router = routerAt(stub, "/login");
    const background = afterFirstPage(router);
    const task = vi.fn();
    background(task);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(idle).toHaveLength(0);

    render(<App router={router} auth={router.options.context.auth} background={background} />);
    await screen.findByRole("button", { name: "Send code" });
    // Ours and the toaster's (app.tsx) wait for the same idle moment.
    await vi.waitFor(() => expect(idle).toContain(task));
    expect(task).not.toHaveBeenCalled();
    for (const run of idle) run();
    expect(task).toHaveBeenCalledOnce();
  });
});
