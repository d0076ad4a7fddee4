import type { PracticeCard, Question, ScriptTurn, StudyBlock } from "../../src/domain/activity-payload.ts";
import { type Citation, citationsOf, uniqueCitations } from "../../src/domain/citation.ts";
import type { Structure } from "../../src/domain/structure.ts";
import type { Chunk } from "./ingest/index.ts";
import type { ActivityDraft, ChapterDraft } from "./providers/types.ts";
import {
  addedCause,
  citedText,
  isParaphraseSupported,
  isSupported,
  QUOTE_SHARE,
  unbackedClaim,
} from "./support.ts";

export interface VerificationCounts {
  /** Citations that point to real lines of a real chunk, quoted exactly. */
  citations: { verified: number; dropped: number };
  /** Grounded items (subtopics, questions, cards, study blocks): kept with a verified citation, or dropped. */
  items: { kept: number; dropped: number };
}

type ChunkLike = Pick<Chunk, "id" | "file_path" | "page_number" | "line_start" | "line_end" | "content"> & {
  /** The web page a chunk was read from (corpus chunks of url sources). */
  source_url?: string | null;
};

/**
 * Checks every citation against the stored chunks: the chunk exists, file and page match, the range lies
 * inside the chunk, and `exactLines` are the source's lines line_start..line_end verbatim. Anything else
 * is dropped and counted. Items whose answer the cited lines do not back are dropped too.
 */
export class CitationVerifier {
  readonly counts: VerificationCounts = {
    citations: { verified: 0, dropped: 0 },
    items: { kept: 0, dropped: 0 },
  };
  private readonly lines = new Map<string, string[]>();

  constructor(private readonly chunks: ReadonlyMap<string, ChunkLike>) {}

  /** The citation as stored (snippet checked, no invented address), or null when it does not verify. */
  citation(citation: Citation): Citation | null {
    const chunk = this.chunks.get(citation.chunk_id);
    const valid =
      chunk !== undefined &&
      citation.file_path === chunk.file_path &&
      citation.page_number === chunk.page_number &&
      citation.line_start >= chunk.line_start &&
      citation.line_start <= citation.line_end &&
      citation.line_end <= chunk.line_end &&
      sameLines(citation.exactLines, this.linesOf(chunk, citation.line_start, citation.line_end)) &&
      citation.exactLines.some((line) => line.trim() !== "");
    if (!valid) {
      this.counts.citations.dropped++;
      return null;
    }
    this.counts.citations.verified++;
    const snippet =
      citation.snippet && isSupported(citation.snippet, citation.exactLines, QUOTE_SHARE)
        ? citation.snippet
        : citedText(citation.exactLines);
    // The address is the cited chunk's own web page, or none: one a model wrote could be made up.
    const source_url = chunk.source_url ?? null;
    return { ...citation, exactLines: [...citation.exactLines], snippet, source_url };
  }

  citations(citations: readonly Citation[]): Citation[] {
    return uniqueCitations(citations.flatMap((citation) => this.citation(citation) ?? []));
  }

  structure(structure: Structure): Structure {
    return {
      ...structure,
      sections: structure.sections.map((section) => ({
        ...section,
        subtopics: section.subtopics.map((subtopic) => {
          const citations = this.citations(subtopic.citations);
          if (subtopic.citations.length > 0) this.countItem(citations.length > 0);
          return { ...subtopic, citations };
        }),
      })),
    };
  }

  chapter(chapter: ChapterDraft): ChapterDraft {
    return { ...chapter, activities: chapter.activities.map((activity) => this.activity(activity)) };
  }

