import { Upload } from "tus-js-client";
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
 * upload cancelled through `signal` (or broken off) continues where it stopped when the same file is
 * sent to the same place again: tus-js-client keeps each upload's URL in localStorage under a
 * fingerprint of the file and its destination. `onProgress` receives 0..1.
 */
export async function resumableUpload(
  client: StudymapClient,
  target: UploadTarget,
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<void> {
  if (signal?.aborted) throw new UploadCancelled();
  const { data } = await client.auth.getSession();
  const token = data.session?.access_token ?? target.anonKey;

  await new Promise<void>((resolve, reject) => {
    const upload = new Upload(file, {
      endpoint: `${target.supabaseUrl}/storage/v1/upload/resumable`,
      retryDelays: RETRY_DELAYS_MS,
      chunkSize: RESUMABLE_CHUNK_BYTES,
      headers: { authorization: `Bearer ${token}`, apikey: target.anonKey, "x-upsert": "false" },
      uploadDataDuringCreation: true,
      removeFingerprintOnSuccess: true,
      metadata: {
        bucketName: target.bucket,
        objectName: target.path,
        contentType: file.type || "application/octet-stream",
        cacheControl: "3600",
      },
      // The default fingerprint names only the file: the same file for another topic is another upload.
      fingerprint: async (source) =>
        ["studymap", target.bucket, target.path, source.size, source.lastModified].join(":"),
      onProgress: (sent, total) => onProgress(total > 0 ? sent / total : 0),
      onSuccess: () => {
        signal?.removeEventListener("abort", cancel);
        onProgress(1);
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
    void upload.findPreviousUploads().then((previous) => {
      if (signal?.aborted) return;
      const [latest] = previous;
      if (latest) upload.resumeFromPreviousUpload(latest);
      upload.start();
    }, reject);
  });
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
