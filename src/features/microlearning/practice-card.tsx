import { useState } from "react";
import type { Grade } from "ts-fsrs";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import type { PracticeCard } from "@/domain/activity-payload.ts";
import { isDue, REVIEW_GRADES, type StoredCard } from "@/domain/microlearning.ts";

const dutchDateTime = new Intl.DateTimeFormat("nl-NL", { dateStyle: "short", timeStyle: "short" });

interface PracticeCardItemProps {
  card: PracticeCard;
  state: StoredCard | null;
  onReview(grade: Grade): Promise<unknown>;
}

/** A collapsible practice card: the question; opened, its hint and answer and the FSRS grades when due. */
export function PracticeCardItem({ card, state, onReview }: PracticeCardItemProps) {
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const due = isDue(state, new Date());

  async function grade(value: Grade) {
    setSaving(true);
    try {
      await onReview(value);
      setOpen(false);
    } finally {
      setSaving(false);
    }
  }

  return (
    <li className="rounded-lg border border-neutral-200 dark:border-neutral-800">
      <button
        type="button"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        className="flex w-full items-center justify-between gap-3 p-4 text-left font-medium"
      >
        <span>{card.q}</span>
        {due ? (
          <Badge tone="warning">Nu te herhalen</Badge>
        ) : (
          state && <Badge>Volgende herhaling: {dutchDateTime.format(new Date(state.due))}</Badge>
        )}
      </button>
      {open && (
        <div className="flex flex-col gap-3 border-t border-neutral-200 p-4 text-sm dark:border-neutral-800">
          {card.hint && (
            <p>
              <span className="font-semibold">Hint</span> {card.hint}
            </p>
          )}
          <p>{card.a}</p>
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
