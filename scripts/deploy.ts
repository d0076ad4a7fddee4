import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { z } from "zod";
import { DEFAULT_ANALYTICS_SCRIPT_URL } from "../src/lib/analytics.ts";
import { run } from "./run.ts";

/**
 * `npm run deploy`: one path from a checkout to production on hosted Supabase, Trigger.dev cloud and a
 * static host. The environment is checked first (every missing or malformed variable at once, then the
 * rules that tie variables together; nothing is touched while one is wrong), then: database migrations,
 * auth config, function secrets, edge functions, the tasks' environment and the tasks, the web build
 * with its Sentry release and source maps, and the host's config.
 * `npm run deploy -- --dry-run` checks the environment and prints the plan without running anything.
 */

const supabaseRef = z.string().regex(/^[a-z]{20}$/, "a Supabase project ref: 20 lowercase letters");
const httpsUrl = z.url({ protocol: /^https$/, error: "an https:// URL" });
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === "" ? undefined : value), schema.optional());
const flag = z
  .enum(["true", "false"])
  .default("false")
  .transform((value) => value === "true");

export const deployEnvSchema = z
  .object({
    // Supabase: the CLI's token, the project and its database password.
    SUPABASE_ACCESS_TOKEN: z.string().regex(/^sbp_\w+$/, "a Supabase personal access token (sbp_…)"),
    SUPABASE_PROJECT_REF: supabaseRef,
    SUPABASE_DB_PASSWORD: z.string().min(1),
    SUPABASE_SERVICE_ROLE_KEY: z.string().min(1),
    // The web app.
    STUDYMAP_SITE_URL: httpsUrl,
    VITE_SUPABASE_URL: httpsUrl,
    VITE_SUPABASE_ANON_KEY: z.string().min(1),
    VITE_TRIGGER_API_URL: httpsUrl.default("https://api.trigger.dev"),
    // Trigger.dev: the CLI's token, the project and the production secret key the functions use.
    TRIGGER_ACCESS_TOKEN: z.string().regex(/^tr_pat_\w+$/, "a Trigger.dev personal access token (tr_pat_…)"),
    TRIGGER_PROJECT_REF: z.string().regex(/^proj_[a-z0-9]+$/, "a Trigger.dev project ref (proj_…)"),
    TRIGGER_SECRET_KEY: z.string().regex(/^tr_prod_\w+$/, "the production secret key (tr_prod_…)"),
    GENERATION_GRANT_SECRET: z.string().min(32),
    // The LLM provider: all three or none (without them generation is extractive).
    LLM_BASE_URL: optional(httpsUrl),
    LLM_API_KEY: optional(z.string().min(1)),
    LLM_MODEL: optional(z.string().min(1)),
    // An organisation may connect a model on a private network (a school's own Ollama) only where the
    // deployment allows it; the edge function's "Test connection" and the tasks read the same switch.
    LLM_ALLOW_PRIVATE_NETWORK: flag,
    // The speech provider (docs/podcast.md): without it episodes are spoken by the browser.
    SPEECH_BASE_URL: optional(httpsUrl),
    SPEECH_API_KEY: optional(z.string().min(1)),
    SPEECH_MODEL: optional(z.string().min(1)),
    SPEECH_VOICES: optional(z.string().min(1)),
    // Sentry: errors from the DSN; a release with source maps when the upload token is given too.
    VITE_SENTRY_DSN: optional(httpsUrl),
    SENTRY_AUTH_TOKEN: optional(z.string().min(1)),
    SENTRY_ORG: optional(z.string().min(1)),
    SENTRY_PROJECT: optional(z.string().min(1)),
    // Analytics (Plausible-compatible).
    VITE_ANALYTICS_DOMAIN: optional(z.string().min(1)),
    VITE_ANALYTICS_SCRIPT_URL: optional(httpsUrl),
    // Auth providers and SMTP, read by supabase/config.toml through env(...).
    SUPABASE_AUTH_EXTERNAL_GOOGLE_ENABLED: flag,
    SUPABASE_AUTH_EXTERNAL_GOOGLE_CLIENT_ID: optional(z.string().min(1)),
    SUPABASE_AUTH_EXTERNAL_GOOGLE_SECRET: optional(z.string().min(1)),
    SUPABASE_AUTH_EXTERNAL_AZURE_ENABLED: flag,
    SUPABASE_AUTH_EXTERNAL_AZURE_CLIENT_ID: optional(z.string().min(1)),
    SUPABASE_AUTH_EXTERNAL_AZURE_SECRET: optional(z.string().min(1)),
    SUPABASE_AUTH_EMAIL_SMTP_ENABLED: flag,
    SUPABASE_AUTH_EMAIL_SMTP_HOST: optional(z.string().min(1)),
    SUPABASE_AUTH_EMAIL_SMTP_USER: optional(z.string().min(1)),
    SUPABASE_AUTH_EMAIL_SMTP_PASS: optional(z.string().min(1)),
    SUPABASE_AUTH_EMAIL_SMTP_ADMIN_EMAIL: optional(z.email()),
    /** Names the release (Sentry, Trigger.dev external id); default: the commit. */
    STUDYMAP_RELEASE: optional(z.string().regex(/^[\w.-]{1,128}$/)),
  })
  .superRefine((env, ctx) => {
    const llm = [env.LLM_BASE_URL, env.LLM_API_KEY, env.LLM_MODEL].filter(Boolean).length;
    if (llm !== 0 && llm !== 3) {
      ctx.addIssue({
        code: "custom",
        path: ["LLM_BASE_URL"],
        message: "set LLM_BASE_URL, LLM_API_KEY and LLM_MODEL together",
      });
    }
    if (env.SENTRY_AUTH_TOKEN && !(env.SENTRY_ORG && env.SENTRY_PROJECT && env.VITE_SENTRY_DSN)) {
      ctx.addIssue({
        code: "custom",
        path: ["SENTRY_AUTH_TOKEN"],
        message: "uploading source maps needs VITE_SENTRY_DSN, SENTRY_ORG and SENTRY_PROJECT too",
      });
    }
    for (const provider of ["GOOGLE", "AZURE"] as const) {
      if (
        env[`SUPABASE_AUTH_EXTERNAL_${provider}_ENABLED`] &&
        !(
          env[`SUPABASE_AUTH_EXTERNAL_${provider}_CLIENT_ID`] &&
          env[`SUPABASE_AUTH_EXTERNAL_${provider}_SECRET`]
        )
      ) {
        ctx.addIssue({
          code: "custom",
          path: [`SUPABASE_AUTH_EXTERNAL_${provider}_ENABLED`],
          message: `needs SUPABASE_AUTH_EXTERNAL_${provider}_CLIENT_ID and _SECRET`,
        });
      }
    }
    if (
      env.SUPABASE_AUTH_EMAIL_SMTP_ENABLED &&
      !(
        env.SUPABASE_AUTH_EMAIL_SMTP_HOST &&
        env.SUPABASE_AUTH_EMAIL_SMTP_USER &&
        env.SUPABASE_AUTH_EMAIL_SMTP_PASS
      )
    ) {
      ctx.addIssue({
        code: "custom",
        path: ["SUPABASE_AUTH_EMAIL_SMTP_ENABLED"],
        message: "needs SUPABASE_AUTH_EMAIL_SMTP_HOST, _USER, _PASS and _ADMIN_EMAIL",
      });
    }
  });

