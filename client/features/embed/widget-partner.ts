// The partner site a booking form runs framed in, as /embed.js said (the widget page's ?partner=):
// sent with a public booking, which the server keeps only when it is an allowed partner site. None
// outside a frame (the widget page opened on its own, or any other page of the site), and none when
// the page that frames it is another site than the one claimed: one allowed partner cannot credit
// its bookings to another. The framing page's origin comes from location.ancestorOrigins where the
// browser has it (Chromium, Safari), else from the referrer the frame was opened with.
import { normalisedOrigin, PARTNER_PARAM } from '@server/shared/embed-widget';

/** What the check reads of the window; the window itself in the browser. */
export interface FramedView {
  parent: unknown;
  location: { search: string; ancestorOrigins?: { length: number; [index: number]: string } | undefined };
  document: { referrer: string };
}

function framingOrigin(view: FramedView): string | null {
  const ancestors = view.location.ancestorOrigins;
  if (ancestors !== undefined && ancestors.length > 0) return ancestors[0] ?? null;
  if (view.document.referrer === '') return null;
  try {
    return new URL(view.document.referrer).origin;
  } catch {
    return null;
  }
}

export function widgetPartner(view: FramedView | undefined = typeof window === 'undefined' ? undefined : window): string | undefined {
  if (view === undefined || view.parent === view) return undefined;
  const given = new URLSearchParams(view.location.search).get(PARTNER_PARAM);
  const claimed = given === null ? null : normalisedOrigin(given);
  if (claimed === null) return undefined;
  const framing = framingOrigin(view);
  // A browser that tells neither (a referrer policy of no-referrer, no ancestorOrigins) keeps the claim.
  return framing === null || framing === claimed ? claimed : undefined;
}
