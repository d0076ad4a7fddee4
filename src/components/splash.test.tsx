import { act, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SPLASH_FADE_DELAY_MS, Splash } from "./splash";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("Splash (docs/product.md §2/§9)", () => {
  it("shows the studymap. wordmark, with its trailing dot, while auth loads", () => {
    render(<Splash loading />);
    const splash = screen.getByTestId("splash");
    expect(splash).toHaveTextContent(/^studymap\.$/);
    expect(splash).toHaveAttribute("data-phase", "visible");
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.getByTestId("splash")).toHaveAttribute("data-phase", "visible");
  });

  it("starts fading 175 ms after loading ends, then leaves", () => {
    expect(SPLASH_FADE_DELAY_MS).toBe(175);
    const { rerender } = render(<Splash loading />);
    expect(screen.getByRole("status", { name: "Loading studymap" })).toBeInTheDocument();
    rerender(<Splash loading={false} />);
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(174));
    expect(screen.getByTestId("splash")).toHaveAttribute("data-phase", "visible");
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByTestId("splash")).toHaveAttribute("data-phase", "fading");
    expect(screen.getByTestId("splash")).toHaveClass("opacity-0");
    act(() => vi.advanceTimersByTime(300));
    expect(screen.queryByTestId("splash")).not.toBeInTheDocument();
  });
});
