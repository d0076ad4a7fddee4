import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import {
  contentSecurityPolicy,
  type DeployEnv,
  hostConfig,
  inlineScripts,
  parseDeployEnv,
  planDeploy,
} from "./deploy.ts";

const ROOT = path.resolve(import.meta.dirname, "..");

/** A complete production environment with made-up values: nothing here reaches a network. */
const FAKE_ENV = {
  SUPABASE_ACCESS_TOKEN: "sbp_0123456789abcdef",
  SUPABASE_PROJECT_REF: "abcdefghijklmnopqrst",
  SUPABASE_DB_PASSWORD: "db-password-secret-value",
  SUPABASE_SERVICE_ROLE_KEY: "service-role-secret-value",
  STUDYMAP_SITE_URL: "https://app.studymap.example",
  VITE_SUPABASE_URL: "https://abcdefghijklmnopqrst.supabase.co",
  VITE_SUPABASE_ANON_KEY: "anon-key-value",
  TRIGGER_ACCESS_TOKEN: "tr_pat_0123456789",
  TRIGGER_PROJECT_REF: "proj_studymapprod",
  TRIGGER_SECRET_KEY: "tr_prod_secretsecret",
  GENERATION_GRANT_SECRET: "grant-secret-grant-secret-grant-secret-0123",
  VITE_SENTRY_DSN: "https://publickey@o123456.ingest.sentry.io/789",
  SENTRY_AUTH_TOKEN: "sntrys_token_value",
  SENTRY_ORG: "studymap",
  SENTRY_PROJECT: "web",
  VITE_ANALYTICS_DOMAIN: "app.studymap.example",
  STUDYMAP_RELEASE: "test-release-1",
};
const SECRETS = [
  FAKE_ENV.SUPABASE_ACCESS_TOKEN,
  FAKE_ENV.SUPABASE_DB_PASSWORD,
  FAKE_ENV.SUPABASE_SERVICE_ROLE_KEY,
  FAKE_ENV.TRIGGER_ACCESS_TOKEN,
  FAKE_ENV.TRIGGER_SECRET_KEY,
  FAKE_ENV.GENERATION_GRANT_SECRET,
  FAKE_ENV.SENTRY_AUTH_TOKEN,
];

/** `npm run deploy -- --dry-run` with exactly `env` (plus PATH), as a fresh shell would run it. */
async function dryRun(env: Record<string, string>): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(
      path.join(ROOT, "node_modules", ".bin", "tsx"),
      ["scripts/deploy.ts", "--dry-run"],
      { cwd: ROOT, env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env } },
    );
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

function parsed(env: Record<string, string>): DeployEnv {
  const result = parseDeployEnv(env);
  if (!result.ok) throw new Error(result.problems);
  return result.env;
}

describe("npm run deploy -- --dry-run", () => {
  it("plans every step in order for a complete environment, showing no secret", async () => {
    const { code, output } = await dryRun(FAKE_ENV);
    expect(code).toBe(0);
    const commands = [...output.matchAll(/^ {3}\$ (.*)$/gm)].map((match) => match[1]);
    expect(commands).toEqual([
      "supabase db push --remote=abcdefghijklmnopqrst --yes",
      "supabase config push --remote=abcdefghijklmnopqrst --yes",
      "supabase secrets set --remote=abcdefghijklmnopqrst",
      "supabase functions deploy --remote=abcdefghijklmnopqrst --use-api --yes",
      "trigger.dev env vars proj_studymapprod prod",
      "trigger deploy --env prod --skip-update-check --external-id test-release-1",
      "vite build --sourcemap hidden",
      "sentry-cli sourcemaps inject dist",
      "sentry-cli sourcemaps upload --release test-release-1 dist",
      "rm dist/**/*.map",
      "write dist/_headers dist/_redirects",
    ]);
    expect(output).toContain(
      "TRIGGER_SECRET_KEY (secret), GENERATION_GRANT_SECRET (secret), SITE_URL (secret), LLM_ALLOW_PRIVATE_NETWORK (secret)",
    );
    expect(output).toContain("with SUPABASE_URL, SUPABASE_SERVICE_ROLE_KEY, GENERATION_GRANT_SECRET");
    for (const secret of SECRETS) expect(output).not.toContain(secret);
  }, 30_000);

  it("without Sentry upload, builds without source maps and uploads nothing", async () => {
    const { SENTRY_AUTH_TOKEN: _token, ...env } = FAKE_ENV;
    const { code, output } = await dryRun(env);
    expect(code).toBe(0);
    expect(output).toContain("$ vite build --sourcemap false");
    expect(output).not.toContain("sentry-cli");
  }, 30_000);

  it("refuses an incomplete or malformed environment, naming every variable, and deploys nothing", async () => {
    const { TRIGGER_PROJECT_REF: _ref, ...rest } = FAKE_ENV;
    const { code, output } = await dryRun({
      ...rest,
      SUPABASE_PROJECT_REF: "Not-A-Ref",
      VITE_SUPABASE_URL: "http://insecure.example",
      GENERATION_GRANT_SECRET: "short",
    });
    expect(code).toBe(2);
    expect(output).toContain("nothing was deployed");
    for (const name of [
      "TRIGGER_PROJECT_REF",
      "SUPABASE_PROJECT_REF",
      "VITE_SUPABASE_URL",
      "GENERATION_GRANT_SECRET",
    ]) {
      expect(output).toContain(`at ${name}`);
    }
    expect(output).not.toContain("$ supabase");
  }, 30_000);

  it("refuses settings that only work together: the LLM trio, a provider without credentials", async () => {
    const { code, output } = await dryRun({
      ...FAKE_ENV,
      LLM_MODEL: "some-model",
      SUPABASE_AUTH_EXTERNAL_GOOGLE_ENABLED: "true",
    });
    expect(code).toBe(2);
    expect(output).toContain("at LLM_BASE_URL");
    expect(output).toContain("at SUPABASE_AUTH_EXTERNAL_GOOGLE_ENABLED");
    expect(output).not.toContain("$ supabase");
  }, 30_000);
});

