import { execFile } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { parse } from "smol-toml";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { z } from "zod";
import { authSettingsFromEnv } from "../gateway/auth/settings.ts";
import { ROOT } from "../stack.ts";
import { anonClient, inbox, uniqueEmail } from "./auth/support.ts";

/**
 * supabase/config.toml is what `supabase start` and a linked hosted project run with, and the local
 * stack stands in for them: the Supabase CLI accepts every key, the sign-in mails carry the code, and
 * the local stack's auth settings, buckets and function settings are the same as the file's.
 */
const SUPABASE_DIR = path.join(ROOT, "supabase");
const config = parse(readFileSync(path.join(SUPABASE_DIR, "config.toml"), "utf8"));
const { databaseUrl } = inject("stack");

const configSchema = z.object({
  auth: z.object({
    jwt_expiry: z.number(),
    refresh_token_reuse_interval: z.number(),
    additional_redirect_urls: z.array(z.string()),
    site_url: z.string(),
    rate_limit: z.object({
      email_sent: z.number(),
      sign_in_sign_ups: z.number(),
      token_verifications: z.number(),
    }),
    email: z.object({
      otp_length: z.number(),
      otp_expiry: z.number(),
      max_frequency: z.string(),
      template: z.record(z.string(), z.object({ subject: z.string(), content_path: z.string() })),
    }),
    external: z.record(
      z.string(),
      z.object({ enabled: z.boolean(), client_id: z.string(), secret: z.string() }),
    ),
  }),
  storage: z.object({
    buckets: z.record(
      z.string(),
      z.object({
        public: z.boolean(),
        file_size_limit: z.string(),
        allowed_mime_types: z.array(z.string()).optional(),
      }),
    ),
  }),
  functions: z.record(z.string(), z.object({ verify_jwt: z.boolean() })),
});
const settings = configSchema.parse(config);

/** The variables supabase/.env.example documents. */
function exampleEnv(): Record<string, string> {
  const lines = readFileSync(path.join(SUPABASE_DIR, ".env.example"), "utf8").split("\n");
  return Object.fromEntries(
    lines.filter((line) => /^[A-Z_]+=/.test(line)).map((line) => line.split(/=(.*)/s).slice(0, 2)),
  );
}

const CLI = path.join(ROOT, "node_modules", ".bin", "supabase");

/** `supabase db push --dry-run` on the local database, with exactly these variables beyond PATH. */
async function dryPush(env: Record<string, string>): Promise<{ ok: boolean; output: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(
      CLI,
      ["db", "push", "--db-url", databaseUrl, "--dry-run"],
      {
        cwd: ROOT,
        env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env },
      },
    );
    return { ok: true, output: stdout + stderr };
  } catch (error) {
    const failed = error as { stdout: string; stderr: string };
    return { ok: false, output: failed.stdout + failed.stderr };
  }
}

describe("the Supabase CLI", () => {
  it("accepts config.toml with no variable set: no unknown keys, the local database up to date", async () => {
    const { ok, output } = await dryPush({});
    expect(output).not.toMatch(/does not recognize|Invalid/);
    expect(ok).toBe(true);
    expect(output).toMatch(/up to date/i);
  }, 60_000);

  it("reads the provider switch from SUPABASE_AUTH_EXTERNAL_GOOGLE_ENABLED, as deploy and .env set it", async () => {
    const { ok, output } = await dryPush({ SUPABASE_AUTH_EXTERNAL_GOOGLE_ENABLED: "maybe" });
    expect(ok).toBe(false);
    expect(output).toContain("sets auth.external.google.enabled");
    expect((await dryPush(exampleEnv())).ok).toBe(true);
  }, 60_000);

  it("has every env(...) variable of config.toml documented in supabase/.env.example", () => {
    const text = readFileSync(path.join(SUPABASE_DIR, "config.toml"), "utf8");
    const used = [...text.matchAll(/"env\(([A-Z0-9_]+)\)"/g)].map((match) => match[1]);
    const documented = Object.keys(exampleEnv());
    expect(used.filter((name) => !documented.includes(name as string))).toEqual([]);
  });
});

