import { createContext, type ReactNode, useContext, useEffect, useState } from "react";
import { immediately, type Scheduler } from "@/lib/idle";

/** When work the first page can do without may run (src/first-load.ts); at once outside the app. */
const BackgroundContext = createContext<Scheduler>(immediately);

export function BackgroundProvider({ background, children }: { background: Scheduler; children: ReactNode }) {
  return <BackgroundContext.Provider value={background}>{children}</BackgroundContext.Provider>;
}

/**
 * True once background work may run. A read only a detail of the page depends on (a quiet line, a label)
 * waits for it, so the page's main content is painted before that read and the render its answer causes
 * (docs/performance.md, session 15). After the first page this is one idle moment away.
 */
export function useBackgroundReady(): boolean {
  const background = useContext(BackgroundContext);
  const [ready, setReady] = useState(background === immediately);
  useEffect(() => {
    if (ready) return;
    let mounted = true;
    background(() => {
      if (mounted) setReady(true);
    });
    return () => {
      mounted = false;
    };
  }, [background, ready]);
  return ready;
}
