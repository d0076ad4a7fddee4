import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Rating } from "ts-fsrs";
import { describe, expect, it, vi } from "vitest";
import { practiceCard } from "./fixtures.ts";
import { PracticeCardItem } from "./practice-card.tsx";

function renderCard(onReview = vi.fn(async () => undefined)) {
  const card = { ...practiceCard("bronwater", "bron", "Denk aan de bodem"), q: "Wat is bronwater?" };
  render(
    <ul>
      <PracticeCardItem card={card} state={null} onReview={onReview} />
    </ul>,
  );
  return { onReview, question: screen.getByRole("button", { name: /Wat is bronwater\?/ }) };
}

describe("PracticeCardItem keys", () => {
  it("flips once on Space on the question and rates with 1–4, announcing both", async () => {
    const { onReview, question } = renderCard();
    question.focus();
    // Space on the question button is the button's own click: one flip, not two.
    await userEvent.keyboard(" ");
    expect(question).toHaveAttribute("aria-expanded", "true");
    expect(screen.getByRole("status")).toHaveTextContent(/^Antwoord: /);
    expect(screen.getByRole("button", { name: "Goed" })).toHaveAttribute("aria-keyshortcuts", "3");

    await userEvent.keyboard("3");
    expect(onReview).toHaveBeenCalledExactlyOnceWith(Rating.Good);
    expect(await screen.findByText("Beoordeeld als Goed")).toBeInTheDocument();
    expect(question).toHaveAttribute("aria-expanded", "false");
    // Focus stays on the card, so the next Space flips it again.
    expect(question).toHaveFocus();
  });

  it("does not rate before the answer is shown", async () => {
    const { onReview, question } = renderCard();
    question.focus();
    await userEvent.keyboard("1");
    expect(onReview).not.toHaveBeenCalled();
    expect(question).toHaveAttribute("aria-expanded", "false");
  });

  it("leaves the hint button's own Space alone", async () => {
    const { question } = renderCard();
    screen.getByRole("button", { name: "Toon hint" }).focus();
    await userEvent.keyboard(" ");
    expect(screen.getByText("Denk aan de bodem")).toBeInTheDocument();
    expect(question).toHaveAttribute("aria-expanded", "false");
  });
});

/** A finger moving sideways across the card (pointer events, as a touch screen sends them). */
function swipe(element: Element, dx: number, pointerType = "touch") {
  const at = { pointerId: 7, isPrimary: true, pointerType, clientY: 100 };
  fireEvent.pointerDown(element, { ...at, clientX: 150 });
  fireEvent.pointerUp(element, { ...at, clientX: 150 + dx });
}

describe("PracticeCardItem by touch", () => {
  it.each([-90, 90])("turns over on a swipe of %i px", (dx) => {
    const { onReview, question } = renderCard();
    swipe(question, dx);
    expect(question).toHaveAttribute("aria-expanded", "true");
    expect(screen.getByText("bronwater is water.")).toBeInTheDocument();
    expect(onReview).not.toHaveBeenCalled();
  });

  it("grades a turned card Goed on a swipe right and Opnieuw on a swipe left", async () => {
    const { onReview, question } = renderCard();
    swipe(question, 90);
    swipe(question, 90);
    await waitFor(() => expect(onReview).toHaveBeenCalledExactlyOnceWith(Rating.Good));
    await waitFor(() => expect(question).toHaveAttribute("aria-expanded", "false"));

    swipe(question, 90);
    swipe(question, -90);
    await waitFor(() => expect(onReview).toHaveBeenLastCalledWith(Rating.Again));
  });

  it("leaves a tap, a scroll and a mouse drag alone", () => {
    const { onReview, question } = renderCard();
    swipe(question, 10);
    swipe(question, 120, "mouse");
    const at = { pointerId: 7, isPrimary: true, pointerType: "touch" };
    fireEvent.pointerDown(question, { ...at, clientX: 100, clientY: 100 });
    fireEvent.pointerUp(question, { ...at, clientX: 130, clientY: 400 });
    expect(question).toHaveAttribute("aria-expanded", "false");
    expect(onReview).not.toHaveBeenCalled();
  });

  it("shows the key hints only for a fine pointer", () => {
    renderCard();
    const spatie = screen.getByText("(spatie)");
    expect(spatie).toHaveClass("hidden", "pointer-fine:inline");
    expect(screen.getByText("(tik of veeg)")).toHaveClass("hidden", "pointer-coarse:inline");
  });
});
