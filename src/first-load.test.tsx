import { createMemoryHistory } from "@tanstack/react-router";
import { render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { App } from "@/app";
import { AuthStore } from "@/lib/auth/auth-store";
import { counted } from "@/lib/in-flight";
import { memoryChoices, recordingAnalytics } from "@/testing/accounts";
import { createSupabaseStub } from "@/testing/supabase-stub";
import { afterFirstPage } from "./first-load";
import { createAppRouter } from "./router";

afterEach(() => vi.unstubAllGlobals());

function routerAt(stub: ReturnType<typeof createSupabaseStub>, path: string) {
  const auth = new AuthStore(stub.client, memoryChoices());
  const history = createMemoryHistory({ initialEntries: [path] });
  return createAppRouter({ auth, analytics: recordingAnalytics().analytics }, history);
}

/** A task handed to the first load's background scheduler on /login, and the idle callbacks asked for. */
function waitingTask() {
  const idle: (() => void)[] = [];
  vi.stubGlobal("requestIdleCallback", (task: () => void) => idle.push(task));
  const router = routerAt(createSupabaseStub(), "/login");
  const background = afterFirstPage(router);
  const task = vi.fn();
  background(task);
  return { idle, router, background, task };
}

describe("work a first load can do without", () => {
  it("waits until the first page has rendered, then for an idle moment", async () => {
    const { idle, router, background, task } = waitingTask();
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

  it("waits for the first page's reads to answer", async () => {
    const { idle, router, background, task } = waitingTask();
    let answer = () => {};
    const read = counted(
      () => new Promise<Response>((resolve) => (answer = () => resolve(new Response("{}")))),
    );
    void read("https://api.test/rest/v1/topics");

    render(<App router={router} auth={router.options.context.auth} background={background} />);
    await screen.findByRole("button", { name: "Send code" });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(idle).not.toContain(task);
    answer();
    await vi.waitFor(() => expect(idle).toContain(task));
  });
});
