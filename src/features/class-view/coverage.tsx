import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Spinner } from "@/components/ui/spinner";
import { lineRangeText } from "@/lib/citation-display";
import { errorMessage } from "@/lib/query";
import type { SourceCoverage, UntestedRun } from "./api";
import { percent } from "./flags";
import { useSourceCoverage } from "./hooks";
import { RegenerateButton } from "./regenerate";

/**
 * The coverage map (docs/teachers.md "Coverage"): per source, the runs of lines that no question or card
 * of the published path tests, each with the chapter new items would go to and a button to add them.
 * Postgres finds the runs and decides who may see them; this only lays them out.
 */

/** How many runs a source shows before the teacher asks for all of them. */
export const RUNS_SHOWN_FIRST = 10;

/** The body of the class screen's Coverage section (the screen draws its heading). */
export function SourceCoverageSection({ topicId }: { topicId: string }) {
  const { data: sources, error, isLoading } = useSourceCoverage(topicId);
  if (error) return <p role="alert">{errorMessage(error, "The coverage could not be loaded.")}</p>;
  if (isLoading || !sources) return <Spinner label="Loading the coverage" />;
  if (sources.length === 0) {
    return (
      <EmptyState
        title="No sources to map"
        description="Coverage appears once the topic has sources and a published path."
      />
    );
  }
  return (
    <div className="space-y-6">
      {sources.map((source) => (
        <SourceCard key={source.sourceId} source={source} topicId={topicId} />
      ))}
    </div>
  );
}

/** "X of Y lines tested (Z %)"; a source without body lines has no share. */
export function testedSentence(source: Pick<SourceCoverage, "bodyLines" | "testedLines">): string {
  const share = source.bodyLines === 0 ? null : source.testedLines / source.bodyLines;
  return `${source.testedLines} of ${source.bodyLines} lines tested (${percent(share)})`;
}

/** Where a run is, as citations say it: "p.3 · Lines: 4-6", the page part only in paged sources. */
export function runRange(run: Pick<UntestedRun, "pageNumber" | "lineStart" | "lineEnd">): string {
  const lines = lineRangeText({ line_start: run.lineStart, line_end: run.lineEnd });
  return run.pageNumber === null ? lines : `p.${run.pageNumber} · ${lines}`;
}

function SourceCard({ source, topicId }: { source: SourceCoverage; topicId: string }) {
  const [showAll, setShowAll] = useState(false);
  const runs = showAll ? source.runs : source.runs.slice(0, RUNS_SHOWN_FIRST);
  const headingId = `coverage-${source.sourceId}`;
  return (
    <Card className="p-4" data-testid="coverage-source">
      <h3 id={headingId} className="font-semibold break-words">
        {source.name}
      </h3>
      <p className="text-sm text-neutral-500 dark:text-neutral-400">{testedSentence(source)}</p>
      {source.runs.length === 0 ? (
        <p className="mt-3 text-sm">Every line is tested.</p>
      ) : (
        <ol className="mt-3 space-y-4" aria-labelledby={headingId}>
          {runs.map((run) => (
            <RunItem
              key={`${run.chunkId}:${run.lineStart}`}
              run={run}
              sourceName={source.name}
              topicId={topicId}
            />
          ))}
        </ol>
      )}
      {!showAll && source.runs.length > RUNS_SHOWN_FIRST ? (
        <Button className="mt-3" size="sm" variant="ghost" onClick={() => setShowAll(true)}>
          Show all {source.runs.length}
        </Button>
      ) : null}
    </Card>
  );
}

function RunItem({ run, sourceName, topicId }: { run: UntestedRun; sourceName: string; topicId: string }) {
  const range = runRange(run);
  return (
    <li className="border-t border-neutral-200 pt-3 dark:border-neutral-800" data-testid="untested-run">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="min-w-0 text-sm font-medium">{range}</p>
        {run.chapterId ? (
          <RegenerateButton
            topicId={topicId}
            target={{
              part: "lines",
              chapterId: run.chapterId,
              chunkId: run.chunkId,
              lineStart: run.lineStart,
              lineEnd: run.lineEnd,
              label: `${sourceName} ${range}`,
            }}
          />
        ) : null}
      </div>
      {/* Excerpts can hold long unbroken words or URLs; they wrap so a phone's 360 px never scrolls sideways. */}
      <blockquote className="mt-1 border-l-4 border-neutral-300 pl-3 text-sm break-words whitespace-pre-line text-neutral-600 dark:border-neutral-700 dark:text-neutral-300">
        {run.excerpt}
      </blockquote>
      <p className="mt-1 text-xs text-neutral-500 dark:text-neutral-400">
        {run.chapterTitle ? `→ ${run.chapterTitle}` : "No chapter takes these lines yet."}
      </p>
    </li>
  );
}
