// Formats UTC timestamps in the site's timezone, always naming the zone (PRODUCT.md 2.8). Pure:
// used by the client (screens) and the server (e-mails) alike, so it must not import Node modules.

export interface SlotLabel {
  date: string;
  time: string;
  zone: string;
}

function zoneName(at: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' }).formatToParts(at);
  return parts.find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
}

export function formatSlot(startIso: string, endIso: string, timeZone: string): SlotLabel {
  const start = new Date(startIso);
  const end = new Date(endIso);
  const date = new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  }).format(start);
  const time = new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' });
  return { date, time: `${time.format(start)} – ${time.format(end)}`, zone: zoneName(start, timeZone) };
}

export function formatDateTime(iso: string, timeZone: string): string {
  const at = new Date(iso);
  const text = new Intl.DateTimeFormat('en-US', { timeZone, dateStyle: 'medium', timeStyle: 'short' }).format(at);
  return `${text} ${zoneName(at, timeZone)}`;
}
