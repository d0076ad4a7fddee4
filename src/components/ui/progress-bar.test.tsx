import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import {
  DEFAULT_PROGRESS_MAX,
  ProgressBar,
  progressMax,
  progressPercent,
  progressState,
  progressValue,
} from "./progress-bar";

describe("progress bar rules", () => {
  it("defaults max to 100 unless it is greater than 0", () => {
    expect(DEFAULT_PROGRESS_MAX).toBe(100);
    expect(progressMax(undefined)).toBe(100);
    expect(progressMax(0)).toBe(100);
    expect(progressMax(-5)).toBe(100);
    expect(progressMax(Number.NaN)).toBe(100);
    expect(progressMax(40)).toBe(40);
  });

  it("ignores a value outside 0..max", () => {
    expect(progressValue(-1, 100)).toBeNull();
    expect(progressValue(101, 100)).toBeNull();
    expect(progressValue(Number.NaN, 100)).toBeNull();
    expect(progressValue(undefined, 100)).toBeNull();
    expect(progressValue(0, 100)).toBe(0);
    expect(progressValue(100, 100)).toBe(100);
  });

  it("is indeterminate without a value, complete at max, loading otherwise", () => {
    expect(progressState(null, 100)).toBe("indeterminate");
    expect(progressState(0, 100)).toBe("loading");
    expect(progressState(99, 100)).toBe("loading");
    expect(progressState(100, 100)).toBe("complete");
    expect(progressState(4, 4)).toBe("complete");
  });

  it("rounds the percentage of max", () => {
    expect(progressPercent(1, 3)).toBe(33);
    expect(progressPercent(2, 3)).toBe(67);
    expect(progressPercent(null, 100)).toBe(0);
  });
});

describe("<ProgressBar>", () => {
  it("exposes its value accessibly", () => {
    render(<ProgressBar label="Progressie" value={25} max={50} />);
    const bar = screen.getByRole("progressbar", { name: "Progressie" });
    expect(bar).toHaveAttribute("aria-valuemin", "0");
    expect(bar).toHaveAttribute("aria-valuemax", "50");
    expect(bar).toHaveAttribute("aria-valuenow", "25");
    expect(bar).toHaveAttribute("aria-valuetext", "50%");
    expect(bar).toHaveAttribute("data-state", "loading");
  });

  it("is indeterminate when the value is missing or out of range", () => {
    const { rerender } = render(<ProgressBar label="p" />);
    expect(screen.getByRole("progressbar")).toHaveAttribute("data-state", "indeterminate");
    expect(screen.getByRole("progressbar")).not.toHaveAttribute("aria-valuenow");
    rerender(<ProgressBar label="p" value={150} />);
    expect(screen.getByRole("progressbar")).toHaveAttribute("data-state", "indeterminate");
  });

  it("uses max 100 when max is not positive and is complete at max", () => {
    render(<ProgressBar label="p" value={100} max={0} />);
    const bar = screen.getByRole("progressbar");
    expect(bar).toHaveAttribute("aria-valuemax", "100");
    expect(bar).toHaveAttribute("data-state", "complete");
  });
});
