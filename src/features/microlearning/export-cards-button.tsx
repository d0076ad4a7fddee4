import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import type { OutlineChapter } from "@/domain/outline.ts";
import { useSupabase } from "@/lib/auth/auth-context";
import type { ExportChapter } from "@/lib/card-export.ts";
import type { ExportFormat } from "@/lib/card-export-file.ts";
import type { StudymapClient } from "@/lib/database";
import { toast } from "@/lib/toast.ts";
import { fetchPracticeActivities } from "./api.ts";

const FORMATS: { format: ExportFormat; label: string }[] = [
  { format: "apkg", label: "Anki-pakket (.apkg)" },
  { format: "csv", label: "CSV-bestand (Excel)" },
];

/** Each chapter's practice activity, in outline order. */
function practiceActivities(chapters: readonly OutlineChapter[]) {
  return chapters.flatMap((chapter) => {
    const activityId = chapter.phases.find((phase) => phase.kind === "practice")?.activityId;
    return activityId ? [{ chapter, activityId }] : [];
  });
}

/** The chapters' practice cards, read when the learner exports (the overview does not load them). */
async function loadExportChapters(
  client: StudymapClient,
  chapters: readonly OutlineChapter[],
): Promise<ExportChapter[]> {
  const practice = practiceActivities(chapters);
  const decks = await fetchPracticeActivities(
    client,
    practice.map((item) => item.activityId),
  );
  return practice.flatMap(({ chapter, activityId }) => {
    const deck = decks.find((candidate) => candidate.activityId === activityId);
    return deck ? [{ title: chapter.title, position: chapter.position, activityId, cards: deck.cards }] : [];
  });
}

/**
 * docs/export.md: "Exporteer kaarten" on the micro-learning overview: the topic's practice cards with
 * their source citations as an Anki package or a CSV file. The file is built in the browser by a module
 * loaded on the first export, so the overview's own code stays small.
 */
export function ExportCardsButton({
  topicTitle,
  chapters,
}: {
  topicTitle: string;
  chapters: readonly OutlineChapter[];
}) {
  const client = useSupabase();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState<ExportFormat | null>(null);
  if (practiceActivities(chapters).length === 0) return null;

  async function exportAs(format: ExportFormat) {
    setBusy(format);
    try {
      const exportChapters = await loadExportChapters(client, chapters);
      const count = exportChapters.reduce((total, chapter) => total + chapter.cards.length, 0);
      if (count === 0) {
        toast.info("Nog geen oefenkaarten om te exporteren.");
        return;
      }
      const { cardExportFile, saveFile } = await import("@/lib/card-export-file.ts");
      saveFile(await cardExportFile(format, topicTitle, exportChapters));
      toast.success(count === 1 ? "1 kaart geëxporteerd" : `${count} kaarten geëxporteerd`);
      setOpen(false);
    } catch (error) {
      console.error("Failed to export practice cards:", error);
      toast.error("Exporteren is mislukt. Probeer het opnieuw.");
    } finally {
      setBusy(null);
    }
  }

  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Exporteer kaarten
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="Kaarten exporteren"
        description="Alle oefenkaarten van dit onderwerp, elk met de bron waarop het antwoord steunt."
      >
        <div className="flex flex-col gap-2">
          {FORMATS.map(({ format, label }) => (
            <Button key={format} onClick={() => void exportAs(format)} disabled={busy !== null}>
              {busy === format ? "Bezig…" : label}
            </Button>
          ))}
          <Button variant="ghost" onClick={() => setOpen(false)}>
            Annuleren
          </Button>
        </div>
      </Dialog>
    </>
  );
}
