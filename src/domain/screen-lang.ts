/**
 * The language of a screen's texts (SPEC.md: the interface is English, the micro-learning screens are
 * Dutch), for `<html lang>` so screen readers pick the right voice and browsers the right hyphenation.
 */
export type ScreenLang = "en" | "nl";

export function screenLang(pathname: string): ScreenLang {
  const segments = pathname.split("/").filter(Boolean);
  const topicsAt = segments.indexOf("topics");
  return topicsAt >= 0 && segments[topicsAt + 2] === "microlearning" ? "nl" : "en";
}
