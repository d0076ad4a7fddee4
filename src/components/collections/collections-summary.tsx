import { Link } from "@tanstack/react-router";
import { Card } from "@/components/ui/card";
import { useCanManageContent } from "@/lib/auth/auth-context";
import { useCollections } from "@/lib/collections/hooks";
import { NewCollectionButton } from "./new-collection-dialog";

/** The dashboard's overview of the entity's collections, each linking to its topics. */
export function CollectionsSummary({ entityId }: { entityId: string }) {
  const { data: collections, error } = useCollections(entityId);
  const canManage = useCanManageContent(entityId);
  return (
    <section aria-labelledby="collections-heading" className="mb-8">
      <div className="mb-3 flex items-center justify-between gap-2">
        <h2 id="collections-heading" className="text-lg font-semibold">
          Collections
        </h2>
        {canManage ? <NewCollectionButton entityId={entityId} /> : null}
      </div>
      {error ? (
        <p className="text-sm text-red-600 dark:text-red-400">Collections could not be loaded.</p>
      ) : !collections ? (
        <p className="text-sm text-neutral-500 dark:text-neutral-400">Loading collections…</p>
      ) : collections.length === 0 ? (
        <p className="text-sm text-neutral-500 dark:text-neutral-400">
          No collections yet.{" "}
          {canManage
            ? "Create one to group related topics."
            : "Your organisation has not grouped its topics yet."}
        </p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {collections.map((collection) => (
            <li key={collection.id}>
              <Card className="relative p-4 transition-shadow hover:shadow-md">
                <Link
                  to="/studymap/collections/$moduleId/topics"
                  params={{ moduleId: collection.id }}
                  search={{ page: 1 }}
                  className="font-medium after:absolute after:inset-0"
                >
                  {collection.title}
                </Link>
                <p className="mt-1 text-sm text-neutral-500 dark:text-neutral-400">
                  {collection.topicCount === 1 ? "1 topic" : `${collection.topicCount} topics`}
                </p>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
