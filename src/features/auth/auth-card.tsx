import type { ReactNode } from "react";
import { Card } from "@/components/ui/card";
import { Wordmark } from "@/components/wordmark";

/** The centred card of the sign-in pages. */
export function AuthCard({
  title,
  description,
  children,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <main className="flex min-h-screen items-center justify-center px-4 py-12">
      <div className="w-full max-w-sm">
        <div className="mb-8 text-center">
          <Wordmark className="text-3xl" />
        </div>
        <Card className="p-6 sm:p-8">
          <h1 className="text-xl font-semibold text-neutral-900 dark:text-neutral-50">{title}</h1>
          {description ? (
            <p className="mt-1 text-sm text-neutral-500 dark:text-neutral-400">{description}</p>
          ) : null}
          <div className="mt-6">{children}</div>
        </Card>
      </div>
    </main>
  );
}