export type DeployEnv = z.infer<typeof deployEnvSchema>;

export type ParsedEnv = { ok: true; env: DeployEnv } | { ok: false; problems: string };

export function parseDeployEnv(source: Record<string, string | undefined>): ParsedEnv {
  const parsed = deployEnvSchema.safeParse(source);
  return parsed.success
    ? { ok: true, env: parsed.data }
    : { ok: false, problems: z.prettifyError(parsed.error) };
}

/** One command of the deployment: what runs, and the names (never the values) of what it is given. */
export interface Step {
  title: string;
  command: string;
  args: string[];
  /** Variables handed to the command beyond the shell's own (names shown in the plan). */
  env: Record<string, string>;
  /** Values written to a temporary .env file passed as `--env-file` (secrets). */
  envFile?: Record<string, string>;
  /** A step done in this process rather than by a command. */
  internal?: "trigger-env-vars" | "host-config" | "remove-source-maps";
}

const SUPABASE_CLI = "supabase";

/** Everything `npm run deploy` does, in order. */
export function planDeploy(env: DeployEnv, release: string): Step[] {
  const remote = `--remote=${env.SUPABASE_PROJECT_REF}`;
  const supabaseEnv = {
    SUPABASE_ACCESS_TOKEN: env.SUPABASE_ACCESS_TOKEN,
    SUPABASE_DB_PASSWORD: env.SUPABASE_DB_PASSWORD,
    ...configTomlEnv(env),
  };
  const functionSecrets: Record<string, string> = {
    TRIGGER_SECRET_KEY: env.TRIGGER_SECRET_KEY,
    GENERATION_GRANT_SECRET: env.GENERATION_GRANT_SECRET,
    SITE_URL: env.STUDYMAP_SITE_URL,
    LLM_ALLOW_PRIVATE_NETWORK: String(env.LLM_ALLOW_PRIVATE_NETWORK),
  };
  const steps: Step[] = [
    {
      title: "Database migrations",
      command: SUPABASE_CLI,
      args: ["db", "push", remote, "--yes"],
      env: supabaseEnv,
    },
    {
      title: "Auth, storage and function settings from supabase/config.toml",
      command: SUPABASE_CLI,
      args: ["config", "push", remote, "--yes"],
      env: supabaseEnv,
    },
    {
      title: "Edge function secrets",
      command: SUPABASE_CLI,
      args: ["secrets", "set", remote],
      env: supabaseEnv,
      envFile: functionSecrets,
    },
    {
      title: "Edge functions (bundled server-side, no Docker)",
      command: SUPABASE_CLI,
      args: ["functions", "deploy", remote, "--use-api", "--yes"],
      env: supabaseEnv,
    },
    {
      title: "Task environment on Trigger.dev (prod)",
      command: "trigger.dev env vars",
      args: [env.TRIGGER_PROJECT_REF, "prod"],
      env: taskEnv(env),
      internal: "trigger-env-vars",
    },
    {
      title: "Tasks",
      command: "trigger",
      args: ["deploy", "--env", "prod", "--skip-update-check", "--external-id", release],
      env: { TRIGGER_ACCESS_TOKEN: env.TRIGGER_ACCESS_TOKEN, TRIGGER_PROJECT_REF: env.TRIGGER_PROJECT_REF },
    },
    {
      title: "Web build",
      command: "vite",
      args: ["build", "--sourcemap", env.SENTRY_AUTH_TOKEN ? "hidden" : "false"],
      env: webEnv(env, release),
    },
  ];
  if (env.SENTRY_AUTH_TOKEN && env.SENTRY_ORG && env.SENTRY_PROJECT) {
    const sentryEnv = {
      SENTRY_AUTH_TOKEN: env.SENTRY_AUTH_TOKEN,
      SENTRY_ORG: env.SENTRY_ORG,
      SENTRY_PROJECT: env.SENTRY_PROJECT,
    };
    steps.push(
      {
        title: "Sentry: debug ids in the bundles",
        command: "sentry-cli",
        args: ["sourcemaps", "inject", "dist"],
        env: sentryEnv,
      },
      {
        title: "Sentry: source maps of the release",
        command: "sentry-cli",
        args: ["sourcemaps", "upload", "--release", release, "dist"],
        env: sentryEnv,
      },
      {
        title: "Source maps leave the published folder",
        command: "rm dist/**/*.map",
        args: [],
        env: {},
        internal: "remove-source-maps",
      },
    );
  }
  steps.push({
    title: "Host config: SPA fallback and security headers (dist/_headers, dist/_redirects)",
    command: "write",
    args: ["dist/_headers", "dist/_redirects"],
    env: {},
    internal: "host-config",
  });
  return steps;
}

