import type { StudymapClient } from "@/lib/database";

export interface UploadTarget {
  /** The project URL (VITE_SUPABASE_URL). */
  supabaseUrl: string;
  anonKey: string;
  bucket: string;
  path: string;
}

/**
 * Uploads a file to Storage the way storage-js does (POST /storage/v1/object/<bucket>/<path>, multipart
 * with `cacheControl` and the file under an empty field name), through XMLHttpRequest because fetch
 * cannot report upload progress. `onProgress` receives 0..1.
 */
export async function uploadWithProgress(
  client: StudymapClient,
  target: UploadTarget,
  file: Blob,
  onProgress: (fraction: number) => void,
): Promise<void> {
  const { data } = await client.auth.getSession();
  const token = data.session?.access_token ?? target.anonKey;
  const body = new FormData();
  body.append("cacheControl", "3600");
  body.append("", file);

  await new Promise<void>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", `${target.supabaseUrl}/storage/v1/object/${target.bucket}/${target.path}`);
    request.setRequestHeader("apikey", target.anonKey);
    request.setRequestHeader("authorization", `Bearer ${token}`);
    request.setRequestHeader("x-upsert", "false");
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        onProgress(1);
        resolve();
      } else {
        reject(new Error(storageErrorMessage(request.responseText, request.status)));
      }
    };
    request.onerror = () => reject(new Error("The upload failed. Check your connection and try again."));
    request.send(body);
  });
}

/** Storage answers `{statusCode, error, message}`; show its message. */
export function storageErrorMessage(responseText: string, status: number): string {
  try {
    const body = JSON.parse(responseText) as { message?: string; error?: string };
    return body.message || body.error || `Upload failed (HTTP ${status})`;
  } catch {
    return `Upload failed (HTTP ${status})`;
  }
}
