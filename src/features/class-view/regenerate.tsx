import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Dialog } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { useSupabase } from "@/lib/auth/auth-context";
import { errorMessage } from "@/lib/query";
import {
  isPending,
  type Regeneration,
  requestChapterRegeneration,
  requestCoverageItems,
  requestItemRegeneration,
} from "./api";
import { useRegenerations } from "./hooks";

/**
 * Fixing one thing at a time (docs/teachers.md "Regenerating one item or one chapter"): a flagged
 * question or a whole chapter is written again from its own lines, after a confirmation; the request
 * waits for the task, and its outcome stays listed. Postgres decides who may and how often; a refusal
 * is shown in the dialog as a sentence. The coverage map's "Add items" is the same kind of request: new
 * items for one run of lines no item tests yet.
 */

/** What one Regenerate button fixes, and what the confirmation says about it. */
export type RegenerationTarget =
  | { part: "item"; chapterId: string; activityId: string; questionId: string; stem: string }
  | { part: "chapter"; chapterId: string; title: string }
  | {
      part: "lines";
      chapterId: string;
      chunkId: string;
      lineStart: number;
      lineEnd: number;
      label: string;
    };

function matches(target: RegenerationTarget, row: Regeneration): boolean {
  if (row.chapter_id !== target.chapterId || row.part !== target.part) return false;
  switch (target.part) {
    case "chapter":
      return true;
    case "item":
      return row.activity_id === target.activityId && row.question_id === target.questionId;
    case "lines":
      return (
        row.chunk_id === target.chunkId &&
        row.line_start === target.lineStart &&
        row.line_end === target.lineEnd
      );
  }
}

/** What the button says, what it is named for assistive technology, and what shows while it waits. */
const BUTTON: Record<
  RegenerationTarget["part"],
  { text: string; verb: string; pending: string; pendingVerb: string }
> = {
  item: { text: "Regenerate", verb: "Regenerate", pending: "Regenerating…", pendingVerb: "Regenerating" },
  chapter: { text: "Regenerate", verb: "Regenerate", pending: "Regenerating…", pendingVerb: "Regenerating" },
  lines: {
    text: "Add items",
    verb: "Add items for",
    pending: "Adding items…",
    pendingVerb: "Adding items for",
  },
};

const CONFIRM: Record<RegenerationTarget["part"], { title: string; description: string; action: string }> = {
  item: {
    title: "Regenerate this question?",
    description:
      "A new question is written from the lines this one cites and takes its place. Everything else stays, " +
      "and so does every learner's progress. Answers to the old question stay in their history but no longer " +
      "count for the new one.",
    action: "Regenerate question",
  },
  chapter: {
    title: "Regenerate this chapter?",
    description:
      "The chapter is written again from its part of the sources. Other chapters stay as they are. Learners " +
      "keep their progress on every activity that comes out the same; progress on a changed activity starts over.",
    action: "Regenerate chapter",
  },
  lines: {
    title: "Add items for these lines?",
    description:
      "New questions for the chapter's mastery check and new practice cards are written from these lines " +
      "alone. Nothing else changes, and every learner keeps their progress.",
    action: "Add items",
  },
};

function targetName(target: RegenerationTarget): string {
  switch (target.part) {
    case "item":
      return target.stem;
    case "chapter":
      return target.title;
    case "lines":
      return target.label;
  }
}

function requestFor(client: ReturnType<typeof useSupabase>, topicId: string, target: RegenerationTarget) {
  switch (target.part) {
    case "item":
      return requestItemRegeneration(client, target);
    case "chapter":
      return requestChapterRegeneration(client, target.chapterId);
    case "lines":
      return requestCoverageItems(client, { topicId, ...target });
  }
}