/**
 * What supabase/config.toml reads through env(...) and the CLI's SUPABASE_<SECTION>_<KEY> overrides:
 * the production site and its auth callback, providers and SMTP.
 */
function configTomlEnv(env: DeployEnv): Record<string, string> {
  return withoutEmpty({
    SUPABASE_AUTH_SITE_URL: env.STUDYMAP_SITE_URL,
    SUPABASE_AUTH_ADDITIONAL_REDIRECT_URLS: new URL("/auth/callback", env.STUDYMAP_SITE_URL).href,
    SUPABASE_AUTH_EXTERNAL_GOOGLE_ENABLED: String(env.SUPABASE_AUTH_EXTERNAL_GOOGLE_ENABLED),
    SUPABASE_AUTH_EXTERNAL_GOOGLE_CLIENT_ID: env.SUPABASE_AUTH_EXTERNAL_GOOGLE_CLIENT_ID,
    SUPABASE_AUTH_EXTERNAL_GOOGLE_SECRET: env.SUPABASE_AUTH_EXTERNAL_GOOGLE_SECRET,
    SUPABASE_AUTH_EXTERNAL_AZURE_ENABLED: String(env.SUPABASE_AUTH_EXTERNAL_AZURE_ENABLED),
    SUPABASE_AUTH_EXTERNAL_AZURE_CLIENT_ID: env.SUPABASE_AUTH_EXTERNAL_AZURE_CLIENT_ID,
    SUPABASE_AUTH_EXTERNAL_AZURE_SECRET: env.SUPABASE_AUTH_EXTERNAL_AZURE_SECRET,
    SUPABASE_AUTH_EMAIL_SMTP_ENABLED: String(env.SUPABASE_AUTH_EMAIL_SMTP_ENABLED),
    SUPABASE_AUTH_EMAIL_SMTP_HOST: env.SUPABASE_AUTH_EMAIL_SMTP_HOST,
    SUPABASE_AUTH_EMAIL_SMTP_USER: env.SUPABASE_AUTH_EMAIL_SMTP_USER,
    SUPABASE_AUTH_EMAIL_SMTP_PASS: env.SUPABASE_AUTH_EMAIL_SMTP_PASS,
    SUPABASE_AUTH_EMAIL_SMTP_ADMIN_EMAIL: env.SUPABASE_AUTH_EMAIL_SMTP_ADMIN_EMAIL,
  });
}

