// The one date formatter, in English and French, in three zones (UTC, Toronto across a daylight-saving
// change, Tokyo): the same instant reads in each language's own way and always names its zone.
// Formatting a fixed instant does not depend on the clock, so these dates never expire.
import { describe, expect, it } from 'vitest';
import { i18nOf } from './i18n/catalogs';
import { type Language, localeOf } from './i18n/languages';
import { dateFormatter, keepTimesWhole } from './format-date';

function formatterOf(language: Language) {
  const i18n = i18nOf(language);
  return dateFormatter({ locale: localeOf(language), t: (key, values) => i18n._(key, values) });
}

const en = formatterOf('en');
const fr = formatterOf('fr');
// Wednesday 2 December 2026, 15:00-17:00 UTC: 10:00 in Toronto (EST), midnight the next day in Tokyo.
const START = '2026-12-02T15:00:00.000Z';
const END = '2026-12-02T17:00:00.000Z';

describe('the date formatter', () => {
  it('writes a slot with its zone, in each language and zone', () => {
    expect(en.range(START, END, 'UTC')).toBe('Wednesday, December 2, 2026, 3:00\u00a0PM – 5:00\u00a0PM UTC');
    expect(en.range(START, END, 'America/Toronto')).toBe('Wednesday, December 2, 2026, 10:00\u00a0AM – 12:00\u00a0PM EST');
    expect(en.range(START, END, 'Asia/Tokyo')).toBe('Thursday, December 3, 2026, 12:00\u00a0AM – 2:00\u00a0AM GMT+9');
    expect(fr.range(START, END, 'UTC')).toBe('mercredi 2 décembre 2026, 15:00 – 17:00 UTC');
    expect(fr.range(START, END, 'America/Toronto')).toBe('mercredi 2 décembre 2026, 10:00 – 12:00 UTC−5');
    expect(fr.range(START, END, 'Asia/Tokyo')).toBe('jeudi 3 décembre 2026, 0:00 – 2:00 UTC+9');
  });

  it('names the place of the zone in e-mails, once for UTC', () => {
    expect(en.rangeWithPlace(START, END, 'America/Toronto')).toBe('Wednesday, December 2, 2026, 10:00\u00a0AM – 12:00\u00a0PM EST (Toronto)');
    expect(fr.rangeWithPlace(START, END, 'Asia/Tokyo')).toBe('jeudi 3 décembre 2026, 0:00 – 2:00 UTC+9 (Tokyo)');
    expect(en.rangeWithPlace(START, END, 'UTC')).toBe('Wednesday, December 2, 2026, 3:00\u00a0PM – 5:00\u00a0PM UTC');
  });

  it('writes dates, times and moments the same way everywhere in a language', () => {
    expect([en.date(START, 'UTC'), en.shortDate(START, 'UTC'), en.dayMonth(START, 'UTC'), en.time(START, 'UTC')]).toEqual([
      'Wednesday, December 2, 2026',
      'Wed, Dec 2, 2026',
      'Dec 2',
      '3:00\u00a0PM',
    ]);
    expect([fr.date(START, 'UTC'), fr.shortDate(START, 'UTC'), fr.dayMonth(START, 'UTC'), fr.time(START, 'UTC')]).toEqual([
      'mercredi 2 décembre 2026',
      'mer. 2 déc. 2026',
      '2 déc.',
      '15:00',
    ]);
    expect(en.dateTime(START, 'America/Toronto')).toBe('Dec 2, 2026, 10:00\u00a0AM EST');
    expect(fr.dateTime(START, 'Asia/Tokyo')).toBe('3 déc. 2026, 00:00 UTC+9');
    expect(en.timeRange(START, END, 'Asia/Tokyo')).toBe('12:00\u00a0AM – 2:00\u00a0AM');
    expect([en.mediumDate(START, 'America/Toronto'), en.zone(START, 'America/Toronto')]).toEqual(['Dec 2, 2026', 'EST']);
    expect([fr.mediumDate(START, 'Asia/Tokyo'), fr.zone(START, 'Asia/Tokyo')]).toEqual(['3 déc. 2026', 'UTC+9']);
  });

  it('never breaks a time before its day period, whatever space Intl put there', () => {
    // At 375 px a plain space let a range break into '12:00' and 'PM' on two lines.
    const breakable = /\d[ \u202f][AP]M/;
    for (const text of [
      en.time(START, 'UTC'),
      en.timeRange(START, END, 'UTC'),
      en.dateTime(START, 'America/Toronto'),
      en.range(START, END, 'Asia/Tokyo'),
      en.rangeWithPlace(START, END, 'America/Toronto'),
      en.visitorSlotLine(START, END, 'UTC', 'America/Toronto'),
      en.visitorSlot(START, END, 'UTC', 'America/Toronto').time,
      en.visitorSlot(START, END, 'UTC', 'America/Toronto').eventTime ?? '',
    ]) {
      expect(text).not.toMatch(breakable);
      expect(text).toMatch(/\d\u00a0[AP]M/);
    }
    expect(keepTimesWhole('12:00 PM – 1:00\u202fPM')).toBe('12:00\u00a0PM – 1:00\u00a0PM');
    // French clocks have no day period: nothing to keep together, nothing else changed.
    expect(fr.timeRange(START, END, 'UTC')).toBe('15:00 – 17:00');
    expect(fr.visitorSlotLine(START, END, 'UTC', 'America/Toronto')).not.toContain('\u00a0');
  });

  it('follows daylight saving: the same wall clock in July is EDT', () => {
    expect(en.range('2026-07-01T14:00:00.000Z', '2026-07-01T15:00:00.000Z', 'America/Toronto')).toBe('Wednesday, July 1, 2026, 10:00\u00a0AM – 11:00\u00a0AM EDT');
    expect(fr.range('2026-07-01T14:00:00.000Z', '2026-07-01T15:00:00.000Z', 'America/Toronto')).toBe('mercredi 1 juillet 2026, 10:00 – 11:00 UTC−4');
  });

  it('gives the visitor their own clock beside the site\'s, never "à UTC" in French', () => {
    expect(en.visitorSlotLine(START, END, 'UTC', 'America/Toronto')).toBe('Wed, Dec 2, 2026, 10:00\u00a0AM – 12:00\u00a0PM your time (Toronto) / 3:00\u00a0PM – 5:00\u00a0PM UTC');
    expect(fr.visitorSlotLine(START, END, 'UTC', 'America/Toronto')).toBe('mer. 2 déc. 2026, 10:00 – 12:00 votre heure (Toronto) / 15:00 – 17:00 UTC');
    expect(fr.visitorSlotLine(START, END, 'Africa/Accra', 'Asia/Tokyo')).toBe(
      'jeu. 3 déc. 2026, 0:00 – 2:00 votre heure (Tokyo) / mer. 2 déc. 2026, 15:00 – 17:00 à Accra (UTC+0)',
    );
    expect(en.visitorSlotLine(START, END, 'UTC', 'UTC')).toBe('Wed, Dec 2, 2026, 3:00\u00a0PM – 5:00\u00a0PM UTC');
  });

  it('writes an event\'s days from its first and last slot', () => {
    expect(en.dateSpan(START, END, 'UTC')).toBe('December 2, 2026');
    expect(en.dateSpan(START, '2026-12-04T17:00:00.000Z', 'UTC')).toBe('December 2\u2009–\u20094, 2026');
    expect(en.dateSpan('2026-11-30T15:00:00.000Z', '2026-12-02T17:00:00.000Z', 'America/Toronto')).toBe('November 30\u2009–\u2009December 2, 2026');
    expect(fr.dateSpan(START, '2026-12-04T17:00:00.000Z', 'UTC')).toBe('2–4 décembre 2026');
    expect(fr.dateSpan(START, END, 'Asia/Tokyo')).toBe('3 décembre 2026');
  });

  it('names calendar days and months in the language', () => {
    expect([en.dayTitle('2026-12-02'), en.monthTitle('2026-12')]).toEqual(['Wednesday, December 2', 'December 2026']);
    expect([fr.dayTitle('2026-12-02'), fr.monthTitle('2026-12')]).toEqual(['mercredi 2 décembre', 'décembre 2026']);
    expect(en.weekdays()[0]).toEqual(['Mon', 'Monday']);
    // A day with its year, whatever zone the machine is in: an invoice's date of issue.
    expect([en.calendarDate('2026-12-02'), fr.calendarDate('2026-12-02')]).toEqual(['December 2, 2026', '2 décembre 2026']);
    expect([en.calendarDate('2027-01-01'), fr.calendarDate('2027-01-01')]).toEqual(['January 1, 2027', '1 janvier 2027']);
    expect(fr.weekdays()[6]).toEqual(['dim.', 'dimanche']);
  });
});
