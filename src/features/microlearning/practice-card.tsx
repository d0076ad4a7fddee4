import { type KeyboardEvent, useId, useRef, useState } from "react";
import type { Grade } from "ts-fsrs";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import type { PracticeCard } from "@/domain/activity-payload.ts";
import { isDue, REVIEW_GRADES, type StoredCard } from "@/domain/microlearning.ts";
import { isOwnKey } from "@/lib/keyboard.ts";
import { DisclosureButton } from "./disclosure-button.tsx";

const dutchDateTime = new Intl.DateTimeFormat("nl-NL", { dateStyle: "short", timeStyle: "short" });

interface PracticeCardItemProps {
  card: PracticeCard;
  state: StoredCard | null;
  onReview(grade: Grade): Promise<unknown>;
}

/**
 * A flash card: the question first; "Toon hint" reveals only the hint, so the learner can still try;
 * flipping the card (the question is a button, so Enter and Space work) shows the answer and, when the
 * card is due, the FSRS grades. With focus anywhere in the card, 1–4 pick a grade; a status line tells
 * screen readers what happened.
 */
export function PracticeCardItem({ card, state, onReview }: PracticeCardItemProps) {
  const [flipped, setFlipped] = useState(false);
  const [hintShown, setHintShown] = useState(false);
  const [saving, setSaving] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const questionRef = useRef<HTMLButtonElement>(null);
  const due = isDue(state, new Date());
  const answerId = useId();
  const hintId = useId();

  function flip() {
    setFlipped(!flipped);
    setAnnouncement(flipped ? "Vraag getoond" : `Antwoord: ${card.a}`);
  }

  async function grade(option: (typeof REVIEW_GRADES)[number]) {
    setSaving(true);
    try {
      await onReview(option.grade);
      // The next review starts from the question again.
      setFlipped(false);
      setHintShown(false);
      setAnnouncement(`Beoordeeld als ${option.label}`);
      // The grade buttons are gone; keep the keyboard on this card rather than dropping it to the page.
      questionRef.current?.focus();
    } finally {
      setSaving(false);
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLLIElement>) {
    // Space needs no handler: every focusable part of the card is a button, which answers it itself.
    if (event.altKey || event.ctrlKey || event.metaKey || isOwnKey(event.target, event.key)) return;
    const option = REVIEW_GRADES[Number(event.key) - 1];
    if (option && flipped && due && !saving) {
      event.preventDefault();
      void grade(option);
    }
  }

  return (
    <li onKeyDown={onKeyDown} className="rounded-lg border border-neutral-200 dark:border-neutral-800">
      <p role="status" className="sr-only">
        {announcement}
      </p>
      <button
        type="button"
        aria-expanded={flipped}
        aria-controls={answerId}
        ref={questionRef}
        aria-keyshortcuts="Space"
        onClick={flip}
        className="flex w-full items-center justify-between gap-3 rounded-lg p-4 text-left font-medium focus-visible:outline-2 focus-visible:outline-emerald-600"
      >
        <span>{card.q}</span>
        <span className="flex shrink-0 items-center gap-2">
          {due ? (
            <Badge tone="warning">Nu te herhalen</Badge>
          ) : (
            state && <Badge>Volgende herhaling: {dutchDateTime.format(new Date(state.due))}</Badge>
          )}
          <span className="text-xs font-normal text-neutral-500 dark:text-neutral-400">
            Draai om <span aria-hidden="true">(spatie)</span>
          </span>
        </span>
      </button>
      {card.hint && (
        <div className="flex flex-col gap-2 px-4 pb-4 text-sm">
          <DisclosureButton
            className="self-start"
            open={hintShown}
            controls={hintId}
            onOpenChange={setHintShown}
          >
            Toon hint
          </DisclosureButton>
          {hintShown && (
            <p id={hintId}>
              <span className="font-semibold">Hint</span> {card.hint}
            </p>
          )}
        </div>
      )}
      {flipped && (
        <div
          id={answerId}
          className="flex flex-col gap-3 border-t border-neutral-200 p-4 text-sm dark:border-neutral-800"
        >
          <p>
            <span className="sr-only">Antwoord: </span>
            <span>{card.a}</span>
          </p>
          {due && (
            <fieldset className="flex flex-wrap items-center gap-2" disabled={saving}>
              <legend className="sr-only">Hoe goed wist je het?</legend>
              {REVIEW_GRADES.map((option, index) => (
                <Button
                  key={option.grade}
                  size="sm"
                  variant="secondary"
                  aria-keyshortcuts={String(index + 1)}
                  onClick={() => grade(option)}
                >
                  <span className="text-neutral-500 dark:text-neutral-400" aria-hidden="true">
                    {index + 1}
                  </span>
                  {option.label}
                </Button>
              ))}
            </fieldset>
          )}
        </div>
      )}
    </li>
  );
}
