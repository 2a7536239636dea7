// Timing of the hero carousel: auto-advance every 5000 ms, and after each
// change further changes are ignored for 500 ms. The index wraps around in both directions.
import { useCallback, useEffect, useRef, useState } from 'react';

export const AUTO_ADVANCE_MS = 5000;
export const LOCK_MS = 500;

export function wrapIndex(index: number, count: number): number {
  return ((index % count) + count) % count;
}

export interface CarouselControls {
  index: number;
  /** Goes to a slide; ignored (returns false) during the lock that follows a change. */
  goTo(target: number): boolean;
  next(): boolean;
  previous(): boolean;
}

/**
 * `paused` stops auto-advance (the visitor paused it, or is hovering or focused inside the
 * carousel, per the WAI-ARIA carousel pattern). The 5000 ms count starts again after every change,
 * so a slide chosen by hand is shown for the full interval too.
 */
export function useCarousel(count: number, options: { paused?: boolean } = {}): CarouselControls {
  const { paused = false } = options;
  const [index, setIndex] = useState(0);
  const locked = useRef(false);
  const unlockTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const goTo = useCallback(
    (target: number) => {
      if (locked.current || count < 1) return false;
      const nextIndex = wrapIndex(target, count);
      if (nextIndex === index) return false;
      setIndex(nextIndex);
      locked.current = true;
      clearTimeout(unlockTimer.current);
      unlockTimer.current = setTimeout(() => {
        locked.current = false;
      }, LOCK_MS);
      return true;
    },
    [count, index],
  );

  useEffect(() => {
    if (paused || count < 2) return;
    const timer = setTimeout(() => goTo(index + 1), AUTO_ADVANCE_MS);
    return () => clearTimeout(timer);
  }, [paused, count, index, goTo]);

  useEffect(
    () => () => {
      clearTimeout(unlockTimer.current);
      locked.current = false;
    },
    [],
  );

  return {
    index,
    goTo,
    next: useCallback(() => goTo(index + 1), [goTo, index]),
    previous: useCallback(() => goTo(index - 1), [goTo, index]),
  };
}
