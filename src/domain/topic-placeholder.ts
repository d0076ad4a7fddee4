/**
 * The picture a topic without a thumbnail gets: derived from its title alone, so the same topic looks
 * the same on every screen and visit, and neighbouring cards differ. Decorative: the title is on the card.
 */
export interface TopicPlaceholder {
  /** Up to two letters: the first of the first two words. */
  initials: string;
  /** Hues (0–359) of the gradient's two ends, at least 40° apart so the gradient shows. */
  fromHue: number;
  toHue: number;
  /** Direction of the gradient in degrees. */
  angle: number;
  /** Which of the few background patterns overlays the gradient. */
  pattern: number;
}

export const PLACEHOLDER_PATTERNS = 3;

export function topicPlaceholder(title: string): TopicPlaceholder {
  const hash = fnv1a(title.trim().toLowerCase());
  const fromHue = hash % 360;
  return {
    initials: initialsOf(title),
    fromHue,
    toHue: (fromHue + 40 + ((hash >>> 9) % 100)) % 360,
    angle: 45 * ((hash >>> 17) % 8),
    pattern: (hash >>> 20) % PLACEHOLDER_PATTERNS,
  };
}

function initialsOf(title: string): string {
  const words = title.match(/[\p{L}\p{N}]+/gu) ?? [];
  return words
    .slice(0, 2)
    .map((word) => word.charAt(0).toLocaleUpperCase())
    .join("");
}

/** FNV-1a (32 bit): a small, well-spread string hash; nothing here needs more. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