describe("sign-in mails", () => {
  it("have a template for a new address (confirmation) and a known one (magic_link), each with the code", () => {
    expect(Object.keys(settings.auth.email.template).sort()).toEqual(["confirmation", "magic_link"]);
    for (const template of Object.values(settings.auth.email.template)) {
      // content_path is relative to the project folder, where the CLI runs.
      const file = path.join(ROOT, template.content_path);
      expect(existsSync(file)).toBe(true);
      const html = readFileSync(file, "utf8");
      expect(html).toContain("{{ .Token }}");
      expect(html).toContain("/auth/callback?token_hash={{ .TokenHash }}&type=email");
    }
  });

  it("come with the same subjects from the local stack, which sends the code too", async () => {
    const email = uniqueEmail("config-mail");
    const client = anonClient();
    expect((await client.auth.signInWithOtp({ email })).error).toBeNull();
    const [signup] = await inbox(email);
    expect(signup?.subject).toBe(settings.auth.email.template.confirmation?.subject);
    expect(signup?.text).toMatch(new RegExp(`code: \\d{${settings.auth.email.otp_length}}\\b`));
  });
});

describe("the local stack agrees with config.toml", () => {
  it("auth defaults: token and code lifetimes, code length, mail frequency, rate limits", () => {
    const local = authSettingsFromEnv({});
    expect(local).toMatchObject({
      jwtExpiry: settings.auth.jwt_expiry,
      otpExpiry: settings.auth.email.otp_expiry,
      otpLength: settings.auth.email.otp_length,
      emailMaxFrequency: Number.parseInt(settings.auth.email.max_frequency, 10),
      refreshTokenReuseInterval: settings.auth.refresh_token_reuse_interval,
      emailsPerHour: settings.auth.rate_limit.email_sent,
      signInsPer5Min: settings.auth.rate_limit.sign_in_sign_ups,
      tokenVerificationsPer5Min: settings.auth.rate_limit.token_verifications,
    });
    expect(settings.auth.email.max_frequency).toMatch(/^\d+s$/);
  });

  it("redirects: the auth callback of the site is allowed; providers off until the environment says", () => {
    expect(settings.auth.additional_redirect_urls).toContain(`${settings.auth.site_url}/auth/callback`);
    expect(settings.auth.external).toEqual({
      google: expect.objectContaining({
        enabled: false,
        client_id: "env(SUPABASE_AUTH_EXTERNAL_GOOGLE_CLIENT_ID)",
        secret: "env(SUPABASE_AUTH_EXTERNAL_GOOGLE_SECRET)",
      }),
      azure: expect.objectContaining({
        enabled: false,
        client_id: "env(SUPABASE_AUTH_EXTERNAL_AZURE_CLIENT_ID)",
        secret: "env(SUPABASE_AUTH_EXTERNAL_AZURE_SECRET)",
      }),
    });
  });

  describe("storage", () => {
    let db: pg.Client;
    beforeAll(async () => {
      db = new pg.Client({ connectionString: databaseUrl });
      await db.connect();
    });
    afterAll(async () => {
      await db.end();
    });

    // Only the declared ids are read: storage tests running at the same time create buckets of their own.
    it("the buckets config.toml declares exist with the same settings", async () => {
      const { rows } = await db.query<{
        id: string;
        public: boolean;
        file_size_limit: string;
        allowed_mime_types: string[] | null;
      }>(
        "select id, public, file_size_limit, allowed_mime_types from storage.buckets where id = any($1) order by id",
        [Object.keys(settings.storage.buckets)],
      );
      const mib = (size: string) => Number(/^(\d+)MiB$/.exec(size)?.[1]) * 1024 * 1024;
      expect(rows).toEqual(
        Object.entries(settings.storage.buckets)
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([id, bucket]) => ({
            id,
            public: bucket.public,
            file_size_limit: String(mib(bucket.file_size_limit)),
            allowed_mime_types: bucket.allowed_mime_types ?? null,
          })),
      );
    });
  });

  it("every edge function has its settings, with the JWT check decided", () => {
    const functions = readdirSync(path.join(SUPABASE_DIR, "functions"), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !entry.name.startsWith("_"))
      .map((entry) => entry.name)
      .sort();
    expect(Object.keys(settings.functions).sort()).toEqual(functions);
    for (const name of functions) expect(settings.functions[name]?.verify_jwt).toBe(true);
  });
});
