import { defaultOptions, Upload } from "tus-js-client";
import type { StudymapClient } from "@/lib/database";

export interface UploadTarget {
  /** The project URL (VITE_SUPABASE_URL). */
  supabaseUrl: string;
  anonKey: string;
  bucket: string;
  path: string;
}

/** Supabase Storage takes resumable uploads in chunks of exactly 6 MB (the last one may be smaller). */
export const RESUMABLE_CHUNK_BYTES = 6 * 1024 * 1024;

/** How long to wait before each retry of a failed chunk; after the last one the upload fails. */
const RETRY_DELAYS_MS = [0, 1_000, 3_000, 5_000, 10_000];

/**
 * What became of an earlier, unfinished upload of the same file to the same place: `resumed` when
 * Storage still had it, `restarted` when Storage no longer knew it (expired or removed) and the file
 * is sent again from its first byte.
 */
export type PreviousUploadOutcome = "resumed" | "restarted";

export interface UploadEvents {
  /** 0..1 */
  onProgress(fraction: number): void;
  onPreviousUpload?(outcome: PreviousUploadOutcome): void;
}

/** The error a cancelled upload rejects with; what it sent stays on the server to resume from. */
export class UploadCancelled extends Error {
  constructor() {
    super("The upload was cancelled.");
    this.name = "UploadCancelled";
  }
}

/**
 * Uploads a file to Storage over TUS (`/storage/v1/upload/resumable`) with tus-js-client, the client
 * Supabase documents for it. A weak connection retries from the last byte the server has, and an
 * upload cancelled through `signal`, broken off or left by a reload continues where it stopped when
 * the same file is sent to the same place again: tus-js-client keeps each upload's URL in
 * localStorage under a fingerprint of the file and its destination. The entry outlives a finished
 * upload, so a file sent whole just before the tab closed counts as sent (Storage answers its full
 * offset) instead of being refused as a duplicate; `forgetUploads` removes entries once of no use.
 */
export async function resumableUpload(
  client: StudymapClient,
  target: UploadTarget,
  file: File,
  events: UploadEvents,
  signal?: AbortSignal,
): Promise<void> {
  if (signal?.aborted) throw new UploadCancelled();
  const { data } = await client.auth.getSession();
  const token = data.session?.access_token ?? target.anonKey;

  await new Promise<void>((resolve, reject) => {
    let previous: PreviousUpload | undefined;
    const upload = new Upload(file, {
      endpoint: `${target.supabaseUrl}/storage/v1/upload/resumable`,
      retryDelays: RETRY_DELAYS_MS,
      chunkSize: RESUMABLE_CHUNK_BYTES,
      headers: { authorization: `Bearer ${token}`, apikey: target.anonKey, "x-upsert": "false" },
      uploadDataDuringCreation: true,
      removeFingerprintOnSuccess: false,
      metadata: {
        bucketName: target.bucket,
        objectName: target.path,
        contentType: file.type || "application/octet-stream",
        cacheControl: "3600",
      },
      // The default fingerprint names only the file: the same file for another topic is another upload.
      fingerprint: async (source) =>
        ["studymap", target.bucket, target.path, source.size, source.lastModified].join(":"),
      onProgress: (sent, total) => events.onProgress(total > 0 ? sent / total : 0),
      // Called once the upload's URL is settled: the stored one when Storage still knows it, else a
      // new one (tus-js-client drops a URL the server answers 4xx for and creates the upload afresh).
      onUploadUrlAvailable: () => {
        if (!previous) return;
        events.onPreviousUpload?.(upload.url === previous.uploadUrl ? "resumed" : "restarted");
        previous = undefined;
      },
      onSuccess: () => {
        signal?.removeEventListener("abort", cancel);
        events.onProgress(1);
        resolve();
      },
      onError: (error) => {
        signal?.removeEventListener("abort", cancel);
        reject(new Error(uploadErrorMessage(error)));
      },
    });
    function cancel() {
      // abort() without terminating: the bytes sent so far stay for the next attempt to resume.
      void upload.abort(false);
      reject(new UploadCancelled());
    }
    signal?.addEventListener("abort", cancel, { once: true });
    void upload.findPreviousUploads().then((found) => {
      if (signal?.aborted) return;
      [previous] = found;
      if (previous) upload.resumeFromPreviousUpload(previous);
      upload.start();
    }, reject);
  });
}

type PreviousUpload = Awaited<ReturnType<Upload["findPreviousUploads"]>>[number];

/**
 * Forgets the stored upload URLs of every file under `folder` in `bucket` (finished or not), so a
 * later upload there starts afresh; the bytes on the server expire with Storage's own clean-up.
 */
export async function forgetUploads(bucket: string, folder: string): Promise<void> {
  const storage = defaultOptions.urlStorage;
  const prefix = folder.endsWith("/") ? folder : `${folder}/`;
  for (const entry of await storage.findAllUploads()) {
    const metadata = entry.metadata ?? {};
    if (metadata.bucketName === bucket && metadata.objectName?.startsWith(prefix) && entry.urlStorageKey)
      await storage.removeUpload(entry.urlStorageKey);
  }
}

/** Storage answers a refused TUS request with its message as the body; show that, not the protocol dump. */
function uploadErrorMessage(error: Error): string {
  const response = "originalResponse" in error ? (error.originalResponse as ResponseLike | null) : null;
  const body = response?.getBody()?.trim();
  if (response && body) return storageErrorMessage(body, response.getStatus());
  if (response) return `Upload failed (HTTP ${response.getStatus()})`;
  return "The upload failed. Check your connection and try again.";
}

interface ResponseLike {
  getStatus(): number;
  getBody(): string | undefined;
}

/** Storage answers `{statusCode, error, message}` or, for TUS, the message alone; show its message. */
export function storageErrorMessage(responseText: string, status: number): string {
  try {
    const body = JSON.parse(responseText) as { message?: string; error?: string };
    return body.message || body.error || `Upload failed (HTTP ${status})`;
  } catch {
    return responseText || `Upload failed (HTTP ${status})`;
  }
}
