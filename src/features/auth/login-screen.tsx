import { useNavigate } from "@tanstack/react-router";
import { type FormEvent, useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/field";
import { safeRedirectPath } from "@/domain/search-params";
import { useAuthStore } from "@/lib/auth/auth-context";
import {
  CODE_PATTERN,
  EMAIL_PATTERN,
  INVALID_CODE,
  INVALID_EMAIL,
  oauthErrorMessage,
  RESEND_COOLDOWN_SECONDS,
  signInErrorMessage,
} from "@/lib/auth/auth-errors";
import { AuthCard } from "./auth-card";
import { type OAuthProvider, sendSignInCode, startOAuthSignIn, verifySignInCode } from "./sign-in";

type Step = { name: "email" } | { name: "code"; email: string };

export function LoginScreen({ redirectTo }: { redirectTo?: string }) {
  const [step, setStep] = useState<Step>({ name: "email" });
  return (
    <AuthCard
      title={step.name === "email" ? "Sign in to studymap" : "Check your e-mail"}
      description={
        step.name === "email" ? (
          "We'll e-mail you a 6-digit sign-in code. New here? The same code creates your account."
        ) : (
          <>
            We sent a 6-digit code to{" "}
            <strong className="text-neutral-800 dark:text-neutral-200">{step.email}</strong>.
          </>
        )
      }
    >
      {step.name === "email" ? (
        <EmailStep redirectTo={redirectTo} onSent={(email) => setStep({ name: "code", email })} />
      ) : (
        <CodeStep
          email={step.email}
          redirectTo={redirectTo}
          onChangeEmail={() => setStep({ name: "email" })}
        />
      )}
    </AuthCard>
  );
}

function EmailStep({ redirectTo, onSent }: { redirectTo?: string; onSent(email: string): void }) {
  const auth = useAuthStore();
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | null>(null);
  // A provider's failure is no fault of the e-mail field: it gets its own banner.
  const [oauthError, setOauthError] = useState<string | null>(null);
  const [busy, setBusy] = useState<"email" | OAuthProvider | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    if (!EMAIL_PATTERN.test(address)) return setError(INVALID_EMAIL);
    setBusy("email");
    setError(null);
    setOauthError(null);
    try {
      await sendSignInCode(auth.client, address, window.location.origin);
      onSent(address);
    } catch (failure) {
      setError(signInErrorMessage(failure));
      setBusy(null);
    }
  };

  const oauth = async (provider: OAuthProvider) => {
    setBusy(provider);
    setError(null);
    setOauthError(null);
    try {
      await startOAuthSignIn(auth.client, provider, window.location.origin, safeRedirectPath(redirectTo));
    } catch (failure) {
      setOauthError(oauthErrorMessage(failure, provider));
      setBusy(null);
    }
  };

  return (
    <div className="space-y-6">
      {oauthError ? (
        <p
          role="alert"
          className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200"
        >
          {oauthError}
        </p>
      ) : null}
      <form onSubmit={submit} noValidate className="space-y-4">
        <Field label="E-mail address" error={error}>
          {(props) => (
            <Input
              {...props}
              type="email"
              name="email"
              autoComplete="email"
              inputMode="email"
              placeholder="you@example.com"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              autoFocus
            />
          )}
        </Field>
        <Button type="submit" className="w-full" disabled={busy !== null}>
          {busy === "email" ? "Sending code…" : "Send code"}
        </Button>
      </form>
      <div
        className="flex items-center gap-3 text-xs text-neutral-500 dark:text-neutral-400 uppercase"
        aria-hidden="true"
      >
        <span className="h-px flex-1 bg-neutral-200 dark:bg-neutral-800" />
        or
        <span className="h-px flex-1 bg-neutral-200 dark:bg-neutral-800" />
      </div>
      <div className="grid gap-2">
        <Button variant="secondary" onClick={() => oauth("google")} disabled={busy !== null}>
          <GoogleMark /> {busy === "google" ? "Redirecting…" : "Continue with Google"}
        </Button>
        <Button variant="secondary" onClick={() => oauth("azure")} disabled={busy !== null}>
          <MicrosoftMark /> {busy === "azure" ? "Redirecting…" : "Continue with Microsoft"}
        </Button>
      </div>
    </div>
  );
}

