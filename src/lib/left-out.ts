/**
 * What the stand-ins for left-out library parts (`*-left-out.ts`, see `vite.config.ts`) put where the
 * library expects a function: one that throws `message`, so a use cannot fail silently.
 */
export function throwing(message: string): () => never {
  return () => {
    throw new Error(message);
  };
}
