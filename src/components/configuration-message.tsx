import { Wordmark } from "./wordmark";

/**
 * What a build without its backend settings shows instead of a blank page. The sentence is the error
 * the configuration check throws (docs/product.md §5), shown as is so whoever deploys sees what to set.
 */
export function ConfigurationMessage({ message }: { message: string }) {
  return (
    <main role="alert" className="flex min-h-screen items-center justify-center px-6 py-16">
      <div className="max-w-lg text-center">
        <Wordmark className="text-3xl" />
        <h1 className="mt-8 text-2xl font-semibold text-neutral-900 dark:text-neutral-50">
          studymap is not configured
        </h1>
        <p className="mt-2 text-neutral-600 dark:text-neutral-400">{message}</p>
      </div>
    </main>
  );
}
