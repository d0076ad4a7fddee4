import { createServer, type Server, type Socket, connect as tcpConnect } from "node:net";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createPool, type GatewayContext } from "../../gateway/context.ts";
import { type GatewayHandle, startGateway } from "../../gateway/index.ts";
import { freePort } from "../../postgres.ts";
import { testGatewayContext } from "../support/gateway.ts";

/**
 * What /rest/v1 answers while Postgres is away: 503 PGRST000, as PostgREST does, so clients know to
 * retry, both while the server is down and while it replays its WAL after a crash. The gateway reaches
 * the test database through a loopback proxy that can drop every connection (the crash) and then play
 * a server in crash recovery, which refuses new connections with 57P03.
 */

const SCHEMA = "rest_conformance_connection";

type Mode = "forward" | "recovering";

/** A TCP proxy to Postgres that can cut its connections and stand in for a recovering server. */
class FlakyPostgres {
  mode: Mode = "forward";
  private readonly sockets = new Set<Socket>();
  private server: Server | undefined;
  port = 0;

  constructor(private readonly target: { host: string; port: number }) {}

  async start(): Promise<void> {
    this.port = await freePort();
    this.server = createServer((client) => this.accept(client));
    await new Promise<void>((resolve) => this.server?.listen(this.port, "127.0.0.1", resolve));
  }

  /** Every connection through the proxy ends at once, as when the server is killed. */
  dropAll(): void {
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
  }

  async stop(): Promise<void> {
    this.dropAll();
    await new Promise((resolve) => this.server?.close(resolve));
  }

  private accept(client: Socket): void {
    this.sockets.add(client);
    client.on("close", () => this.sockets.delete(client));
    client.on("error", () => {});
    if (this.mode === "recovering") {
      // The startup packet comes first; Postgres answers it with FATAL 57P03 and closes.
      client.once("data", () => client.end(startingUpError()));
      return;
    }
    const upstream = tcpConnect(this.target.port, this.target.host);
    this.sockets.add(upstream);
    upstream.on("close", () => {
      this.sockets.delete(upstream);
      client.destroy();
    });
    upstream.on("error", () => client.destroy());
    client.on("close", () => upstream.destroy());
    client.pipe(upstream);
    upstream.pipe(client);
  }
}

/** The ErrorResponse message a Postgres server in crash recovery sends a new connection. */
function startingUpError(): Buffer {
  const fields = Buffer.concat([
    ...[
      ["S", "FATAL"],
      ["V", "FATAL"],
      ["C", "57P03"],
      ["M", "the database system is starting up"],
    ].map(([type, value]) => Buffer.from(`${type}${value}\0`, "utf8")),
    Buffer.from([0]),
  ]);
  const header = Buffer.alloc(5);
  header.write("E", 0, "ascii");
  header.writeInt32BE(fields.length + 4, 1);
  return Buffer.concat([header, fields]);
}

const stack = inject("stack");
let proxy: FlakyPostgres;
let ctx: GatewayContext;
let gateway: GatewayHandle;
let admin: pg.Client;

beforeAll(async () => {
  admin = new pg.Client({ connectionString: stack.databaseUrl });
  await admin.connect();
  await admin.query(`
    drop schema if exists ${SCHEMA} cascade;
    create schema ${SCHEMA};
    grant usage on schema ${SCHEMA} to anon, authenticated, service_role;
    create table ${SCHEMA}.notes (id int primary key, body text not null);
    grant select on ${SCHEMA}.notes to anon;
    insert into ${SCHEMA}.notes values (1, 'kept');`);
  const target = new URL(stack.databaseUrl);
  proxy = new FlakyPostgres({ host: target.hostname, port: Number(target.port) });
  await proxy.start();
  target.port = String(proxy.port);
  const databaseUrl = target.toString();
  const port = await freePort();
  ctx = await testGatewayContext({
    publicUrl: `http://127.0.0.1:${port}`,
    databaseUrl,
    pool: createPool(databaseUrl),
    exposedSchemas: [SCHEMA],
  });
  // No task worker: it would only add its own reconnect attempts to the proxy's traffic.
  gateway = await startGateway(ctx, port, { tasks: { worker: false } });
});

afterAll(async () => {
  await gateway?.stop();
  await ctx?.pool.end();
  await proxy?.stop();
  await admin?.query(`drop schema if exists ${SCHEMA} cascade`);
  await admin?.end();
});

async function readNotes() {
  const response = await fetch(`${gateway.url}/rest/v1/notes?select=id,body`, {
    headers: { apikey: ctx.keys.anonKey, "Accept-Profile": SCHEMA },
  });
  return { status: response.status, body: await response.json() };
}

describe("a database that crashed and is recovering", () => {
  it("answers 503 PGRST000 while Postgres refuses connections, then serves again", async () => {
    expect(await readNotes()).toEqual({ status: 200, body: [{ id: 1, body: "kept" }] });

    proxy.mode = "recovering";
    proxy.dropAll();
    // The pool notices its dropped idle connections and discards them.
    const deadline = Date.now() + 5_000;
    while (ctx.pool.totalCount > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));

    const recovering = await readNotes();
    expect(recovering.status).toBe(503);
    expect(recovering.body).toMatchObject({
      code: "PGRST000",
      message: "Database connection error.",
      details: "the database system is starting up",
    });

    proxy.mode = "forward";
    expect(await readNotes()).toEqual({ status: 200, body: [{ id: 1, body: "kept" }] });
  });
});
