// The partner site a booking form runs framed in, as /embed.js said (the widget page's ?partner=):
// sent with a public booking, which the server keeps only when it is an allowed partner site. None
// outside a frame (the widget page opened on its own, or any other page of the site).
import { normalisedOrigin, PARTNER_PARAM } from '@server/shared/embed-widget';

export function widgetPartner(): string | undefined {
  if (typeof window === 'undefined' || window.parent === window) return undefined;
  const given = new URLSearchParams(window.location.search).get(PARTNER_PARAM);
  return (given === null ? null : normalisedOrigin(given)) ?? undefined;
}
