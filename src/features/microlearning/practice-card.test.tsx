import { render, screen } from "@testing-library/react";
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