function CodeStep({
  email,
  redirectTo,
  onChangeEmail,
}: {
  email: string;
  redirectTo?: string;
  onChangeEmail(): void;
}) {
  const auth = useAuthStore();
  const navigate = useNavigate();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const cooldown = useCountdown(RESEND_COOLDOWN_SECONDS);

  const verify = async (event: FormEvent) => {
    event.preventDefault();
    const token = code.trim();
    if (!CODE_PATTERN.test(token)) return setError(INVALID_CODE);
    setBusy(true);
    setError(null);
    try {
      await verifySignInCode(auth.client, email, token);
      await auth.refresh();
      await navigate({ href: safeRedirectPath(redirectTo) ?? "/studymap", replace: true });
    } catch (failure) {
      setError(signInErrorMessage(failure));
      setBusy(false);
    }
  };

  const resend = async () => {
    setError(null);
    setNotice(null);
    try {
      await sendSignInCode(auth.client, email, window.location.origin);
      cooldown.restart();
      setNotice("A new code is on its way.");
    } catch (failure) {
      setError(signInErrorMessage(failure));
    }
  };

  return (
    <form onSubmit={verify} noValidate className="space-y-4">
      <Field label="Sign-in code" error={error} hint={notice}>
        {(props) => (
          <Input
            {...props}
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={6}
            placeholder="123456"
            className="text-center font-mono text-lg tracking-[0.5em]"
            value={code}
            onChange={(event) => setCode(event.target.value.replace(/\D/g, "").slice(0, 6))}
            autoFocus
          />
        )}
      </Field>
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? "Signing in…" : "Sign in"}
      </Button>
      <div className="flex items-center justify-between text-sm">
        <button
          type="button"
          onClick={onChangeEmail}
          className="text-neutral-600 hover:underline dark:text-neutral-400"
        >
          Use a different e-mail
        </button>
        <button
          type="button"
          onClick={resend}
          disabled={cooldown.remaining > 0}
          className="font-medium text-emerald-700 hover:underline disabled:text-neutral-400 disabled:no-underline dark:text-emerald-400"
        >
          {cooldown.remaining > 0 ? `Resend code in ${cooldown.remaining} s` : "Resend code"}
        </button>
      </div>
    </form>
  );
}

/** Seconds left before the next resend is allowed; restarts on demand. */
function useCountdown(seconds: number) {
  const [until, setUntil] = useState(() => Date.now() + seconds * 1000);
  const [now, setNow] = useState(() => Date.now());
  const running = now < until;
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  return {
    remaining: Math.max(0, Math.ceil((until - now) / 1000)),
    restart: () => {
      const start = Date.now();
      setNow(start);
      setUntil(start + seconds * 1000);
    },
  };
}

function GoogleMark() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4">
      <path
        fill="#4285F4"
        d="M22.5 12.3c0-.8-.1-1.5-.2-2.3H12v4.3h5.9a5 5 0 0 1-2.2 3.3v2.7h3.6c2-1.9 3.2-4.7 3.2-8z"
      />
      <path
        fill="#34A853"
        d="M12 23c3 0 5.5-1 7.3-2.7l-3.6-2.7c-1 .7-2.2 1-3.7 1-2.9 0-5.3-1.9-6.2-4.5H2.1v2.8A11 11 0 0 0 12 23z"
      />
      <path fill="#FBBC05" d="M5.8 14.1a6.6 6.6 0 0 1 0-4.2V7.1H2.1a11 11 0 0 0 0 9.8l3.7-2.8z" />
      <path
        fill="#EA4335"
        d="M12 5.4c1.6 0 3.1.6 4.2 1.6l3.2-3.2A11 11 0 0 0 2.1 7.1l3.7 2.8C6.7 7.3 9.1 5.4 12 5.4z"
      />
    </svg>
  );
}

function MicrosoftMark() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4">
      <path fill="#F25022" d="M2 2h9.5v9.5H2z" />
      <path fill="#7FBA00" d="M12.5 2H22v9.5h-9.5z" />
      <path fill="#00A4EF" d="M2 12.5h9.5V22H2z" />
      <path fill="#FFB900" d="M12.5 12.5H22V22h-9.5z" />
    </svg>
  );
}
