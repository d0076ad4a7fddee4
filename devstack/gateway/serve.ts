import { type ServerType, serve } from "@hono/node-server";
import type { Hono } from "hono";

export interface ServedApp {
  url: string;
  close(): Promise<void>;
}

/** Serves a Hono app on loopback; close() also ends kept-alive connections so it never hangs. */
export async function serveApp(app: Hono, port: number): Promise<ServedApp> {
  const server = await new Promise<ServerType>((resolve) => {
    const started = serve({ fetch: app.fetch, port, hostname: "127.0.0.1" }, () => resolve(started));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        if ("closeAllConnections" in server) server.closeAllConnections();
      }),
  };
}
