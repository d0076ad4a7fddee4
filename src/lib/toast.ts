import type { toast as sonnerToast } from "sonner";

type Toast = typeof sonnerToast;

/**
 * sonner's `toast` for screens on the first load: sonner (about 9 kB gzip) is imported with the first
 * toast instead of holding up the screen's code (docs/performance.md). The Toaster loads after the first
 * paint anyway (app.tsx), and sonner shows a toast raised before its Toaster subscribes.
 */
function later<K extends "success" | "error" | "info">(kind: K) {
  return (...args: Parameters<Toast[K]>): void => {
    void import("sonner").then(({ toast }) =>
      (toast[kind] as (...a: Parameters<Toast[K]>) => unknown)(...args),
    );
  };
}

export const toast = { success: later("success"), error: later("error"), info: later("info") };
