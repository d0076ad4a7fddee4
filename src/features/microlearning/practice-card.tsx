import { type KeyboardEvent, useId, useRef, useState } from "react";
import { type Grade, Rating } from "ts-fsrs";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import type { PracticeCard } from "@/domain/activity-payload.ts";
import { isDue, REVIEW_GRADES, type StoredCard } from "@/domain/microlearning.ts";
import { isOwnKey } from "@/lib/keyboard.ts";
import { DisclosureButton } from "./disclosure-button.tsx";
import { useSwipe } from "./use-swipe.ts";

/**
 * Made at the first due date shown, not when the module loads: building a formatter loads its locale's
 * data, and on the micro-learning overview's first load (which imports this module) that took up to
 * 45 ms of one task (docs/performance.md, session 12).
 */
let dutchDateTime: Intl.DateTimeFormat | undefined;
function formatDutchDateTime(date: Date): string {
  dutchDateTime ??= new Intl.DateTimeFormat("nl-NL", { dateStyle: "short", timeStyle: "short" });
  return dutchDateTime.format(date);
}

interface PracticeCardItemProps {
  card: PracticeCard;
  state: StoredCard | null;
  onReview(grade: Grade): Promise<unknown>;
}

/**
 * A flash card: the question first; "Toon hint" reveals only the hint, so the learner can still try;
 * flipping the card (the question is a button, so Enter and Space work) shows the answer and, when the
 * card is due, the FSRS grades. With focus anywhere in the card, 1–4 pick a grade; a status line tells
 * screen readers what happened. On a touch screen a tap turns the card and a sideways swipe turns it or,
 * once turned, grades it and goes on; the key hints show only where there is a mouse.
 */
export function PracticeCardItem({ card, state, onReview }: PracticeCardItemProps) {
  const [flipped, setFlipped] = useState(false);
  const [hintShown, setHintShown] = useState(false);
  const [saving, setSaving] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const questionRef = useRef<HTMLButtonElement>(null);
  const cardRef = useRef<HTMLLIElement>(null);
  const due = isDue(state, new Date());
  const answerId = useId();
  const hintId = useId();

  function flip() {
    setFlipped(!flipped);
    setAnnouncement(flipped ? "Vraag getoond" : `Antwoord: ${card.a}`);
  }

  async function grade(option: (typeof REVIEW_GRADES)[number], goOn = false) {
    setSaving(true);
    try {
      await onReview(option.grade);
      // The next review starts from the question again.
      setFlipped(false);
      setHintShown(false);
      setAnnouncement(`Beoordeeld als ${option.label}`);
      // The grade buttons are gone; keep the keyboard on this card rather than dropping it to the page.
      questionRef.current?.focus({ preventScroll: goOn });
      // A swipe goes on to the next card, as turning a paper card over does.
      if (goOn) cardRef.current?.nextElementSibling?.scrollIntoView?.({ block: "nearest" });
    } finally {
      setSaving(false);
    }
  }

  /** Unturned, a swipe either way turns the card; turned and due, right is "Goed" and left "Opnieuw". */
  const swipe = useSwipe((direction) => {
    if (saving) return;
    const option = REVIEW_GRADES.find(
      (candidate) => candidate.grade === (direction === "right" ? Rating.Good : Rating.Again),
    );
    if (flipped && due && option) void grade(option, true);
    else flip();
  });

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
    <li
      ref={cardRef}
      onKeyDown={onKeyDown}
      {...swipe}
      // Vertical scrolling stays the browser's; a sideways move is the card's swipe.
      className="touch-pan-y rounded-lg border border-neutral-200 dark:border-neutral-800"
    >
      <p role="status" className="sr-only">
        {announcement}
      </p>
      {/* The question has the card's whole width; what it says about the card comes under it. */}
      <button
        type="button"
        aria-expanded={flipped}
        aria-controls={answerId}
        ref={questionRef}
        aria-keyshortcuts="Space"
        onClick={flip}
        className="flex w-full flex-col items-start gap-2 rounded-lg p-4 text-left focus-visible:outline-2 focus-visible:outline-emerald-600"
      >
        <span className="text-base font-medium break-words">{card.q}</span>
        <span className="flex flex-wrap items-center gap-2">
          {due ? (
            <Badge tone="warning">Nu te herhalen</Badge>
          ) : (
            state && <Badge>Volgende herhaling: {formatDutchDateTime(new Date(state.due))}</Badge>
          )}
          <span className="text-xs text-neutral-500 dark:text-neutral-400">
            Draai om {/* A key means nothing on a touch screen: the hint is for a mouse and keyboard only. */}
            <span aria-hidden="true" className="hidden pointer-fine:inline">
              (spatie)
            </span>
            <span aria-hidden="true" className="hidden pointer-coarse:inline">
              (tik of veeg)
            </span>
          </span>
        </span>
      </button>
      {card.hint && (
        <div className="flex flex-col gap-2 px-4 pb-4 text-sm">
          <DisclosureButton
            className="self-start max-sm:min-h-11"
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
          <p className="text-base">
            <span className="sr-only">Antwoord: </span>
            <span>{card.a}</span>
          </p>
          {due && (
            <p
              aria-hidden="true"
              className="hidden text-xs text-neutral-500 pointer-coarse:block dark:text-neutral-400"
            >
              Veeg naar rechts voor Goed, naar links voor Opnieuw
            </p>
          )}
          {due && (
            <fieldset className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap" disabled={saving}>
              <legend className="sr-only">Hoe goed wist je het?</legend>
              {REVIEW_GRADES.map((option, index) => (
                <Button
                  key={option.grade}
                  size="sm"
                  variant="secondary"
                  aria-keyshortcuts={String(index + 1)}
                  onClick={() => grade(option)}
                  className="max-sm:min-h-11"
                >
                  <span
                    className="hidden text-neutral-500 pointer-fine:inline dark:text-neutral-400"
                    aria-hidden="true"
                  >
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
