import { useId, useState } from "react";
import type { Grade } from "ts-fsrs";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import type { PracticeCard } from "@/domain/activity-payload.ts";
import { isDue, REVIEW_GRADES, type StoredCard } from "@/domain/microlearning.ts";
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
 * card is due, the FSRS grades.
 */
export function PracticeCardItem({ card, state, onReview }: PracticeCardItemProps) {
  const [flipped, setFlipped] = useState(false);
  const [hintShown, setHintShown] = useState(false);
  const [saving, setSaving] = useState(false);
  const due = isDue(state, new Date());
  const answerId = useId();
  const hintId = useId();

  async function grade(value: Grade) {
    setSaving(true);
    try {
      await onReview(value);
      // The next review starts from the question again.
      setFlipped(false);
      setHintShown(false);
    } finally {
      setSaving(false);
    }
  }

  return (
    <li className="rounded-lg border border-neutral-200 dark:border-neutral-800">
      <button
        type="button"
        aria-expanded={flipped}
        aria-controls={answerId}
        onClick={() => setFlipped(!flipped)}
        className="flex w-full items-center justify-between gap-3 rounded-lg p-4 text-left font-medium focus-visible:outline-2 focus-visible:outline-emerald-600"
      >
        <span>{card.q}</span>
        <span className="flex shrink-0 items-center gap-2">
          {due ? (
            <Badge tone="warning">Nu te herhalen</Badge>
          ) : (
            state && <Badge>Volgende herhaling: {dutchDateTime.format(new Date(state.due))}</Badge>
          )}
          <span className="text-xs font-normal text-neutral-500">Draai om</span>
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
              {REVIEW_GRADES.map((option) => (
                <Button key={option.grade} size="sm" variant="secondary" onClick={() => grade(option.grade)}>
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