  private activity(activity: ActivityDraft): ActivityDraft {
    switch (activity.kind) {
      case "diagnostic":
      case "mastery": {
        const questions = this.answered(
          activity.payload.questions,
          (q: Question) => q.options[q.correct_option] ?? "",
        );
        return { ...activity, payload: { questions }, citations: citationsOf(questions) };
      }
      case "practice": {
        const cards = this.answered(activity.payload.cards, (card: PracticeCard) => card.a);
        return { ...activity, payload: { cards }, citations: citationsOf(cards) };
      }
      case "study": {
        const blocks = activity.payload.blocks.flatMap((block) => this.block(block));
        return { ...activity, payload: { blocks }, citations: citationsOf(blocks) };
      }
      case "recap": {
        // A turn is spoken either way; it only loses the citations that do not verify.
        const script = activity.payload.script?.map((turn) => ({
          ...turn,
          citations: this.citations(turn.citations),
        }));
        const payload = script ? { ...activity.payload, script } : activity.payload;
        return { ...activity, payload, citations: this.citations(activity.citations) };
      }
      default:
        return { ...activity, citations: this.citations(activity.citations) };
    }
  }

  /**
   * Why an expert turn of a podcast script is not grounded, or null when it is: every answer of the
   * expert needs a verified citation whose lines back what it says. The host introduces and asks and may
   * cite nothing.
   */
  turnProblem(turn: ScriptTurn): string | null {
    if (turn.speaker !== "expert") return null;
    const citations = this.citations(turn.citations);
    if (citations.length === 0) return "cites no line that verifies";
    const lines = citations.flatMap((citation) => citation.exactLines);
    // The sentence at fault is quoted: a model asked to rewrite the turn had to guess which claim it was.
    if (!isParaphraseSupported(turn.text, lines)) {
      const claim = unbackedClaim(turn.text, lines);
      return `says what its cited lines do not${claim ? `: “${claim}”` : ""}`;
    }
    const cause = addedCause(turn.text, lines);
    return cause ? `states a cause its cited lines do not: “${cause}”` : null;
  }

  /**
   * The script with only grounded expert turns: an expert turn that is not grounded goes, and so do the
   * host's turns that lead up to it (a question whose answer is gone). The problems say which turns went.
   */
  groundedScript(script: readonly ScriptTurn[]): { script: ScriptTurn[]; problems: string[] } {
    const kept: ScriptTurn[] = [];
    const problems: string[] = [];
    let leadIn: ScriptTurn[] = [];
    for (const [index, turn] of script.entries()) {
      if (turn.speaker !== "expert") {
        leadIn.push(turn);
        continue;
      }
      const problem = this.turnProblem(turn);
      if (problem) problems.push(`turn ${index + 1} ${problem}`);
      else kept.push(...leadIn, turn);
      leadIn = [];
    }
    // A closing word of the host stays when the conversation it closes does.
    if (kept.length > 0) kept.push(...leadIn);
    return { script: kept, problems };
  }

  /** Items that ask something: kept only with a verified citation whose lines back the answer. */
  private answered<T extends { citations: Citation[] }>(
    items: readonly T[],
    answerOf: (item: T) => string,
  ): T[] {
    return items.flatMap((item) => {
      const citations = this.citations(item.citations);
      const backed =
        citations.length > 0 &&
        isSupported(
          answerOf(item),
          citations.flatMap((c) => c.exactLines),
        );
      this.countItem(backed);
      return backed ? [{ ...item, citations }] : [];
    });
  }

  private block(block: StudyBlock): StudyBlock[] {
    if (block.type === "qa") return this.answered([block], (qa) => qa.question?.answer ?? "");
    const citations = this.citations(block.citations);
    if (block.citations.length === 0) return [block];
    // A quoted example must still be quoted from the source; a heading or gist only loses bad citations.
    if (block.type === "example") this.countItem(citations.length > 0);
    return block.type === "example" && citations.length === 0 ? [] : [{ ...block, citations }];
  }

  private countItem(kept: boolean) {
    if (kept) this.counts.items.kept++;
    else this.counts.items.dropped++;
  }

  private linesOf(chunk: ChunkLike, lineStart: number, lineEnd: number): string[] {
    let lines = this.lines.get(chunk.id);
    if (!lines) {
      lines = chunk.content.split("\n");
      this.lines.set(chunk.id, lines);
    }
    return lines.slice(lineStart - chunk.line_start, lineEnd - chunk.line_start + 1);
  }
}

function sameLines(given: readonly string[], actual: readonly string[]): boolean {
  return given.length === actual.length && given.every((line, index) => line === actual[index]);
}
