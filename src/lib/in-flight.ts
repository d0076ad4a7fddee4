/**
 * The app's requests in flight (supabase-js's fetch goes through `counted`, src/lib/supabase.ts), so
 * work that can wait does so until the page's own reads have answered (src/first-load.ts).
 */
let inFlight = 0;
const onSettled = new Set<() => void>();

/** `send`, counting each request from its start until its answer (or failure) arrives. */
export function counted(send: typeof fetch): typeof fetch {
  return (input, init) => {
    inFlight += 1;
    const response = send(input, init);
    const done = () => {
      inFlight -= 1;
      if (inFlight === 0) for (const settled of [...onSettled]) settled();
    };
    response.then(done, done);
    return response;
  };
}

/** Resolves once no counted request is in flight: at once when none is. */
export function requestsSettled(): Promise<void> {
  if (inFlight === 0) return Promise.resolve();
  return new Promise((resolve) => {
    const settled = () => {
      onSettled.delete(settled);
      resolve();
    };
    onSettled.add(settled);
  });
}
