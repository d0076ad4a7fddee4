import { type ErrorComponentProps, useRouter } from "@tanstack/react-router";
import { useEffect } from "react";
import { useSWRConfig } from "swr";
import { reportError } from "@/lib/sentry";
import { Button } from "./ui/button";

export const ERROR_TITLE = "Er is iets mis gegaan";
export const ERROR_MESSAGE = "We hebben een fout gedetecteerd. Probeer de pagina te vernieuwen.";
export const ERROR_RETRY = "Probeer opnieuw";

/** docs/product.md §2's fallback error screen (in Dutch, as specified). */
export function ErrorScreen({ onRetry }: { onRetry(): void }) {
  return (
    <main lang="nl" role="alert" className="flex min-h-[60vh] items-center justify-center px-6 py-16">
      <div className="max-w-md text-center">
        <h1 className="text-2xl font-semibold text-neutral-900 dark:text-neutral-50">{ERROR_TITLE}</h1>
        <p className="mt-2 text-neutral-600 dark:text-neutral-400">{ERROR_MESSAGE}</p>
        <Button className="mt-6" onClick={onRetry}>
          {ERROR_RETRY}
        </Button>
      </div>
    </main>
  );
}

/**
 * The router's error component: reports the error, and on retry forgets failed requests so the
 * screen fetches again instead of rendering the cached error.
 */
export function RouteErrorScreen({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const { cache } = useSWRConfig();
  useEffect(() => {
    console.error(error);
    reportError(error);
  }, [error]);
  const retry = () => {
    for (const key of cache.keys()) {
      if (cache.get(key)?.error) cache.delete(key);
    }
    reset();
    void router.invalidate();
  };
  return <ErrorScreen onRetry={retry} />;
}
