import type { Citation } from "@/domain/citation.ts";
import { numberedLines } from "@/lib/citation-display.ts";

/** docs/product.md §2: a citation's exact lines, numbered as in the source; else its snippet. */
export function CitationExcerpt({ citation }: { citation: Citation }) {
  const lines = numberedLines(citation);
  if (lines.length > 0) {
    return (
      <ol className="max-h-72 overflow-auto rounded-lg bg-neutral-50 p-3 font-mono text-sm dark:bg-neutral-950">
        {lines.map((line) => (
          <li key={line.number} className="flex gap-3">
            <span className="w-8 shrink-0 select-none text-right text-neutral-500 dark:text-neutral-400">
              {line.number}
            </span>
            <span className="whitespace-pre-wrap">{line.text}</span>
          </li>
        ))}
      </ol>
    );
  }
  if (citation.snippet) {
    return (
      <blockquote className="border-l-4 border-neutral-300 pl-3 text-sm italic">
        {citation.snippet}
      </blockquote>
    );
  }
  return <p className="text-sm text-neutral-500 dark:text-neutral-400">No excerpt available</p>;
}
