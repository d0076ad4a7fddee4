import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ThemeProvider, useTheme } from "./theme";

function ThemeProbe() {
  const { theme, resolvedTheme, setTheme } = useTheme();
  return (
    <>
      <p>
        {theme}/{resolvedTheme}
      </p>
      <button type="button" onClick={() => setTheme("dark")}>
        dark
      </button>
    </>
  );
}

function prefersDark(dark: boolean) {
  vi.stubGlobal(
    "matchMedia",
    vi.fn(() => ({ matches: dark, addEventListener: vi.fn(), removeEventListener: vi.fn() })),
  );
}

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
  document.documentElement.className = "";
});

describe("ThemeProvider (docs/product.md §2/§9)", () => {
  it("defaults to system and follows the device", () => {
    prefersDark(true);
    render(
      <ThemeProvider>
        <ThemeProbe />
      </ThemeProvider>,
    );
    expect(screen.getByText("system/dark")).toBeInTheDocument();
    expect(document.documentElement).toHaveClass("dark");
  });

  it("keeps the choice under vite-ui-theme", async () => {
    prefersDark(false);
    render(
      <ThemeProvider>
        <ThemeProbe />
      </ThemeProvider>,
    );
    expect(document.documentElement).toHaveClass("light");
    await userEvent.click(screen.getByRole("button", { name: "dark" }));
    expect(localStorage.getItem("vite-ui-theme")).toBe("dark");
    expect(document.documentElement).toHaveClass("dark");
    expect(document.documentElement).not.toHaveClass("light");
  });

  it("reads a stored choice, from a configurable key", () => {
    prefersDark(false);
    localStorage.setItem("my-theme", "dark");
    render(
      <ThemeProvider storageKey="my-theme">
        <ThemeProbe />
      </ThemeProvider>,
    );
    expect(screen.getByText("dark/dark")).toBeInTheDocument();
  });

  it("ignores a stored value that is no theme", () => {
    prefersDark(false);
    localStorage.setItem("vite-ui-theme", "purple");
    render(
      <ThemeProvider>
        <ThemeProbe />
      </ThemeProvider>,
    );
    expect(screen.getByText("system/light")).toBeInTheDocument();
  });
});
