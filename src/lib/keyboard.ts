/**
 * Whether a key press belongs to the element it happened on, so a shortcut leaves it alone: text fields
 * take every key, and buttons, links and other controls answer Space and Enter themselves (a shortcut on
 * the same key would fire twice).
 */
export function isOwnKey(target: EventTarget | null, key: string): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target.closest("textarea, select") !== null) return true;
  const input = target.closest("input");
  if (input) return !["checkbox", "radio", "button", "submit", "reset"].includes(input.type) || key === " ";
  return (key === " " || key === "Enter") && target.closest("button, a[href], [role='button']") !== null;
}
