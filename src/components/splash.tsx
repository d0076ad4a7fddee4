import { useEffect, useState } from "react";
import { Wordmark } from "./wordmark";

/** docs/product.md §2/§9: the splash fades out 175 ms after authentication has loaded. */
export const SPLASH_FADE_DELAY_MS = 175;
const FADE_DURATION_MS = 300;

type Phase = "visible" | "fading" | "gone";

/** A full-screen splash with the wordmark that stays until `loading` ends. */
export function Splash({ loading }: { loading: boolean }) {
  const [phase, setPhase] = useState<Phase>("visible");

  useEffect(() => {
    if (loading) {
      setPhase("visible");
      return;
    }
    const fade = setTimeout(() => setPhase("fading"), SPLASH_FADE_DELAY_MS);
    const remove = setTimeout(() => setPhase("gone"), SPLASH_FADE_DELAY_MS + FADE_DURATION_MS);
    return () => {
      clearTimeout(fade);
      clearTimeout(remove);
    };
  }, [loading]);

  if (phase === "gone") return null;
  return (
    <div
      data-testid="splash"
      data-phase={phase}
      aria-busy={loading}
      // Once authentication has loaded the fading splash is decoration: out of the accessibility tree.
      aria-hidden={!loading}
      aria-label="Loading studymap"
      role="status"
      className={`fixed inset-0 z-[100] flex items-center justify-center bg-white transition-opacity duration-300 dark:bg-neutral-950 ${
        phase === "fading" ? "pointer-events-none opacity-0" : "opacity-100"
      }`}
    >
      <Wordmark className="animate-pulse text-4xl" />
    </div>
  );
}
