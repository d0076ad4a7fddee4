import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from "@tanstack/react-router";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import useSWR, { SWRConfig } from "swr";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ErrorScreen, RouteErrorScreen } from "./error-screen";

let errors: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  errors = vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => errors.mockRestore());

let attempts = 0;

/** A screen whose first load fails, as when the network drops. */
function FlakyPage() {
  const { data, error } = useSWR("page-data", async () => {
    attempts += 1;
    if (attempts === 1) throw new Error("network down");
    return "Loaded content";
  });
  if (error && !data) throw error;
  return <p>{data ?? "Loading"}</p>;
}

function createFlakyRouter() {
  const root = createRootRoute({ errorComponent: RouteErrorScreen });
  const page = createRoute({ getParentRoute: () => root, path: "/", component: FlakyPage });
  return createRouter({
    routeTree: root.addChildren([page]),
    history: createMemoryHistory({ initialEntries: ["/"] }),
  });
}

function Harness() {
  const [router] = useState(createFlakyRouter);
  const [cache] = useState(() => new Map());
  return (
    <SWRConfig value={{ provider: () => cache, shouldRetryOnError: false }}>
      <RouterProvider router={router} />
    </SWRConfig>
  );
}

describe("ErrorScreen (docs/product.md §2)", () => {
  it("shows the exact Dutch texts and the retry button", async () => {
    const retry = vi.fn();
    render(<ErrorScreen onRetry={retry} />);
    expect(screen.getByRole("heading", { name: "Er is iets mis gegaan" })).toBeInTheDocument();
    expect(
      screen.getByText("We hebben een fout gedetecteerd. Probeer de pagina te vernieuwen."),
    ).toBeInTheDocument();
    expect(screen.getByRole("alert")).toHaveAttribute("lang", "nl");
    await userEvent.click(screen.getByRole("button", { name: "Probeer opnieuw" }));
    expect(retry).toHaveBeenCalledOnce();
  });

  it("replaces a screen whose data failed and fetches again on retry", async () => {
    attempts = 0;
    render(<Harness />);
    expect(await screen.findByRole("heading", { name: "Er is iets mis gegaan" })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Probeer opnieuw" }));
    expect(await screen.findByText("Loaded content")).toBeInTheDocument();
    expect(attempts).toBe(2);
  });
});
