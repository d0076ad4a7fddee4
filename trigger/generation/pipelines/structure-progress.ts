/**
 * Where a structure run stands, as the percentage on the topic row (the topic page's bar polls it) and
 * on the run's metadata. The bands follow where the time goes: reading the sources (download, PDF pages,
 * OCR) takes most of it, so it has the widest band and moves within each source; writing the structure
 * is one model call, reported when it starts and when it is verified (docs/ingestion.md, "Progress").
 */

export type StructureStage = "started" | "reading" | "writing" | "done";

/** The band of the bar each stage moves through, in percent. */
export const STRUCTURE_BANDS: Readonly<Record<StructureStage, readonly [number, number]>> = {
  started: [1, 1],
  reading: [5, 70],
  // From the chunks saved to the structure written and its citations verified.
  writing: [75, 95],
  done: [100, 100],
};

/** The percentage for a stage and how far into it the run is (0 to 1), rounded to whole percent. */
export function structurePercent(stage: StructureStage, fraction = 0): number {
  const [from, to] = STRUCTURE_BANDS[stage];
  return Math.round(from + (to - from) * Math.min(1, Math.max(0, fraction)));
}

/**
 * How far the reading is when source `index` of `total` is `share` read (0 to 1, see readShare): the
 * sources split the reading band evenly.
 */
export function readingFraction(index: number, total: number, share: number): number {
  if (total <= 0) return 1;
  return (index + Math.min(1, Math.max(0, share))) / total;
}

/** Not more than one progress write a second: OCR reports each page, a PDF's text far more often. */
export const PROGRESS_WRITE_INTERVAL_MS = 1000;

export interface ThrottledProgress {
  /** A new percentage: written now, or within the interval if one was just written; lower ones are ignored. */
  report(percent: number): Promise<void>;
  /** Drops a pending write and waits for the one under way, before the run writes its final state. */
  close(): Promise<void>;
}

/**
 * Progress writes that never go backwards and come at most once per interval. A value held back is
 * written when the interval is over (unless a higher one replaced it, or close came first), so the bar
 * never stays behind while a slow step runs. Writes go out one after another; a failed write surfaces
 * on the next report or on close.
 */
export function throttledProgress(
  write: (percent: number) => Promise<void>,
  intervalMs = PROGRESS_WRITE_INTERVAL_MS,
): ThrottledProgress {
  const now = () => Date.now();
  let latest = 0;
  let written = 0;
  let lastWriteAt = Number.NEGATIVE_INFINITY;
  let pending: ReturnType<typeof setTimeout> | undefined;
  let closed = false;
  let failure: unknown;
  let writes = Promise.resolve();

  const writeLatest = (): Promise<void> => {
    pending = undefined;
    if (closed || latest <= written) return writes;
    const value = latest;
    written = value;
    lastWriteAt = now();
    writes = writes
      .then(() => write(value))
      .catch((error: unknown) => {
        failure ??= error;
      });
    return writes;
  };
  const rethrow = () => {
    if (failure !== undefined) throw failure;
  };

  return {
    async report(percent) {
      rethrow();
      const value = Math.round(percent);
      if (closed || value <= latest) return;
      latest = value;
      const wait = lastWriteAt + intervalMs - now();
      if (wait > 0) {
        pending ??= setTimeout(writeLatest, wait);
        return;
      }
      clearTimeout(pending);
      await writeLatest();
      rethrow();
    },
    async close() {
      closed = true;
      clearTimeout(pending);
      await writes;
      rethrow();
    },
  };
}
