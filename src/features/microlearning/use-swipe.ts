import { type PointerEvent, useRef } from "react";

export type SwipeDirection = "left" | "right";

/** How far a finger must travel sideways, and how much more sideways than up or down, to swipe. */
export const SWIPE_MIN_PX = 50;
const SIDEWAYS_RATIO = 2;

/** A sideways swipe between two points, or null for a tap, a scroll or a diagonal wipe. */
export function swipeDirection(dx: number, dy: number): SwipeDirection | null {
  if (Math.abs(dx) < SWIPE_MIN_PX || Math.abs(dx) < SIDEWAYS_RATIO * Math.abs(dy)) return null;
  return dx > 0 ? "right" : "left";
}

/**
 * Pointer handlers that report a sideways swipe of a finger or pen (pointer events are enough; no gesture
 * library). A mouse drag is left alone: on a desktop it selects text. The element needs
 * `touch-action: pan-y`, or the browser takes the sideways move for itself and cancels the pointer.
 */
export function useSwipe(onSwipe: (direction: SwipeDirection) => void) {
  const start = useRef<{ id: number; x: number; y: number } | null>(null);
  return {
    onPointerDown(event: PointerEvent) {
      if (event.pointerType === "mouse" || !event.isPrimary) return;
      start.current = { id: event.pointerId, x: event.clientX, y: event.clientY };
    },
    onPointerUp(event: PointerEvent) {
      const from = start.current;
      start.current = null;
      if (!from || from.id !== event.pointerId) return;
      const direction = swipeDirection(event.clientX - from.x, event.clientY - from.y);
      if (direction) onSwipe(direction);
    },
    onPointerCancel() {
      start.current = null;
    },
  };
}
