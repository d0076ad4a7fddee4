import { useRef, useState } from "react";
import useSWR, { useSWRConfig } from "swr";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { SOURCE_ACCEPT } from "@/domain/source-files";
import { useAuth, useSupabase } from "@/lib/auth/auth-context";
import { useBackgroundReady } from "@/lib/background";
import { errorMessage } from "@/lib/query";
import { toast } from "@/lib/toast";
import type { Topic } from "@/lib/topics/api";
import { topicKey } from "@/lib/topics/hooks";
import {
  addSourceFile,
  fetchManagedSources,
  fetchStaleChapters,
  fileProblem,
  type ManagedSource,
  removeSource,
  replaceSourceFile,
  requestStaleFix,
  rereadSources,
  type StaleFix,
} from "./sources-api";

/**
 * Managing a topic's sources after it has a course (docs/teachers.md "When a source changes"): add,
 * replace or remove files, then read the sources again. The learning path stays; what its items cite
 * and no longer stands in the sources is marked stale, listed below for the creator to regenerate.
 */

export const sourcesKey = (topicId: string) => ["topic-sources", topicId] as const;
export const staleKey = (topicId: string) => ["topic-stale-items", topicId] as const;

function sourceName(source: ManagedSource): string {
  return source.file_name ?? source.source_url ?? (source.kind === "pasted" ? "Pasted text" : "Source");
}

/** A hidden file input opened by a button; hands the chosen file over once. */
function FileButton({ label, busy, onFile }: { label: string; busy: boolean; onFile(file: File): void }) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={input}
        type="file"
        className="hidden"
        aria-label={label}
        accept={SOURCE_ACCEPT}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = "";
          if (file) onFile(file);
        }}
      />
      <Button size="sm" variant="secondary" disabled={busy} onClick={() => input.current?.click()}>
        {label}
      </Button>
    </>
  );
}

export function SourcesDialog({ topic, onClose }: { topic: Topic; onClose(): void }) {
  const client = useSupabase();
  const { user } = useAuth();
  const sources = useSWR(sourcesKey(topic.id), () => fetchManagedSources(client, topic.id));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [changed, setChanged] = useState(false);
  const { mutate } = useSWRConfig();

  const run = async (write: () => Promise<void>, fallback: string, done?: string) => {
    setBusy(true);
    setError(null);
    try {
      await write();
      await sources.mutate();
      if (done) toast.success(done);
      return true;
    } catch (failure) {
      setError(errorMessage(failure, fallback));
      return false;
    } finally {
      setBusy(false);
    }
  };
  const withFile = (file: File, write: () => Promise<void>, done: string) => {
    const problem = fileProblem(file);
    if (problem) return setError(problem);
    run(write, "The source could not be changed", done).then((ok) => ok && setChanged(true));
  };
  const reread = async () => {
    const ok = await run(() => rereadSources(client, topic.id), "The sources could not be read again");
    if (!ok) return;
    // The header shows the run's progress; the stale list is replaced when the run ends.
    await Promise.all([mutate(topicKey(topic.id)), mutate(staleKey(topic.id))]);
    toast.success("Reading the sources again. The learning path stays; changed items will be marked.");
    onClose();
  };
  const userId = user?.id ?? "";

  return (
    <Dialog
      open
      onOpenChange={(next) => (next ? null : onClose())}
      title="Sources"
      description="Add, replace or remove the files this topic is built from. Read them again to find what changed."
    >
      <div className="space-y-4">
        <ul aria-label="Topic sources" className="flex flex-col gap-2">
          {(sources.data ?? []).map((source) => (
            <li key={source.id} className="flex flex-wrap items-center gap-2">
              <span className="min-w-0 flex-1 break-all text-sm">{sourceName(source)}</span>
              {source.file_path ? (
                <FileButton
                  label={`Replace ${sourceName(source)}`}
                  busy={busy}
                  onFile={(file) =>
                    withFile(
                      file,
                      () => replaceSourceFile(client, topic, userId, source, file),
                      `Replaced ${sourceName(source)}`,
                    )
                  }
                />
              ) : null}
              <Button
                size="sm"
                variant="ghost"
                disabled={busy}
                aria-label={`Remove ${sourceName(source)}`}
                onClick={() =>
                  run(
                    () => removeSource(client, source.id),
                    "The source could not be removed",
                    "Source removed",
                  ).then((ok) => ok && setChanged(true))
                }
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
        <FileButton
          label="Add a file"
          busy={busy}
          onFile={(file) =>
            withFile(file, () => addSourceFile(client, topic, userId, file), `Added ${file.name}`)
          }
        />
        {error ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {error}
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
          <Button onClick={reread} disabled={busy}>
            {changed ? "Read the sources again" : "Read again"}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}

/** The stale items of the topic's path, each with its own Regenerate; nothing when none changed. */
export function StaleItems({ topicId }: { topicId: string }) {
  const client = useSupabase();
  // A notice beside the topic, read once the page is shown (src/lib/background.tsx).
  const ready = useBackgroundReady();
  const { data: chapters, mutate } = useSWR(ready ? staleKey(topicId) : null, () =>
    fetchStaleChapters(client, topicId),
  );
  const [asked, setAsked] = useState<ReadonlySet<string>>(new Set());
  const [error, setError] = useState<string | null>(null);
  if (!chapters || chapters.length === 0) return null;

  const ask = async (fix: StaleFix) => {
    setError(null);
    try {
      await requestStaleFix(client, fix);
      setAsked((previous) => new Set([...previous, fix.key]));
      toast.success("Regeneration queued");
      await mutate();
    } catch (failure) {
      setError(errorMessage(failure, "The regeneration could not be started"));
    }
  };

  return (
    <section
      aria-label="Changed in the sources"
      className="rounded-lg border border-amber-200 p-4 dark:border-amber-900"
    >
      <h2 className="text-sm font-semibold">Changed in the sources</h2>
      <p className="text-xs text-neutral-500 dark:text-neutral-400">
        These items cite lines that changed or disappeared. Learners see a quiet notice until they are
        regenerated.
      </p>
      <ul className="mt-2 flex flex-col gap-2">
        {chapters.flatMap((chapter) =>
          chapter.fixes.map((fix) => (
            <li key={fix.key} className="flex flex-wrap items-center gap-2 text-sm">
              <span className="min-w-0 flex-1">
                Onderdeel {chapter.position}:{" "}
                {fix.part === "item" ? fix.label : `${chapter.title} (${fix.label})`}
              </span>
              <Button size="sm" variant="secondary" disabled={asked.has(fix.key)} onClick={() => ask(fix)}>
                {asked.has(fix.key)
                  ? "Queued"
                  : fix.part === "item"
                    ? "Regenerate question"
                    : "Regenerate chapter"}
              </Button>
            </li>
          )),
        )}
      </ul>
      {error ? (
        <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </section>
  );
}
