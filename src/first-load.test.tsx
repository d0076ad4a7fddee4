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

/** The browser's frames, each run by hand: `paint()` runs the callbacks of one frame. */
function frames() {
  let waiting: (() => void)[] = [];
  vi.stubGlobal("requestAnimationFrame", (callback: () => void) => waiting.push(callback));
  return {
    paint() {
      const due = waiting;
      waiting = [];
      for (const callback of due) callback();
    },
  };
}

/**
 * A task handed to the first load's background scheduler on /login, the idle callbacks asked for and
 * the browser's frames.
 */
function waitingTask() {
  const idle: (() => void)[] = [];
  vi.stubGlobal("requestIdleCallback", (task: () => void) => idle.push(task));
  const frame = frames();
  const router = routerAt(createSupabaseStub(), "/login");
  const background = afterFirstPage(router);
  const task = vi.fn();
  background(task);
  return { idle, router, background, task, frame };
}

/** Paints frame after frame until the task has been handed to an idle callback. */
function paintUntilIdleHolds(frame: ReturnType<typeof frames>, idle: (() => void)[], task: () => void) {
  return vi.waitFor(() => {
    frame.paint();
    expect(idle).toContain(task);
  });
}

describe("work a first load can do without", () => {
  it("waits until the first page has rendered and been painted, then for an idle moment", async () => {
    const { idle, router, background, task, frame } = waitingTask();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(idle).toHaveLength(0);

    render(<App router={router} auth={router.options.context.auth} background={background} />);
    await screen.findByRole("button", { name: "Send code" });
    await new Promise((resolve) => setTimeout(resolve, 0));
    // Rendered and no read in flight, but not painted yet: an idle moment could come before the paint.
    expect(idle).not.toContain(task);
    // Ours and the toaster's (app.tsx) wait for the same idle moment.
    await paintUntilIdleHolds(frame, idle, task);
    expect(task).not.toHaveBeenCalled();
    for (const run of idle) run();
    expect(task).toHaveBeenCalledOnce();
  });

  it("waits for the first page's reads to answer", async () => {
    const { idle, router, background, task, frame } = waitingTask();
    let answer = () => {};
    const read = counted(
      () => new Promise<Response>((resolve) => (answer = () => resolve(new Response("{}")))),
    );
    void read("https://api.test/rest/v1/topics");

    render(<App router={router} auth={router.options.context.auth} background={background} />);
    await screen.findByRole("button", { name: "Send code" });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(idle).not.toContain(task);
    frame.paint();
    frame.paint();
    expect(idle).not.toContain(task);
    answer();
    await paintUntilIdleHolds(frame, idle, task);
  });
});
