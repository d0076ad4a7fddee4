import { Card } from "@/components/ui/card";
import { type ReviewSource, sourceDisplayName, sourceRecognitionNotes } from "./source-recognition.ts";

/** Quiet notes under a source or a citation: text recognised from images, and pages hard to read. */
export function RecognitionNotes({ notes }: { notes: readonly string[] }) {
  if (notes.length === 0) return null;
  const [recognised, ...warnings] = notes;
  return (
    <div className="flex flex-col gap-0.5 text-xs">
      <p className="text-neutral-500 dark:text-neutral-400">{recognised}</p>
      {warnings.map((warning) => (
        <p key={warning} className="text-amber-800 dark:text-amber-300">
          {warning}
        </p>
      ))}
    </div>
  );
}

function SourceItem({ source }: { source: ReviewSource }) {
  return (
    <li className="flex flex-col gap-0.5">
      {source.sourceUrl ? (
        <a
          href={source.sourceUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="break-all text-sm font-medium text-sky-800 underline hover:no-underline dark:text-sky-300"
        >
          {sourceDisplayName(source)}
        </a>
      ) : (
        <span className="break-all text-sm font-medium">{sourceDisplayName(source)}</span>
      )}
      {source.status === "failed" && source.error ? (
        <p className="text-xs text-red-700 dark:text-red-400">Could not be read: {source.error}</p>
      ) : (
        <RecognitionNotes notes={sourceRecognitionNotes(source)} />
      )}
    </li>
  );
}

/**
 * The sources the structure was built from, each with what the learner should know about its text; a web
 * page links to its address.
 */
export function SourcesCard({ sources }: { sources: readonly ReviewSource[] }) {
  if (sources.length === 0) return null;
  return (
    <Card className="flex flex-col gap-3 p-6">
      <h2 className="text-lg font-semibold">Sources</h2>
      <ul aria-label="Sources" className="flex flex-col gap-3">
        {sources.map((source) => (
          <SourceItem key={source.id} source={source} />
        ))}
      </ul>
    </Card>
  );
}