/** What the tasks read on Trigger.dev cloud (trigger/env.ts). */
function taskEnv(env: DeployEnv): Record<string, string> {
  return withoutEmpty({
    SUPABASE_URL: env.VITE_SUPABASE_URL,
    SUPABASE_SERVICE_ROLE_KEY: env.SUPABASE_SERVICE_ROLE_KEY,
    GENERATION_GRANT_SECRET: env.GENERATION_GRANT_SECRET,
    SITE_URL: env.STUDYMAP_SITE_URL,
    ...invitationMailEnv(env),
    LLM_BASE_URL: env.LLM_BASE_URL,
    LLM_API_KEY: env.LLM_API_KEY,
    LLM_MODEL: env.LLM_MODEL,
    LLM_ALLOW_PRIVATE_NETWORK: String(env.LLM_ALLOW_PRIVATE_NETWORK),
    SPEECH_BASE_URL: env.SPEECH_BASE_URL,
    SPEECH_API_KEY: env.SPEECH_API_KEY,
    SPEECH_MODEL: env.SPEECH_MODEL,
    SPEECH_VOICES: env.SPEECH_VOICES,
  });
}

/**
 * The invitation mail goes out through the SMTP server Auth sends sign-in codes through (the port is
 * supabase/config.toml's [auth.email.smtp]), from its sender. Without custom SMTP the task has no
 * server, and invitations are accepted from the settings screen without a mail (docs/security.md).
 */
function invitationMailEnv(env: DeployEnv): Record<string, string> {
  const { SUPABASE_AUTH_EMAIL_SMTP_HOST: host, SUPABASE_AUTH_EMAIL_SMTP_ADMIN_EMAIL: sender } = env;
  if (!env.SUPABASE_AUTH_EMAIL_SMTP_ENABLED || !host || !sender) return {};
  const url = new URL(`smtp://${host}:${AUTH_SMTP_PORT}`);
  url.username = env.SUPABASE_AUTH_EMAIL_SMTP_USER ?? "";
  url.password = env.SUPABASE_AUTH_EMAIL_SMTP_PASS ?? "";
  return { SMTP_URL: url.href, MAIL_FROM: `Studymap <${sender}>` };
}

