// The .ics builder against RFC 5545's rules: CRLF, folding at 75 octets, TEXT escaping, UTC times.
import { describe, expect, it } from 'vitest';
import { buildIcs, escapeIcsText, foldLine, type IcsEvent, icsUtc } from './ics';
import { icsLines, icsProperty } from '@tests/support/smtp';

function event(overrides: Partial<IcsEvent> = {}): IcsEvent {
  return {
    method: 'REQUEST',
    uid: 'booking-42@example.com',
    sequence: 3,
    stamp: '2026-11-21T09:00:00.000Z',
    start: '2026-03-08T06:30:00.000Z',
    end: '2026-03-08T07:30:00.000Z',
    summary: 'Market Entry Clinic (Trade Mission)',
    description: 'Your booking is confirmed.',
    location: 'Room 1',
    status: 'CONFIRMED',
    productOwner: 'example.com',
    organizer: { name: 'Desk', email: 'desk@example.com' },
    attendee: { name: 'Ama', email: 'ama@example.com' },
    ...overrides,
  };
}

describe('ics', () => {
  it('writes UTC times in the basic format', () => {
    expect(icsUtc('2026-03-08T06:30:00.000Z')).toBe('20260308T063000Z');
    expect(icsUtc('2026-03-08T01:30:00-05:00')).toBe('20260308T063000Z');
  });

  it('escapes backslash, semicolon, comma and line breaks in TEXT', () => {
    expect(escapeIcsText('a,b;c\\d\ne\r\nf')).toBe('a\\,b\\;c\\\\d\\ne\\nf');
  });

  it('folds at 75 octets without splitting a UTF-8 character, and unfolds to the original', () => {
    const line = `SUMMARY:${'Séance à Accra – '.repeat(12)}`;
    const folded = foldLine(line);
    const physical = folded.split('\r\n');
    expect(physical.length).toBeGreaterThan(3);
    for (const [index, piece] of physical.entries()) {
      expect(Buffer.byteLength(piece, 'utf8')).toBeLessThanOrEqual(75);
      if (index > 0) expect(piece.startsWith(' ')).toBe(true);
      expect(Buffer.from(piece, 'utf8').toString('utf8')).not.toContain('\ufffd');
    }
    expect(folded.replace(/\r\n /g, '')).toBe(line);
    expect(foldLine('SHORT:line')).toBe('SHORT:line');
  });

  it('builds a REQUEST with CRLF lines only', () => {
    const ics = buildIcs(event({ summary: 'A, B; C' }));
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(icsLines(ics)).toEqual([
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//example.com//Bookings//EN',
      'CALSCALE:GREGORIAN',
      'METHOD:REQUEST',
      'BEGIN:VEVENT',
      'UID:booking-42@example.com',
      'SEQUENCE:3',
      'DTSTAMP:20261121T090000Z',
      'DTSTART:20260308T063000Z',
      'DTEND:20260308T073000Z',
      'SUMMARY:A\\, B\\; C',
      'DESCRIPTION:Your booking is confirmed.',
      'LOCATION:Room 1',
      'STATUS:CONFIRMED',
      'ORGANIZER;CN="Desk":mailto:desk@example.com',
      'ATTENDEE;CN="Ama";ROLE=REQ-PARTICIPANT;RSVP=FALSE:mailto:ama@example.com',
      'END:VEVENT',
      'END:VCALENDAR',
    ]);
  });

  it('builds a CANCEL, leaving out what is unknown, with quotes and control characters kept out of names', () => {
    const ics = buildIcs(
      event({ method: 'CANCEL', status: 'CANCELLED', location: null, organizer: null, attendee: { name: 'Eve "X"\nY', email: 'eve@example.com' } }),
    );
    expect(icsProperty(ics, 'METHOD')).toBe('CANCEL');
    expect(icsProperty(ics, 'STATUS')).toBe('CANCELLED');
    expect(icsProperty(ics, 'LOCATION')).toBeUndefined();
    expect(icsProperty(ics, 'ORGANIZER')).toBeUndefined();
    expect(icsLines(ics)).toContain('ATTENDEE;CN="Eve XY";ROLE=REQ-PARTICIPANT;RSVP=FALSE:mailto:eve@example.com');
  });
});
