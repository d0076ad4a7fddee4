/** Bodies up to this size are read to the end even when refused, so the client receives the answer. */
const DRAIN_LIMIT = 64 * 1024 * 1024;

/**
 * Reads a request body of at most `limit` bytes. A longer one is refused with `tooLarge()`, after
 * reading and discarding the rest (up to a bound): stopping mid-upload would reset the connection
 * before the client could read the refusal.
 */
export async function readBodyWithin(
  request: Request,
  limit: number,
  tooLarge: () => Error,
): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > DRAIN_LIMIT) throw tooLarge();
  const reader = request.body?.getReader();
  if (!reader) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > DRAIN_LIMIT) {
      await reader.cancel().catch(() => {});
      break;
    }
    if (total <= limit) chunks.push(value);
  }
  if (total > limit) throw tooLarge();
  return new Uint8Array(Buffer.concat(chunks));
}
