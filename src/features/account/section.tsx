import type { ReactNode } from "react";
import { Card } from "@/components/ui/card";

/** One titled card of the account settings page. */
export function Section({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  const id = `section-${title.toLowerCase().replace(/\W+/g, "-")}`;
  return (
    <Card className="p-6">
      <section aria-labelledby={id}>
        <h2 id={id} className="text-lg font-semibold">
          {title}
        </h2>
        {description ? (
          <p className="mt-1 text-sm text-neutral-500 dark:text-neutral-400">{description}</p>
        ) : null}
        <div className="mt-4">{children}</div>
      </section>
    </Card>
  );
}
