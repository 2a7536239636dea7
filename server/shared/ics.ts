// A one-event iCalendar object (RFC 5545) for booking messages: CRLF lines folded at 75 octets,
// TEXT values escaped, times in UTC. METHOD (RFC 5546) is REQUEST for a booking that stands and
// CANCEL, with STATUS:CANCELLED, when it is called off; a stable UID and a rising SEQUENCE let
// calendar programs update or remove the event they already hold.
import type { IcsMethod } from '@db/schema';

export type IcsEventStatus = 'TENTATIVE' | 'CONFIRMED' | 'CANCELLED';

export interface IcsEvent {
  /** Null for an object stored in a calendar (CalDAV), which carries no METHOD. */
  method: IcsMethod | null;
  uid: string;
  sequence: number;
  /** When this version of the event was written (DTSTAMP). */
  stamp: string;
  start: string;
  end: string;
  summary: string;
  description: string;
  location: string | null;
  status: IcsEventStatus;
  /** Product identifier owner, e.g. the site's host. */
  productOwner: string;
  organizer: { name: string; email: string } | null;
  /** Null for an event written into the consultant's own calendar: no server sends it invitations. */
  attendee: { name: string; email: string } | null;
  /** The meeting's own address (a video room), when it has one. */
  url?: string | null | undefined;
}

/** 20260313T140000Z */
export function icsUtc(iso: string): string {
  return new Date(iso).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}Z$/, 'Z');
}

/** TEXT escaping: backslash, semicolon, comma, and any line break as \n. */
export function escapeIcsText(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** A parameter value (CN=...): quoted, since it may hold ':' ';' ','; DQUOTE and controls cannot appear. */
export function icsParamValue(text: string): string {
  // eslint-disable-next-line no-control-regex
  return `"${text.replace(/["\u0000-\u001f\u007f]/g, '')}"`;
}

/** UTF-8 octets of one character (a code point), without Node's Buffer: the browser builds files too. */
function utf8Octets(char: string): number {
  const code = char.codePointAt(0) ?? 0;
  if (code < 0x80) return 1;
  if (code < 0x800) return 2;
  return code < 0x10000 ? 3 : 4;
}

function utf8Length(text: string): number {
  let octets = 0;
  for (const char of text) octets += utf8Octets(char);
  return octets;
}

/** Folds one content line: at most 75 octets per physical line, never splitting a UTF-8 character. */
export function foldLine(line: string): string {
  // Most lines fit as they are; only longer ones are walked character by character.
  if (utf8Length(line) <= 75) return line;
  const pieces: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = utf8Octets(char);
    // The first physical line holds 75 octets; continuation lines start with a space, leaving 74.
    const limit = pieces.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      pieces.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  pieces.push(current);
  return pieces.join('\r\n ');
}

export function buildIcs(event: IcsEvent): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${escapeIcsText(event.productOwner)}//Bookings//EN`,
    'CALSCALE:GREGORIAN',
    ...(event.method === null ? [] : [`METHOD:${event.method}`]),
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `SEQUENCE:${event.sequence}`,
    `DTSTAMP:${icsUtc(event.stamp)}`,
    `DTSTART:${icsUtc(event.start)}`,
    `DTEND:${icsUtc(event.end)}`,
    `SUMMARY:${escapeIcsText(event.summary)}`,
    `DESCRIPTION:${escapeIcsText(event.description)}`,
    ...(event.location === null ? [] : [`LOCATION:${escapeIcsText(event.location)}`]),
    ...(event.url === null || event.url === undefined ? [] : [`URL:${event.url}`]),
    `STATUS:${event.status}`,
    ...(event.organizer === null
      ? []
      : [`ORGANIZER;CN=${icsParamValue(event.organizer.name)}:mailto:${event.organizer.email}`]),
    ...(event.attendee === null ? [] : [`ATTENDEE;CN=${icsParamValue(event.attendee.name)};ROLE=REQ-PARTICIPANT;RSVP=FALSE:mailto:${event.attendee.email}`]),
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
