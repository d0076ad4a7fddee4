import { randomUUID } from "node:crypto";
import { createClient } from "@supabase/supabase-js";
import { SignJWT } from "jose";
import pg from "pg";
import { inject } from "vitest";
import { type GatewayHandle, startGateway } from "../../gateway/index.ts";
import { freePort } from "../../postgres.ts";
import { testGatewayContext } from "../support/gateway.ts";

/**
 * A conformance fixture: a schema of its own (tables with foreign keys of every cardinality, RLS
 * for anon and authenticated, set-returning, scalar and void functions) served by a gateway
 * started in this process, so the REST tests do not depend on the product's migrations.
 * Each test file gets its own schema, `rest_conformance_<name>`, because files run in parallel.
 */

function fixtureClient(url: string, key: string, schema: string, headers: Record<string, string> = {}) {
  return createClient(url, key, {
    db: { schema },
    auth: { persistSession: false, autoRefreshToken: false },
    global: { headers },
  });
}

export type FixtureClient = ReturnType<typeof fixtureClient>;

export interface RestFixture {
  schema: string;
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  jwtSecret: string;
  /** Superuser connection for setup and for checking what really is in the database. */
  admin: pg.Client;
  anon: FixtureClient;
  service: FixtureClient;
  /** A client acting as an `authenticated` user with this id. */
  as(userId: string): Promise<FixtureClient>;
  sign(claims: Record<string, unknown>, expiresInSeconds?: number): Promise<string>;
  log: string[];
  stop(): Promise<void>;
}

export const ALICE = "00000000-0000-4000-8000-00000000a11c";
export const BOB = "00000000-0000-4000-8000-000000000b0b";

export interface FixtureOptions {
  /**
   * PostgREST's in-database settings (`pgrst.<key>`, e.g. `db_aggregates_enabled`), set on the
   * fixture's own stand-in for the authenticator role so files running in parallel do not share them.
   */
  settings?: Record<string, string>;
}

export async function startRestFixture(
  name: string,
  extraSchemas: string[] = [],
  options: FixtureOptions = {},
): Promise<RestFixture> {
  const stack = inject("stack");
  const schema = `rest_conformance_${name}`;
  const authenticatorRole = `${schema}_authenticator`;
  const admin = new pg.Client({ connectionString: stack.databaseUrl });
  await admin.connect();
  await admin.query(fixtureSql(schema));
  for (const extra of extraSchemas) await admin.query(fixtureSql(extra));
  await admin.query(authenticatorSql(authenticatorRole, options.settings ?? {}));

  const port = await freePort();
  const log: string[] = [];
  const ctx = await testGatewayContext({
    publicUrl: `http://127.0.0.1:${port}`,
    exposedSchemas: [schema, ...extraSchemas],
    authenticatorRole,
    log: (line) => log.push(line),
  });
  const { keys } = ctx;
  const gateway: GatewayHandle = await startGateway(ctx, port);
  const sign = (claims: Record<string, unknown>, expiresInSeconds = 3600) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + expiresInSeconds)
      .sign(new TextEncoder().encode(keys.jwtSecret));
  return {
    schema,
    url: gateway.url,
    anonKey: keys.anonKey,
    serviceRoleKey: keys.serviceRoleKey,
    jwtSecret: keys.jwtSecret,
    admin,
    anon: fixtureClient(gateway.url, keys.anonKey, schema),
    service: fixtureClient(gateway.url, keys.serviceRoleKey, schema),
    async as(userId) {
      const token = await sign({
        sub: userId,
        role: "authenticated",
        aud: "authenticated",
        email: `${userId}@example.test`,
        session_id: randomUUID(),
      });
      return fixtureClient(gateway.url, keys.anonKey, schema, { Authorization: `Bearer ${token}` });
    },
    sign,
    log,
    async stop() {
      await gateway.stop();
      await ctx.pool.end();
      await admin.query(`drop schema if exists ${schema} cascade`);
      for (const extra of extraSchemas) await admin.query(`drop schema if exists ${extra} cascade`);
      await admin.query(`drop role if exists ${authenticatorRole}`);
      await admin.end();
    },
  };
}

/** A role standing in for `authenticator`, whose `pgrst.*` settings are the fixture gateway's. */
function authenticatorSql(role: string, settings: Record<string, string>): string {
  const set = Object.entries(settings).map(
    ([key, value]) => `alter role ${role} set pgrst.${key} = '${value.replaceAll("'", "''")}';`,
  );
  return [`drop role if exists ${role};`, `create role ${role} nologin;`, ...set].join("\n");
}

