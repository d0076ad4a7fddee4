import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { Card } from "@/components/ui/card";
import { useCanManageContent } from "@/lib/auth/auth-context";
import { useCollections } from "@/lib/collections/hooks";
import { NewCollectionButton } from "./new-collection-dialog";

/** A collection card's width in the row: fixed, so the row is one card high however many there are. */
const COLLECTION_ITEM = "w-64 shrink-0 snap-start";

/**
 * The dashboard's overview of the entity's collections, each linking to its topics: one row that scrolls
 * sideways, with a placeholder of the same height while loading. A grid grew a row per collection
 * once loaded and pushed the topics below it down (Lighthouse's layout shift of 0.52 on /studymap with
 * 10 collections, issue 24).
 */
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
        <CollectionRowPlaceholder />
      ) : collections.length === 0 ? (
        <p className="text-sm text-neutral-500 dark:text-neutral-400">
          No collections yet.{" "}
          {canManage
            ? "Create one to group related topics."
            : "Your organisation has not grouped its topics yet."}
        </p>
      ) : (
        <CollectionRow>
          {collections.map((collection) => (
            <li key={collection.id} className={COLLECTION_ITEM}>
              <Card className="relative h-full p-4 transition-shadow hover:shadow-md">
                <Link
                  to="/studymap/collections/$moduleId/topics"
                  params={{ moduleId: collection.id }}
                  search={{ page: 1 }}
                  title={collection.title}
                  className="block truncate font-medium after:absolute after:inset-0"
                >
                  {collection.title}
                </Link>
                <p className="mt-1 text-sm text-neutral-500 dark:text-neutral-400">
                  {collection.topicCount === 1 ? "1 topic" : `${collection.topicCount} topics`}
                </p>
              </Card>
            </li>
          ))}
        </CollectionRow>
      )}
    </section>
  );
}

function CollectionRow({ children }: { children: ReactNode }) {
  // The padding keeps the cards' focus outline and shadow inside the scrolling box.
  return <ul className="-m-1 flex snap-x gap-3 overflow-x-auto p-1">{children}</ul>;
}

/** Two cards' worth of the loaded row's height, so nothing below moves when the collections arrive. */
function CollectionRowPlaceholder() {
  return (
    <div aria-hidden="true" className="-m-1 flex gap-3 overflow-hidden p-1">
      {[0, 1].map((index) => (
        <Card key={index} className={`${COLLECTION_ITEM} p-4`}>
          <p className="invisible font-medium">Loading</p>
          <p className="invisible mt-1 text-sm">Loading</p>
        </Card>
      ))}
    </div>
  );
}
