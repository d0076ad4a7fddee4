import type { PracticeCard } from "@/domain/activity-payload.ts";
import type { Citation } from "@/domain/citation.ts";
import type { ExportChapter } from "./card-export.ts";

/** A cited range of a learner's PDF (lines are 0-based, shown +1). */
export function pdfCitation(page: number, lineStart: number, lineEnd: number): Citation {
  return {
    chunk_id: `chunk-${page}`,
    file_path: "entity-1/topic-1/rivieren.pdf",
    page_number: page,
    line_start: lineStart,
    line_end: lineEnd,
    exactLines: ["…"],
    snippet: null,
    source_url: null,
  };
}

export const webCitation: Citation = {
  chunk_id: "chunk-web",
  file_path: null,
  page_number: null,
  line_start: 0,
  line_end: 1,
  exactLines: ["…"],
  snippet: null,
  source_url: "https://www.example.nl/delta",
};

function card(id: string, overrides: Partial<PracticeCard>): PracticeCard {
  return {
    id,
    q: `Vraag ${id}?`,
    a: `Antwoord ${id}.`,
    hint: null,
    subtopic_id: null,
    citations: [],
    ...overrides,
  };
}

/** Two chapters, given out of order; the texts carry what each format must escape. */
export const exportChapters: ExportChapter[] = [
  {
    title: "Delta's en zeeën",
    position: 2,
    activityId: "act-2",
    cards: [
      card("c1", {
        q: "=SUM(A1) of niet?",
        a: 'Een "delta" ontstaat, zegt men, waar <rivier> & zee elkaar raken.\nTweede regel.',
        citations: [webCitation],
      }),
    ],
  },
  {
    title: "Bronnen",
    position: 1,
    activityId: "act-1",
    cards: [
      card("c1", {
        q: "Wat is een café-bron?",
        a: "Een bron bij een café.",
        hint: "Denk aan de bodem",
        // The same range twice counts once.
        citations: [pdfCitation(3, 3, 5), pdfCitation(3, 3, 5), pdfCitation(4, 0, 0)],
      }),
      card("c2", {}),
    ],
  },
];
