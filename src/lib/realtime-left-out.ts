/**
 * Stands in for `@supabase/realtime-js` in the web build (see `vite.config.ts` and docs/performance.md).
 *
 * supabase-js creates a RealtimeClient in its constructor and imports realtime-js and phoenix statically,
 * about 17 kB gzip on every first load, yet the product never subscribes to a channel. The build maps
 * the package to this module: the client keeps its types and every other API, `setAuth` (called on each
 * token change) does nothing, and opening a channel throws so a future use cannot fail silently.
 */
export const REALTIME_LEFT_OUT =
  "Realtime is left out of the web build (src/lib/realtime-left-out.ts); remove the alias in vite.config.ts to use channels.";

export class RealtimeClient {
  constructor(
    readonly endPoint: string,
    readonly options?: unknown,
  ) {}

  setAuth(_token?: string | null): Promise<void> {
    return Promise.resolve();
  }

  channel(): never {
    throw new Error(REALTIME_LEFT_OUT);
  }

  getChannels(): [] {
    return [];
  }

  removeChannel(): Promise<"ok"> {
    return Promise.resolve("ok");
  }

  removeAllChannels(): Promise<[]> {
    return Promise.resolve([]);
  }

  connect(): void {}

  disconnect(): void {}
}