/** The fixture schema; `s` is a plain identifier chosen by the tests. */
export function fixtureSql(s: string): string {
  return `
drop schema if exists ${s} cascade;
create schema ${s};
grant usage on schema ${s} to anon, authenticated, service_role;

create type ${s}.mood as enum ('calm', 'curious', 'tired');

create table ${s}.subjects (
  id bigint generated by default as identity primary key,
  title text not null unique
);

create table ${s}.topics (
  id bigint generated by default as identity primary key,
  title text not null,
  subject_id bigint references ${s}.subjects (id),
  reviewed_subject_id bigint constraint topics_reviewed_subject_fkey references ${s}.subjects (id),
  parent_id bigint references ${s}.topics (id),
  level int,
  tags text[] not null default '{}',
  metadata jsonb not null default '{}',
  mood ${s}.mood,
  published boolean not null default true,
  owner_id uuid,
  price numeric(8, 2),
  created_at timestamptz not null default '2024-01-02T03:04:05Z',
  search tsvector generated always as (to_tsvector('english', title)) stored
);

create table ${s}.chapters (
  id bigint generated by default as identity primary key,
  topic_id bigint not null references ${s}.topics (id) on delete cascade,
  title text not null,
  position int not null,
  unique (topic_id, position)
);

create table ${s}.topic_details (
  topic_id bigint primary key references ${s}.topics (id) on delete cascade,
  summary text
);

create table ${s}.labels (
  id int primary key,
  name text not null unique
);

create table ${s}.topic_labels (
  topic_id bigint references ${s}.topics (id) on delete cascade,
  label_id int references ${s}.labels (id),
  primary key (topic_id, label_id)
);

create table ${s}.notes (
  id uuid primary key default gen_random_uuid(),
  owner_id uuid not null default auth.uid(),
  body text not null check (length(body) < 200),
  created_at timestamptz not null default now()
);

create table ${s}.counters (
  name text primary key,
  value int not null default 0,
  note text default 'fresh'
);

create table ${s}.secrets (id int primary key, value text);

create view ${s}.topic_titles as select id, title, subject_id from ${s}.topics;

grant select, insert, update, delete on all tables in schema ${s} to anon, authenticated, service_role;
grant usage on all sequences in schema ${s} to anon, authenticated, service_role;
revoke all on ${s}.secrets from anon, authenticated;

alter table ${s}.topics enable row level security;
create policy "Published topics are readable by anyone" on ${s}.topics for select
  using (published or owner_id = (select auth.uid()));
create policy "Users add their own topics" on ${s}.topics for insert to authenticated
  with check (owner_id = (select auth.uid()));
create policy "Owners edit their topics" on ${s}.topics for update to authenticated
  using (owner_id = (select auth.uid())) with check (owner_id = (select auth.uid()));
create policy "Anon edits ownerless topics" on ${s}.topics for update to anon
  using (owner_id is null) with check (owner_id is null);
create policy "Anon adds ownerless topics" on ${s}.topics for insert to anon with check (owner_id is null);
create policy "Anon removes ownerless topics" on ${s}.topics for delete to anon using (owner_id is null);

alter table ${s}.notes enable row level security;
create policy "Users read their notes" on ${s}.notes for select to authenticated
  using (owner_id = (select auth.uid()));
create policy "Users write their notes" on ${s}.notes for insert to authenticated
  with check (owner_id = (select auth.uid()));
create policy "Users change their notes" on ${s}.notes for update to authenticated
  using (owner_id = (select auth.uid()));
create policy "Users remove their notes" on ${s}.notes for delete to authenticated
  using (owner_id = (select auth.uid()));

insert into ${s}.subjects (id, title) values (1, 'Mathematics'), (2, 'History'), (3, 'Biology'), (4, 'Art, Craft (and) More'),
  (5, 'Say "hi", (twice)');
insert into ${s}.topics (id, title, subject_id, reviewed_subject_id, parent_id, level, tags, metadata, mood, price) values
  (1, 'Algebra basics', 1, 2, null, 1, '{math,intro}', '{"lang": "en", "pages": 10, "author": {"name": "Ada"}}', 'calm', 9.50),
  (2, 'Linear equations', 1, null, 1, 2, '{math}', '{"lang": "en", "pages": 20}', 'curious', null),
  (3, 'Roman empire', 2, null, null, 1, '{history,rome}', '{"lang": "nl", "pages": 30}', null, 12.00),
  (4, 'Cells and tissues', 3, 1, null, null, '{}', '{}', 'tired', 5.25),
  (5, 'Quadratic equations', 1, null, 1, 3, '{math,algebra}', '{"lang": "en"}', 'curious', 7.00),
  (6, 'Unassigned notes', null, null, null, 2, '{misc}', '{"lang": "de"}', null, null);
insert into ${s}.topics (id, title, subject_id, published, owner_id, level) values
  (7, 'Alice private draft', 1, false, '${ALICE}', 1),
  (8, 'Bob private draft', 2, false, '${BOB}', 1);
select setval(pg_get_serial_sequence('${s}.topics', 'id'), 100);
select setval(pg_get_serial_sequence('${s}.subjects', 'id'), 100);
insert into ${s}.chapters (topic_id, title, position) values
  (1, 'Variables', 1), (1, 'Expressions', 2), (1, 'Equations', 3),
  (2, 'Slopes', 1), (3, 'Republic', 1), (3, 'Empire', 2);
insert into ${s}.topic_details (topic_id, summary) values (1, 'Start here'), (3, 'Ancient Rome');
insert into ${s}.labels (id, name) values (1, 'beginner'), (2, 'advanced'), (3, 'exam');
insert into ${s}.topic_labels (topic_id, label_id) values (1, 1), (1, 3), (2, 2), (5, 2), (5, 3);
insert into ${s}.secrets (id, value) values (1, 'hidden');
insert into ${s}.counters (name, value) values ('visits', 1);

create function ${s}.search_topics(query text) returns setof ${s}.topics
  language sql stable as $$ select * from ${s}.topics where title ilike '%' || query || '%' order by id $$;

create function ${s}.add_numbers(a int, b int default 10) returns int
  language sql immutable as $$ select a + b $$;

create function ${s}.bump(counter_name text, amount int default 1) returns void
  language sql volatile as $$ update ${s}.counters set value = value + amount where name = counter_name $$;

create function ${s}.bump_and_fail(counter_name text) returns void
  language plpgsql volatile as $$
  begin
    update ${s}.counters set value = value + 1000 where name = counter_name;
    raise exception 'Counter % may not grow', counter_name using hint = 'Ask an admin', detail = 'limit reached';
  end $$;

create function ${s}.payment_required() returns int
  language plpgsql as $$ begin raise sqlstate 'PT402' using message = 'Pay first'; end $$;

create function ${s}.custom_error() returns int
  language plpgsql as $$
  begin
    raise sqlstate 'PGRST' using
      message = '{"code":"STUDY1","message":"Custom failure","details":"From a function","hint":"Try later"}',
      detail = '{"status":418,"headers":{"X-Teapot":"yes"}}';
  end $$;

create function ${s}.insert_counter(counter_name text) returns int
  language sql volatile as $$ insert into ${s}.counters (name) values (counter_name) returning value $$;
-- Declared stable, so PostgREST calls it in a read-only transaction, where the write it reaches fails.
create function ${s}.stable_writer() returns int
  language sql stable as $$ select ${s}.insert_counter('from-stable') $$;

create function ${s}.whoami() returns json
  language sql stable as $$
    select json_build_object('role', current_user, 'sub', auth.uid(), 'schema', current_schema(),
                             'method', current_setting('request.method', true),
                             'path', current_setting('request.path', true),
                             'client', current_setting('request.headers', true)::json ->> 'x-client-info')
  $$;

create function ${s}.echo(payload jsonb) returns jsonb language sql immutable as $$ select payload $$;
create function ${s}.echo_body(jsonb) returns jsonb language sql immutable as $$ select $1 $$;
create function ${s}.tag_list(tags text[]) returns text language sql immutable as $$ select array_to_string(tags, '|') $$;
create function ${s}.numbers(up_to int) returns setof int language sql immutable as $$ select generate_series(1, up_to) $$;

create function ${s}.subject_counts() returns table (subject text, topic_count bigint)
  language sql stable as $$
    select s.title, count(t.id) from ${s}.subjects s left join ${s}.topics t on t.subject_id = s.id
    group by s.title order by s.title $$;

create function ${s}.first_topic() returns ${s}.topics language sql stable as $$ select * from ${s}.topics order by id limit 1 $$;

create function ${s}.overloaded(a int) returns text language sql immutable as $$ select 'int ' || a $$;
create function ${s}.overloaded(b text) returns text language sql immutable as $$ select 'text ' || b $$;

create function ${s}.ambiguous(a int) returns text language sql immutable as $$ select 'int' $$;
create function ${s}.ambiguous(a text) returns text language sql immutable as $$ select 'text' $$;

create function ${s}.with_headers() returns text
  language plpgsql volatile as $$
  begin
    perform set_config('response.headers', '[{"X-Studymap": "hello"}, {"Cache-Control": "no-store"}]', true);
    perform set_config('response.status', '202', true);
    return 'accepted';
  end $$;

create function ${s}.read_secret() returns text language sql stable as $$ select value from ${s}.secrets limit 1 $$;

revoke execute on function ${s}.read_secret() from anon, authenticated, public;
`;
}
