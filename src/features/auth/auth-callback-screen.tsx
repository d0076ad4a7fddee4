import type { EmailOtpType } from "@supabase/supabase-js";
import { Link, useNavigate } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { buttonClasses } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { safeRedirectPath } from "@/domain/search-params";
import { useAuthStore } from "@/lib/auth/auth-context";
import { signInErrorMessage } from "@/lib/auth/auth-errors";
import type { StudymapClient } from "@/lib/database";
import { AuthCard } from "./auth-card";

export const CALLBACK_FAILED =
  "We could not complete your sign-in. The link may have expired or been used already.";

/** What the sign-in service put in the return address: an error, or an e-mail link's token hash. */
export function readCallbackParams(href: string) {
  const url = new URL(href);
  const hash = new URLSearchParams(url.hash.replace(/^#/, ""));
  const read = (name: string) => url.searchParams.get(name) ?? hash.get(name);
  return {
    error: read("error_description") ?? read("error"),
    tokenHash: read("token_hash"),
    type: read("type") as EmailOtpType | null,
  };
}

/**
 * E-mail link tokens are single-use: a second verification of the same link answers 403 although the
 * first one signed the learner in. React runs this page's effect twice in development (StrictMode), and
 * a remount can run it again, so every run for one link shares the first run's verification.
 */
const verifications = new Map<string, Promise<void>>();

export function verifyEmailLinkOnce(
  client: StudymapClient,
  tokenHash: string,
  type: EmailOtpType,
): Promise<void> {
  const key = `${type}:${tokenHash}`;
  let verification = verifications.get(key);
  if (!verification) {
    verification = client.auth.verifyOtp({ token_hash: tokenHash, type }).then(({ error }) => {
      if (error) throw error;
    });
    verifications.set(key, verification);
  }
  return verification;
}

/**
 * Completes OAuth and e-mail-link sign-ins. The Supabase client exchanges a `?code=` (PKCE) or reads
 * `#access_token` itself while starting; this page verifies a `token_hash` link, waits for the session
 * and moves on to where the learner was going.
 */
export function AuthCallbackScreen({ redirectTo }: { redirectTo?: string }) {
  const auth = useAuthStore();
  const navigate = useNavigate();
  const [params] = useState(() => readCallbackParams(window.location.href));
  const [error, setError] = useState<string | null>(params.error);

  useEffect(() => {
    if (params.error) return;
    let cancelled = false;
    const complete = async () => {
      if (params.tokenHash && params.type) {
        await verifyEmailLinkOnce(auth.client, params.tokenHash, params.type);
      }
      await auth.ready();
      const user = await auth.refresh();
      if (cancelled) return;
      if (!user) return setError(CALLBACK_FAILED);
      await navigate({ href: safeRedirectPath(redirectTo) ?? "/studymap", replace: true });
    };
    complete().catch((failure) => !cancelled && setError(signInErrorMessage(failure)));
    return () => {
      cancelled = true;
    };
  }, [auth, navigate, params, redirectTo]);

  if (error) {
    return (
      <AuthCard title="Sign-in failed" description={error}>
        <Link to="/login" search={{ redirectTo }} className={buttonClasses("primary", "md", "w-full")}>
          Back to sign in
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Signing you in">
      <Spinner label="Completing sign-in…" showLabel />
    </AuthCard>
  );
}
