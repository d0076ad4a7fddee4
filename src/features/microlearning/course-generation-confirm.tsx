import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";

/**
 * Whose progress a new "Genereer leerpad" would touch: a number of learners (the managers' count from
 * `course_regeneration_learners`), "own" for a learner's progress on their own draft, or "unknown" when
 * the count could not be read (then the app asks rather than risk it).
 */
export type ProgressAtRisk = number | "own" | "unknown";

export const REGENERATE_TITLE = "Leerpad opnieuw genereren?";

/** Progress on unchanged activities is kept by the server (save_generated_course); the rest starts over. */
const WHAT_HAPPENS =
  "De voortgang op onderdelen die niet veranderen blijft bewaard; op gewijzigde onderdelen begint de voortgang opnieuw.";

/** The dialog's sentence: who has progress, and what happens to it. */
export function regenerateDescription(atRisk: ProgressAtRisk): string {
  return `${whoHasProgress(atRisk)} ${WHAT_HAPPENS}`;
}

function whoHasProgress(atRisk: ProgressAtRisk): string {
  if (atRisk === "own") return "Je hebt al voortgang in dit leerpad.";
  if (atRisk === "unknown") return "Er kan al voortgang in dit leerpad zijn.";
  if (atRisk === 1) return "1 leerling heeft voortgang in dit leerpad.";
  return `${atRisk} leerlingen hebben voortgang in dit leerpad.`;
}

/** Asks before a regeneration replaces a course that learners have progress on (issue 23). */
export function RegenerateCourseDialog({
  atRisk,
  onConfirm,
  onCancel,
}: {
  atRisk: ProgressAtRisk | null;
  onConfirm(): void;
  onCancel(): void;
}) {
  return (
    <Dialog
      open={atRisk !== null}
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
      title={REGENERATE_TITLE}
      description={atRisk === null ? undefined : regenerateDescription(atRisk)}
    >
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          Annuleren
        </Button>
        <Button onClick={onConfirm}>Opnieuw genereren</Button>
      </div>
    </Dialog>
  );
}