describe("the tasks' environment", () => {
  const taskStep = (env: Record<string, string>) =>
    planDeploy(parsed(env), "r1").find((step) => step.title === "Task environment on Trigger.dev (prod)");

  it("mails invitations through Auth's SMTP server, from its sender", () => {
    const step = taskStep({
      ...FAKE_ENV,
      SUPABASE_AUTH_EMAIL_SMTP_ENABLED: "true",
      SUPABASE_AUTH_EMAIL_SMTP_HOST: "smtp.mail.example",
      SUPABASE_AUTH_EMAIL_SMTP_USER: "apikey",
      SUPABASE_AUTH_EMAIL_SMTP_PASS: "p@ss/word",
      SUPABASE_AUTH_EMAIL_SMTP_ADMIN_EMAIL: "no-reply@studymap.example",
    });
    expect(step?.env).toMatchObject({
      SMTP_URL: "smtp://apikey:p%40ss%2Fword@smtp.mail.example:587",
      MAIL_FROM: "Studymap <no-reply@studymap.example>",
      SITE_URL: "https://app.studymap.example",
    });
  });

  it("refuses organisations' models on private networks unless the deployment allows them", () => {
    expect(taskStep(FAKE_ENV)?.env).toMatchObject({ LLM_ALLOW_PRIVATE_NETWORK: "false" });
    expect(taskStep({ ...FAKE_ENV, LLM_ALLOW_PRIVATE_NETWORK: "true" })?.env).toMatchObject({
      LLM_ALLOW_PRIVATE_NETWORK: "true",
    });
  });

  it("has no SMTP_URL without custom SMTP", () => {
    expect(taskStep(FAKE_ENV)?.env).not.toHaveProperty("SMTP_URL");
  });
});

describe("host config", () => {
  const env = parsed(FAKE_ENV);
  const indexHtml = readFileSync(path.join(ROOT, "index.html"), "utf8");

  it("falls back to index.html for every route", () => {
    expect(hostConfig(env, indexHtml).redirects).toBe("/*  /index.html  200\n");
  });

  it("allows connections to exactly Supabase, Trigger.dev, Sentry and the analytics host", () => {
    const csp = contentSecurityPolicy(env, inlineScripts(indexHtml));
    const directive = (name: string) =>
      csp
        .split("; ")
        .find((part) => part.startsWith(`${name} `))
        ?.split(" ")
        .slice(1);
    expect(directive("connect-src")).toEqual([
      "'self'",
      "https://abcdefghijklmnopqrst.supabase.co",
      "https://api.trigger.dev",
      "https://o123456.ingest.sentry.io",
      "https://plausible.io",
    ]);
    expect(directive("img-src")).toEqual([
      "'self'",
      "data:",
      "blob:",
      "https://abcdefghijklmnopqrst.supabase.co",
    ]);
    expect(directive("frame-ancestors")).toEqual(["'none'"]);
    expect(directive("object-src")).toEqual(["'none'"]);
    // index.html's one inline script (the theme before first paint) runs by its hash, nothing else inline.
    const [themeScript] = inlineScripts(indexHtml);
    expect(inlineScripts(indexHtml)).toHaveLength(1);
    const hash = createHash("sha256")
      .update(themeScript ?? "")
      .digest("base64");
    expect(directive("script-src")).toEqual(["'self'", `'sha256-${hash}'`, "https://plausible.io"]);
    expect(csp).not.toContain("unsafe-eval");
  });

  it("without Sentry and analytics, connects to Supabase and Trigger.dev only", () => {
    const {
      VITE_SENTRY_DSN: _dsn,
      SENTRY_AUTH_TOKEN: _token,
      VITE_ANALYTICS_DOMAIN: _domain,
      ...rest
    } = FAKE_ENV;
    const csp = contentSecurityPolicy(parsed(rest));
    expect(csp).toContain(
      "connect-src 'self' https://abcdefghijklmnopqrst.supabase.co https://api.trigger.dev;",
    );
    expect(csp).toContain("script-src 'self';");
  });

  it("sends the security headers on every response", () => {
    const { headers } = hostConfig(env, indexHtml);
    for (const header of [
      "Content-Security-Policy:",
      "Strict-Transport-Security:",
      "X-Content-Type-Options: nosniff",
      "X-Frame-Options: DENY",
      "Referrer-Policy:",
      "Permissions-Policy:",
    ]) {
      expect(headers).toContain(header);
    }
  });
});
