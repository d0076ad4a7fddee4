import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from "@tanstack/react-router";
import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Breadcrumbs } from "./breadcrumbs";

function renderAt(path: string, labels?: Record<string, string>) {
  const root = createRootRoute({ component: () => <Breadcrumbs labels={labels} /> });
  const any = createRoute({ getParentRoute: () => root, path: "$", component: () => null });
  const router = createRouter({
    routeTree: root.addChildren([any]),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  render(<RouterProvider router={router} />);
}

describe("Breadcrumbs", () => {
  it("links every item but the current page, which is marked", async () => {
    renderAt("/studymap/topics/0b6f6c9e-8c7a-4f59-9a38-8f0b7d0f0a11/summary", {
      "/studymap/topics/0b6f6c9e-8c7a-4f59-9a38-8f0b7d0f0a11": "Photosynthesis",
    });
    const nav = await screen.findByRole("navigation", { name: "Breadcrumb" });
    expect(within(nav).getByRole("link", { name: "Studymap" })).toHaveAttribute("href", "/studymap");
    expect(within(nav).getByRole("link", { name: "Photosynthesis" })).toHaveAttribute(
      "href",
      "/studymap/topics/0b6f6c9e-8c7a-4f59-9a38-8f0b7d0f0a11",
    );
    expect(within(nav).getByText("Summary")).toHaveAttribute("aria-current", "page");
  });

  it("shows nothing for a single-level page", async () => {
    renderAt("/favorites");
    await screen.findByText((_, element) => element?.tagName === "BODY");
    expect(screen.queryByRole("navigation", { name: "Breadcrumb" })).not.toBeInTheDocument();
  });
});
