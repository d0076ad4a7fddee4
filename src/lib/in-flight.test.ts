import { describe, expect, it, vi } from "vitest";
import { counted, requestsSettled } from "./in-flight";

function heldRequest() {
  let answer = () => {};
  const answered = new Promise<Response>((resolve) => {
    answer = () => resolve(new Response("{}"));
  });
  return { send: vi.fn(() => answered), answer };
}

describe("requests in flight", () => {
  it("settle when the last counted request has answered", async () => {
    const first = heldRequest();
    const second = heldRequest();
    void counted(first.send)("https://api.test/a");
    void counted(second.send)("https://api.test/b");
    const settled = vi.fn();
    void requestsSettled().then(settled);

    first.answer();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(settled).not.toHaveBeenCalled();
    second.answer();
    await vi.waitFor(() => expect(settled).toHaveBeenCalledOnce());
  });

  it("count a failed request as answered", async () => {
    const failing = vi.fn(() => Promise.reject(new TypeError("Failed to fetch")));
    await expect(counted(failing)("https://api.test/a")).rejects.toThrow("Failed to fetch");
    await expect(requestsSettled()).resolves.toBeUndefined();
  });

  it("are settled at once when none is in flight", async () => {
    await expect(requestsSettled()).resolves.toBeUndefined();
  });
});