/** [auth.email.smtp] port in supabase/config.toml: STARTTLS submission. */
const AUTH_SMTP_PORT = 587;

/** What the web build reads (src/vite-env.d.ts); public by nature, they end up in the bundle. */
function webEnv(env: DeployEnv, release: string): Record<string, string> {
  return withoutEmpty({
    VITE_SUPABASE_URL: env.VITE_SUPABASE_URL,
    VITE_SUPABASE_ANON_KEY: env.VITE_SUPABASE_ANON_KEY,
    VITE_TRIGGER_API_URL: env.VITE_TRIGGER_API_URL,
    VITE_SITE_URL: env.STUDYMAP_SITE_URL,
    VITE_SENTRY_DSN: env.VITE_SENTRY_DSN,
    VITE_SENTRY_ENVIRONMENT: env.VITE_SENTRY_DSN ? "production" : undefined,
    VITE_SENTRY_RELEASE: env.VITE_SENTRY_DSN ? release : undefined,
    VITE_ANALYTICS_DOMAIN: env.VITE_ANALYTICS_DOMAIN,
    VITE_ANALYTICS_SCRIPT_URL: env.VITE_ANALYTICS_SCRIPT_URL,
  });
}

function withoutEmpty(values: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(values).filter((entry): entry is [string, string] => Boolean(entry[1])),
  );
}

// Host config -----------------------------------------------------------------------------------------

/** The origin Sentry's browser SDK sends events to: the DSN's host (`o123.ingest.sentry.io`). */
export function sentryOrigin(dsn: string): string {
  return new URL(dsn).origin;
}

/** The inline scripts of an HTML page (index.html applies the stored theme before the first paint). */
export function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    (match) => match[1] ?? "",
  );
}

/** The CSP source that allows exactly this inline script. */
export function scriptHash(script: string): string {
  return `'sha256-${createHash("sha256").update(script).digest("base64")}'`;
}

/**
 * The Content-Security-Policy of the web app: its own files, and connections to exactly Supabase,
 * Trigger.dev, Sentry and the analytics host (when configured). Inline scripts run only when their hash
 * is listed (those of index.html); styles allow inline attributes (React and Radix set `style`).
 */
