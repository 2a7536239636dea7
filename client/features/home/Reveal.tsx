// Scroll animation of the home page: a block fades and slides in once, over 800 ms, when it comes
// 100 px into the viewport. Without IntersectionObserver, or when the visitor prefers reduced
// motion, the content is simply visible: nothing is ever hidden waiting for an observer. A page the
// server rendered shows every block (it cannot know the viewport); once hydrated, the blocks still
// below the viewport are hidden to fade in when scrolled to, like on a page rendered in the browser.
import { type CSSProperties, type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useHydrated } from '@client/hydration';
import classes from './Reveal.module.css';

export const REVEAL_DURATION_MS = 800;
export const REVEAL_OFFSET_PX = 100;

function shouldAnimate(): boolean {
  if (typeof window === 'undefined' || typeof window.IntersectionObserver !== 'function') return false;
  const reducedMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  return !reducedMotion;
}

/** `hidden` is true only while an animated block waits to enter the viewport. */
export function useRevealOnScroll<T extends Element>() {
  const ref = useRef<T>(null);
  // Hydration must start from what the server rendered: visible.
  const hydrating = !useHydrated();
  const [hidden, setHidden] = useState(() => !hydrating && shouldAnimate());
  const wasHydrated = useRef(hydrating);

  useLayoutEffect(() => {
    if (!wasHydrated.current) return;
    wasHydrated.current = false;
    const element = ref.current;
    if (element === null || !shouldAnimate()) return;
    if (element.getBoundingClientRect().top > window.innerHeight - REVEAL_OFFSET_PX) setHidden(true);
  }, []);

  useEffect(() => {
    const element = ref.current;
    if (!hidden || element === null) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.unobserve(element);
        setHidden(false);
      },
      { rootMargin: `0px 0px -${REVEAL_OFFSET_PX}px 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [hidden]);

  return { ref, hidden };
}

export function Reveal({ children, className }: { children: ReactNode; className?: string }) {
  const { ref, hidden } = useRevealOnScroll<HTMLDivElement>();
  return (
    <div
      ref={ref}
      data-revealed={hidden ? 'false' : 'true'}
      className={[classes.reveal, hidden ? classes.revealHidden : '', className ?? ''].filter(Boolean).join(' ')}
      style={{ '--reveal-duration': `${REVEAL_DURATION_MS}ms` } as CSSProperties}
    >
      {children}
    </div>
  );
}
