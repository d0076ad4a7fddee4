/**
 * Preloaded into each function's Deno process (`deno run --preload=deno-host.ts <entry>`, see worker.ts).
 * A Supabase function registers its handler with `Deno.serve(handler)`; the edge runtime decides where
 * it listens. This host plays that part: it serves the captured handler on a free loopback port and
 * tells the gateway which one on stdout. It exits the process when the gateway closes its stdin, so a
 * gateway that dies leaves no orphans.
 */

type Handler = (request: Request, info: unknown) => Response | Promise<Response>;
type ServeOptions = { handler?: Handler; onError?: (error: unknown) => Response | Promise<Response> };
type ServeArguments = [Handler] | [ServeOptions] | [ServeOptions, Handler];

/** The part of Deno's API the host touches (this file is type-checked by tsc, not Deno). */
declare const Deno: {
  serve: (...args: unknown[]) => unknown;
  stdin: { readable: AsyncIterable<Uint8Array> };
  exit(code: number): never;
};

/** The gateway looks for this prefix on stdout; everything else the function prints is its log. */
const READY_PREFIX = "studymap-function-listening:";

function parseServeArguments(args: ServeArguments): { handler: Handler; options: ServeOptions } {
  const [first, second] = args;
  if (typeof first === "function") return { handler: first, options: {} };
  const handler = second ?? first.handler;
  if (!handler) throw new TypeError("Deno.serve needs a handler");
  return { handler, options: first };
}

function installServeCapture(): void {
  const realServe = Deno.serve.bind(Deno);
  let served = false;
  Deno.serve = (...args: unknown[]) => {
    if (served) throw new Error("An edge function may call Deno.serve only once");
    served = true;
    // Not started at preload: Deno runs a preloaded module's pending work to completion before the entry.
    void exitWhenGatewayCloses();
    const { handler, options } = parseServeArguments(args as ServeArguments);
    return realServe(
      {
        hostname: "127.0.0.1",
        port: 0,
        onError: options.onError,
        onListen: ({ port }: { port: number }) => console.log(`${READY_PREFIX}${port}`),
      },
      handler,
    );
  };
}

/** Supabase's `EdgeRuntime.waitUntil` keeps background work alive after the response; a process does. */
function installEdgeRuntimeGlobal(): void {
  Object.assign(globalThis, {
    EdgeRuntime: {
      waitUntil: (work: Promise<unknown>) => work.catch((error) => console.error(error)),
    },
  });
}

async function exitWhenGatewayCloses(): Promise<void> {
  for await (const _ of Deno.stdin.readable) {
    // The gateway never writes; reading only detects when the pipe closes.
  }
  Deno.exit(0);
}

installServeCapture();
installEdgeRuntimeGlobal();

export {};
