/**
 * The client side of `npm run bench:gateway`, in its own process so that its work (fetch, autocannon)
 * never shares an event loop with the gateway it measures. Prints one JSON line.
 *
 *   tsx bench/gateway-client.ts single <runs> <url> <headers-json> <direct-json>
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
 * One request through the gateway, then the statement alone, alternately, so both see the same
 * moment of a shared machine's load; each timed from this process.
 */
async function single(runs: number, url: string, headers: Record<string, string>, direct: Direct) {
  const client = new pg.Client({ connectionString: direct.databaseUrl });
  await client.connect();
  try {
    await client.query(direct.setup);
    const pair = async () => {
      const start = performance.now();
      await (await fetch(url, { headers })).arrayBuffer();
      const between = performance.now();
      await client.query(direct.statement);
      return [between - start, performance.now() - between] as const;
    };
    for (let i = 0; i < Math.min(20, runs); i++) await pair();
    const gatewayTimes: number[] = [];
    const sqlTimes: number[] = [];
    for (let i = 0; i < runs; i++) {
      const [gateway, sql] = await pair();
      gatewayTimes.push(gateway);
      sqlTimes.push(sql);
    }
    return { gatewayMs: median(gatewayTimes), sqlMs: median(sqlTimes) };
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
        )
      : await load(Number(rest[0]), Number(rest[1]), rest[2] as string, JSON.parse(rest[3] as string));
  console.log(JSON.stringify(result));
}