/** A Regenerate button with its confirmation; while a request for the same target is pending it says so. */
export function RegenerateButton({ topicId, target }: { topicId: string; target: RegenerationTarget }) {
  const client = useSupabase();
  const { data: regenerations, mutate } = useRegenerations(topicId);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const latest = regenerations?.find((row) => matches(target, row));
  const name = targetName(target);
  const copy = CONFIRM[target.part];
  const button = BUTTON[target.part];

  if (latest && isPending(latest)) {
    return (
      <span className="inline-flex items-center gap-2 text-sm" role="status">
        <Spinner label={`${button.pendingVerb} ${name}`} /> {button.pending}
      </span>
    );
  }

  async function confirm() {
    setBusy(true);
    setError(null);
    try {
      await requestFor(client, topicId, target);
      await mutate();
      setOpen(false);
    } catch (caught) {
      setError(errorMessage(caught, FAILED_TO_START[target.part]));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Button
        size="sm"
        variant="secondary"
        aria-label={`${button.verb} ${name}`}
        onClick={() => setOpen(true)}
      >
        {button.text}
      </Button>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) setError(null);
        }}
        title={copy.title}
        description={copy.description}
      >
        <p className="mb-4 text-sm font-medium">{name}</p>
        {error ? (
          <p role="alert" className="mb-4 text-sm text-red-700 dark:text-red-400">
            {error}
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button onClick={confirm} disabled={busy}>
            {copy.action}
          </Button>
        </div>
      </Dialog>
    </>
  );
}

const FAILED_TO_START: Record<RegenerationTarget["part"], string> = {
  item: "The regeneration could not be started.",
  chapter: "The regeneration could not be started.",
  lines: "The items could not be requested.",
};

/** "1 question", "2 questions": a count with its noun in the right number. */
function counted(count: number, singular: string, plural: string): string {
  return `${count} ${count === 1 ? singular : plural}`;
}

/** The outcome of a request for new items for untested lines. */
function linesSentence(row: Regeneration): string {
  if (isPending(row)) return "Items are being added.";
  if (row.status === "failed") return `Items could not be added: ${row.error ?? "unknown error"}`;
  const questions = counted(row.result?.questions ?? 0, "question", "questions");
  return `Added ${questions} and ${counted(row.result?.cards ?? 0, "card", "cards")}.`;
}

/** The outcome of one request in words. */
export function regenerationSentence(row: Regeneration): string {
  if (row.part === "lines") return linesSentence(row);
  const what = row.part === "item" ? "A question" : "A chapter";
  if (isPending(row)) return `${what} is being regenerated.`;
  if (row.status === "failed") return `${what} could not be regenerated: ${row.error ?? "unknown error"}`;
  if (row.part === "item") return `Question replaced by “${row.result?.stem ?? "a new question"}”.`;
  const kept = row.result?.kept ?? 0;
  const replaced = typeof row.result?.replaced === "number" ? row.result.replaced : 0;
  return `Chapter regenerated: ${replaced} ${replaced === 1 ? "activity" : "activities"} changed, ${kept} unchanged.`;
}

/** The latest regenerations and their outcomes, so a teacher sees what a fix did after the flag is gone. */
export function RecentRegenerations({ topicId }: { topicId: string }) {
  const { data: regenerations, error } = useRegenerations(topicId);
  if (error) return <p role="alert">{errorMessage(error, "The regenerations could not be loaded.")}</p>;
  if (!regenerations || regenerations.length === 0) return null;
  return (
    <Card className="mt-4 p-4">
      <h3 className="mb-2 text-sm font-semibold">Regenerated</h3>
      <ul className="space-y-1 text-sm" data-testid="regenerations">
        {regenerations.slice(0, 10).map((row) => (
          <li key={row.id} className={row.status === "failed" ? "text-red-700 dark:text-red-400" : undefined}>
            {regenerationSentence(row)}{" "}
            <span className="text-xs text-neutral-500 dark:text-neutral-400">
              {new Date(row.created_at).toLocaleString("en-GB")}
            </span>
          </li>
        ))}
      </ul>
    </Card>
  );
}
