import type { StudymapClient } from "./database";

/** docs/product.md §9: signed URLs live 60 s. */
export const SIGNED_URL_SECONDS = 60;

/** A short-lived link to a learner's own file in the private `sources` bucket. */
export async function signSourceFile(client: StudymapClient, filePath: string): Promise<string> {
  const { data, error } = await client.storage.from("sources").createSignedUrl(filePath, SIGNED_URL_SECONDS);
  if (error) throw error;
  return data.signedUrl;
}
