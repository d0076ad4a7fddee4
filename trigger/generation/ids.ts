import { createHash } from "node:crypto";

/**
 * A UUID derived from its parts (SHA-256, version 8 layout): the same input always gives the same id,
 * so re-ingesting unchanged text keeps chunk ids, and everything generated stays deterministic.
 */
export function stableUuid(...parts: Array<string | number | null>): string {
  const hex = createHash("sha256").update(JSON.stringify(parts)).digest("hex");
  const variant = ((Number.parseInt(hex[16] ?? "0", 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** A short stable id for generated items (questions, cards). */
export function stableId(prefix: string, ...parts: Array<string | number | null>): string {
  return `${prefix}-${createHash("sha256").update(JSON.stringify(parts)).digest("hex").slice(0, 10)}`;
}
