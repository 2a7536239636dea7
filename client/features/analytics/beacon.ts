// The public pages' counting: a page view and the booking steps, sent with navigator.sendBeacon to
// POST /api/beacon (server/analytics/beacon.route.ts), after the page has loaded. No cookie: where
// the visit began (the referrer's host and the landing page's utm_* values) is kept in
// sessionStorage for the visit, so a booking is credited to it. Nothing is sent for a visitor with
// Do Not Track or Global Privacy Control on. Kept tiny and free of imports: the home page carries it.
import type { BeaconStep, VisitFields } from '@server/analytics/analytics.schemas';

/** server/analytics/beacon.route.ts's BEACON_PATH (the route's module cannot be bundled). */
const BEACON_PATH = '/api/beacon';
const VISIT_KEY = 'visit';

function optedOut(): boolean {
  return navigator.doNotTrack === '1' || (navigator as { globalPrivacyControl?: boolean }).globalPrivacyControl === true;
}

function landingVisit(): VisitFields {
  const query = new URLSearchParams(location.search);
  const utm = (name: string) => query.get(`utm_${name}`)?.slice(0, 100) || undefined;
  let ref = '';
  try {
    ref = document.referrer === '' ? '' : new URL(document.referrer).host;
  } catch {
    // An unreadable referrer is no referrer.
  }
  return { ref: ref === location.host ? undefined : ref || undefined, us: utm('source'), um: utm('medium'), uc: utm('campaign') };
}

/** Where this visit began: read once per tab's visit, then kept for it. Undefined for an opted-out visitor. */
export function currentVisit(): VisitFields | undefined {
  if (optedOut()) return undefined;
  try {
    const kept = sessionStorage.getItem(VISIT_KEY);
    if (kept !== null) return JSON.parse(kept) as VisitFields;
    const visit = landingVisit();
    sessionStorage.setItem(VISIT_KEY, JSON.stringify(visit));
    return visit;
  } catch {
    // Storage refused (a private window's quota): this page's own landing data.
    return landingVisit();
  }
}

/** Sends one step (or a page view) of this page; never throws, never waits. */
export function sendStep(step: BeaconStep, eventId?: string): void {
  const visit = currentVisit();
  if (visit === undefined || typeof navigator.sendBeacon !== 'function') return;
  const body = { p: location.pathname, s: step, e: eventId, l: document.documentElement.lang, ...visit };
  navigator.sendBeacon(BEACON_PATH, JSON.stringify(body));
}

/** A page view (and, on an event's page, its funnel's first step) once the page has loaded. */
export function countPageView(eventId?: string): void {
  const send = () => {
    sendStep('pageview');
    if (eventId !== undefined) sendStep('event-viewed', eventId);
  };
  if (document.readyState === 'complete') setTimeout(send, 0);
  else addEventListener('load', send, { once: true });
}
