import { StorageClient } from "@supabase/storage-js";

/**
 * storage-js's download builders are internal classes (its tests import them from its sources); the
 * published package hands them out only as `download()`'s and `asStream()`'s results. Neither sends a
 * request until awaited, so making one here touches no server.
 */
const blobBuilder = new StorageClient("http://127.0.0.1:9/storage/v1").from("peer").download("peer");

export const BlobDownloadBuilder = blobBuilder.constructor;
export const StreamDownloadBuilder = blobBuilder.asStream().constructor;