export function contentSecurityPolicy(env: DeployEnv, inline: string[] = []): string {
  const supabase = new URL(env.VITE_SUPABASE_URL).origin;
  const trigger = new URL(env.VITE_TRIGGER_API_URL).origin;
  const sentry = env.VITE_SENTRY_DSN ? [sentryOrigin(env.VITE_SENTRY_DSN)] : [];
  const analytics = env.VITE_ANALYTICS_DOMAIN
    ? [new URL(env.VITE_ANALYTICS_SCRIPT_URL ?? DEFAULT_ANALYTICS_SCRIPT_URL).origin]
    : [];
  const directives: [string, string[]][] = [
    ["default-src", ["'self'"]],
    ["script-src", ["'self'", ...inline.map(scriptHash), ...analytics]],
    ["style-src", ["'self'", "'unsafe-inline'"]],
    ["img-src", ["'self'", "data:", "blob:", supabase]],
    ["font-src", ["'self'"]],
    ["connect-src", ["'self'", supabase, trigger, ...sentry, ...analytics]],
    ["worker-src", ["'self'", "blob:"]],
    ["frame-src", ["'none'"]],
    ["object-src", ["'none'"]],
    ["base-uri", ["'self'"]],
    ["form-action", ["'self'"]],
    ["frame-ancestors", ["'none'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${[...new Set(sources)].join(" ")}`).join("; ");
}

/**
 * The host config, in the `_headers` / `_redirects` format Netlify and Cloudflare Pages read from the
 * published folder: every route falls back to index.html (client-side routing), every response
 * carries the security headers, hashed assets are cached for good.
 */
export function hostConfig(env: DeployEnv, indexHtml: string): { headers: string; redirects: string } {
  const headers = [
    "/*",
    `  Content-Security-Policy: ${contentSecurityPolicy(env, inlineScripts(indexHtml))}`,
    "  Strict-Transport-Security: max-age=63072000; includeSubDomains; preload",
    "  X-Content-Type-Options: nosniff",
    "  X-Frame-Options: DENY",
    "  Referrer-Policy: strict-origin-when-cross-origin",
    "  Permissions-Policy: camera=(), microphone=(), geolocation=(), payment=()",
    "  Cross-Origin-Opener-Policy: same-origin",
    "/assets/*",
    "  Cache-Control: public, max-age=31536000, immutable",
    "/index.html",
    "  Cache-Control: no-cache",
    "",
  ].join("\n");
  return { headers, redirects: "/*  /index.html  200\n" };
}

// Running ----------------------------------------------------------------------------------------------

const ROOT = path.resolve(import.meta.dirname, "..");

function defaultRelease(): string {
  try {
    return execFileSync("git", ["rev-parse", "--short=12", "HEAD"], { cwd: ROOT, encoding: "utf8" }).trim();
  } catch {
    return `studymap-${Date.now()}`;
  }
}

/** The plan as printed: commands and the names of what they are given, never a value. */
export function describePlan(steps: Step[]): string {
  return steps
    .map((step, index) => {
      const given = [
        ...Object.keys(step.env),
        ...Object.keys(step.envFile ?? {}).map((name) => `${name} (secret)`),
      ];
      const command = [step.command, ...step.args].join(" ");
      return `${index + 1}. ${step.title}\n   $ ${command}${given.length ? `\n   with ${given.join(", ")}` : ""}`;
    })
    .join("\n");
}

async function runStep(step: Step, env: DeployEnv): Promise<void> {
  if (step.internal === "host-config") {
    const config = hostConfig(env, readFileSync(path.join(ROOT, "dist", "index.html"), "utf8"));
    writeFileSync(path.join(ROOT, "dist", "_headers"), config.headers);
    writeFileSync(path.join(ROOT, "dist", "_redirects"), config.redirects);
    return;
  }
  if (step.internal === "remove-source-maps") {
    const dist = path.join(ROOT, "dist");
    for (const file of readdirSync(dist, { recursive: true })) {
      if (String(file).endsWith(".map")) rmSync(path.join(dist, String(file)));
    }
    return;
  }
  if (step.internal === "trigger-env-vars") {
    const { configure, envvars } = await import("@trigger.dev/sdk");
    configure({ accessToken: env.TRIGGER_ACCESS_TOKEN });
    await envvars.upload(env.TRIGGER_PROJECT_REF, "prod", { variables: step.env, override: true });
    return;
  }
  const args = [...step.args];
  let secretsDir: string | undefined;
  if (step.envFile) {
    secretsDir = mkdtempSync(path.join(tmpdir(), "studymap-secrets-"));
    const file = path.join(secretsDir, ".env");
    writeFileSync(
      file,
      Object.entries(step.envFile)
        .map(([name, value]) => `${name}=${value}`)
        .join("\n"),
      { mode: 0o600 },
    );
    args.push("--env-file", file);
  }
  try {
    const result = await run(path.join(ROOT, "node_modules", ".bin", step.command), args, {
      ...process.env,
      ...step.env,
    });
    if (result.code !== 0) throw new Error(`${step.title} failed (exit ${result.code})`);
  } finally {
    if (secretsDir) rmSync(secretsDir, { recursive: true, force: true });
  }
}

async function main(argv: string[]): Promise<number> {
  const dryRun = argv.includes("--dry-run");
  const parsed = parseDeployEnv(process.env);
  if (!parsed.ok) {
    console.error(
      `The deployment environment is incomplete or invalid; nothing was deployed.\n${parsed.problems}`,
    );
    return 2;
  }
  const release = parsed.env.STUDYMAP_RELEASE ?? defaultRelease();
  const steps = planDeploy(parsed.env, release);
  console.log(`${dryRun ? "Dry run: would deploy" : "Deploying"} release ${release}\n${describePlan(steps)}`);
  if (dryRun) return 0;
  for (const step of steps) {
    console.log(`\n== ${step.title}`);
    await runStep(step, parsed.env);
  }
  console.log(`\nDeployed release ${release}. Publish dist/ on the host.`);
  return 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
