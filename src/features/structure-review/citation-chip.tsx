import { SourceCitationChip } from "@/components/citation-chip";
import type { Citation } from "@/domain/citation.ts";
import { signSourceFile } from "./api.ts";
import { RecognitionNotes } from "./sources-card.tsx";

/**
 * docs/product.md §2: the shared "Source Citation" chip (src/components/citation-chip.tsx), with the notes
 * for the cited page when its text was recognised from an image (source-recognition.ts).
 */
export function CitationChip({ citation, notes = [] }: { citation: Citation; notes?: readonly string[] }) {
  return (
    <SourceCitationChip
      citation={citation}
      notes={<RecognitionNotes notes={notes} />}
      signFile={signSourceFile}
    />
  );
}
