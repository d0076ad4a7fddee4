import { AsyncLocalStorage } from "node:async_hooks";

/**
 * How far the reading of one source has come, told by the readers as they go (a PDF's pages, the
 * scanned pages rendered and recognised), so a run that reads one long source still moves its progress
 * bar (docs/ingestion.md, "Progress").
 */

/** pages: a PDF's text read page by page; rendering and recognising: its scanned pages, or a photo. */
export type ReadStage = "pages" | "rendering" | "recognising";

export interface ReadStep {
  stage: ReadStage;
  /** Items of this stage finished so far (pages), out of `total`. */
  done: number;
  total: number;
}

export type ReadStepListener = (step: ReadStep) => void;

/**
 * The share of a source's reading each stage covers, from 0 to 1. Text pages are quick, recognition is
 * slow (about two seconds a page), so it gets the larger part; a PDF without scans jumps from 0.4 to
 * read, which is where the next source (or chunk saving) takes over.
 */
export const READ_STAGE_BANDS: Readonly<Record<ReadStage, readonly [number, number]>> = {
  pages: [0, 0.4],
  rendering: [0.4, 0.5],
  recognising: [0.5, 1],
};

/** Where a step puts the source's reading, from 0 (started) to 1 (every page read). */
export function readShare(step: ReadStep): number {
  const [from, to] = READ_STAGE_BANDS[step.stage];
  const fraction = step.total > 0 ? Math.min(1, Math.max(0, step.done / step.total)) : 0;
  return from + (to - from) * fraction;
}

const listeners = new AsyncLocalStorage<ReadStepListener>();

/** Runs a source's reading with a listener for the steps its readers report. */
export function withReadProgress<T>(listener: ReadStepListener, read: () => Promise<T>): Promise<T> {
  return listeners.run(listener, read);
}

/** Tells the reading's listener a step is done; outside withReadProgress it does nothing. */
export function reportReadStep(stage: ReadStage, done: number, total: number): void {
  listeners.getStore()?.({ stage, done, total });
}
