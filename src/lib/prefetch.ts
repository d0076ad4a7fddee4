/**
 * Requests started before the code that reads them has loaded (docs/performance.md): the first page's
 * data goes out beside the session check and the route's code, and the reader takes the answer instead
 * of asking again. Each answer is taken once and only while fresh, so later reads (SWR's revalidation,
 * a retry) always ask the server. Keys are the readers' own SWR keys.
 */

/** An answer older than this is not used; the reader asks again. */
export const PREFETCH_FRESH_MS = 10_000;

const started = new Map<string, { at: number; answer: Promise<unknown> }>();

const idOf = (key: readonly unknown[]) => JSON.stringify(key);

/** Starts `request` unless a fresh one for `key` is already on the way. */
export function prefetch(key: readonly unknown[], request: () => PromiseLike<unknown>): void {
  const id = idOf(key);
  const existing = started.get(id);
  if (existing && Date.now() - existing.at < PREFETCH_FRESH_MS) return;
  const answer = start(request);
  // A failure is the reader's to handle when it takes the answer; none is left unhandled meanwhile.
  answer.catch(() => {});
  started.set(id, { at: Date.now(), answer });
}

/** The prefetched answer for `key` if a fresh one exists (taking it), else `request()`. */
export function takePrefetched<T>(key: readonly unknown[], request: () => PromiseLike<T>): Promise<T> {
  const id = idOf(key);
  const hit = started.get(id);
  started.delete(id);
  if (hit && Date.now() - hit.at < PREFETCH_FRESH_MS) return hit.answer as Promise<T>;
  return start(request);
}

/** Calls `request` now (a PostgREST builder is sent when awaited) and turns a throw into a rejection. */
function start<T>(request: () => PromiseLike<T>): Promise<T> {
  try {
    return Promise.resolve(request());
  } catch (error) {
    return Promise.reject(error);
  }
}

/** For tests: forgets every prefetched answer. */
export function clearPrefetched(): void {
  started.clear();
}
