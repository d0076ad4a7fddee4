import { z } from "zod";
import type { TaskClient } from "./generation/pipelines/db.ts";

/**
 * Removes the files of deleted topics, which the database queues as the topic goes (SQL may not delete
 * Storage objects). Files are removed through the Storage API, bucket by bucket, and leave the queue
 * only once Storage has removed them, so a failed run is simply retried by the next one.
 */

const queuedSchema = z.array(z.object({ bucket_id: z.string(), object_name: z.string() }));

export async function removeOrphanedFiles(client: TaskClient): Promise<{ removed: number }> {
  let removed = 0;
  for (;;) {
    const { data, error } = await client.rpc("orphaned_files", { p_limit: 500 });
    if (error) throw new Error(`Could not read the queue of orphaned files: ${error.message}`);
    const queued = queuedSchema.parse(data);
    if (queued.length === 0) return { removed };
    for (const [bucket, names] of groupByBucket(queued)) {
      const result = await client.storage.from(bucket).remove(names);
      if (result.error) throw new Error(`Could not remove files from ${bucket}: ${result.error.message}`);
      // Names Storage no longer has are gone as well: they leave the queue too.
      const forgotten = await client.rpc("forget_orphaned_files", {
        p_bucket_id: bucket,
        p_object_names: names,
      });
      if (forgotten.error) throw new Error(`Could not update the queue: ${forgotten.error.message}`);
      removed += names.length;
    }
  }
}

function groupByBucket(queued: z.infer<typeof queuedSchema>): Map<string, string[]> {
  const buckets = new Map<string, string[]>();
  for (const file of queued)
    buckets.set(file.bucket_id, [...(buckets.get(file.bucket_id) ?? []), file.object_name]);
  return buckets;
}
