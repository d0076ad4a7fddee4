import { render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { TestProviders } from "@/testing/screen-support.tsx";
import * as staleMark from "./stale-mark.ts";
import { STALE_NOTICE, StaleNotice } from "./stale-notice.tsx";

vi.mock("./stale-mark.ts", () => ({ fetchActivityIsStale: vi.fn() }));
const fetchActivityIsStale = vi.mocked(staleMark.fetchActivityIsStale);

const cases: Array<{ name: string; answer: () => Promise<boolean>; shown: boolean }> = [
  { name: "a stale activity shows the notice", answer: async () => true, shown: true },
  { name: "a current activity shows none", answer: async () => false, shown: false },
  {
    name: "a failed read shows none",
    answer: async () => Promise.reject(new Error("offline")),
    shown: false,
  },
];

describe("StaleNotice", () => {
  it.each(cases)("$name", async ({ answer, shown }) => {
    fetchActivityIsStale.mockImplementation(answer);
    render(
      <TestProviders>
        <StaleNotice activityId="activity-1" />
      </TestProviders>,
    );
    await vi.waitFor(() =>
      expect(fetchActivityIsStale).toHaveBeenCalledWith(expect.anything(), "activity-1"),
    );
    if (shown) expect(await screen.findByRole("note")).toHaveTextContent(STALE_NOTICE);
    else {
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(screen.queryByRole("note")).not.toBeInTheDocument();
    }
  });
});
