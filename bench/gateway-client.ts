/**
 * The client side of `npm run bench:gateway`, in its own process so that its work (fetch, autocannon)
 * never shares an event loop with the gateway it measures. Prints one JSON line.
 *
 *   tsx bench/gateway-client.ts single <runs> <url> <headers-json> <direct-json> <floor-url>
 *   tsx bench/gateway-client.ts load <connections> <seconds> <url> <headers-json>
 */
import { createRequire } from "node:module";
import pg from "pg";

interface AutocannonResult {
  requests: { average: number };
  errors: number;
  non2xx: number;
}
interface AutocannonInstance extends PromiseLike<AutocannonResult> {
  on(event: "response", listener: (client: unknown, status: number, bytes: number, ms: number) => void): void;
}
type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
  headers: Record<string, string>;
}) => AutocannonInstance;
const autocannon = createRequire(import.meta.url)("autocannon") as Autocannon;

export function median(values: number[]): number {
  return percentile(
    [...values].sort((a, b) => a - b),
    0.5,
  );
}

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] as number;
}

/** The same statement run straight on Postgres, on a connection already in the request's role. */
export interface Direct {
  databaseUrl: string;
  /** Switches the session to the request's role and claims once, before timing. */
  setup: { text: string; values: string[] };
  statement: { text: string; values: string[] };
}

/**
 * One request through the gateway, then the statement alone, then the same statement prepared, then
 * the gateway's trivial /health (the floor: HTTP and the gateway's middleware, no database),
 * alternately, so all four see the same moment of a shared machine's load; each timed from this
 * process. The statement alone is sent as a client sends a statement once (parsed and planned each
 * time); prepared, as the gateway sends a repeated read (parsed and planned once per connection).
 */
async function single(
  runs: number,
  url: string,
  headers: Record<string, string>,
  direct: Direct,
  floorUrl: string,
) {
  const client = new pg.Client({ connectionString: direct.databaseUrl });
  await client.connect();
  try {
    await client.query(direct.setup);
    const prepared = { ...direct.statement, name: "bench_statement" };
    const timed = async (work: () => Promise<unknown>) => {
      const start = performance.now();
      await work();
      return performance.now() - start;
    };
    const round = async () => [
      await timed(async () => (await fetch(url, { headers })).arrayBuffer()),
      await timed(() => client.query(direct.statement)),
      await timed(() => client.query(prepared)),
      await timed(async () => (await fetch(floorUrl, { headers })).arrayBuffer()),
    ];
    for (let i = 0; i < Math.min(20, runs); i++) await round();
    const times: number[][] = [[], [], [], []];
    for (let i = 0; i < runs; i++)
      for (const [index, ms] of (await round()).entries()) times[index]?.push(ms);
    const [gatewayMs, sqlMs, preparedMs, floorMs] = times.map(median) as [number, number, number, number];
    return { gatewayMs, sqlMs, preparedMs, floorMs };
  } finally {
    await client.end();
  }
}

async function load(connections: number, seconds: number, url: string, headers: Record<string, string>) {
  const latencies: number[] = [];
  const instance = autocannon({ url, connections, duration: seconds, headers });
  instance.on("response", (_client, _status, _bytes, ms) => latencies.push(ms));
  const result = await instance;
  latencies.sort((a, b) => a - b);
  return {
    rps: result.requests.average,
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
    failed: result.errors + result.non2xx,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [mode, ...rest] = process.argv.slice(2);
  const result =
    mode === "single"
      ? await single(
          Number(rest[0]),
          rest[1] as string,
          JSON.parse(rest[2] as string),
          JSON.parse(rest[3] as string),
          rest[4] as string,
        )
      : await load(Number(rest[0]), Number(rest[1]), rest[2] as string, JSON.parse(rest[3] as string));
  console.log(JSON.stringify(result));
}
