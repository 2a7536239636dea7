// The catalogs: every language has exactly the English catalog's keys, no empty message, and every
// message compiles (ICU MessageFormat); plurals and dates follow the language.
import { describe, expect, it } from 'vitest';
import { CATALOGS, i18nOf } from './catalogs';
import { LANGUAGE_CODES, LANGUAGES, languageOfAcceptHeader, languageOfPath, pathInLanguage } from './languages';
import { formatSlot } from '@server/shared/time';
import { futureYear, isoDay } from '@tests/dates';

describe('catalogs', () => {
  it('has a catalog for every language of the list, each with the English keys and no empty message', () => {
    expect(Object.keys(CATALOGS).sort()).toEqual(Object.keys(LANGUAGES).sort());
    const englishKeys = Object.keys(CATALOGS.en).sort();
    for (const code of LANGUAGE_CODES) {
      const catalog = CATALOGS[code];
      expect(Object.keys(catalog).sort(), code).toEqual(englishKeys);
      const empty = Object.entries(catalog).filter(([, message]) => message.trim() === '');
      expect(empty, code).toEqual([]);
    }
  });

  it('compiles every message and formats ICU plurals in each language', () => {
    for (const code of LANGUAGE_CODES) {
      const i18n = i18nOf(code);
      for (const key of Object.keys(CATALOGS.en)) expect(i18n._(key, { count: 2, title: 'T', name: 'N' }), `${code} ${key}`).not.toBe(key);
    }
    expect(i18nOf('en')._('event.seats.left', { count: 1 })).toBe('1 seat left');
    expect(i18nOf('en')._('event.seats.left', { count: 3 })).toBe('3 seats left');
    expect(i18nOf('fr')._('event.seats.left', { count: 1 })).toBe('1 place restante');
    expect(i18nOf('fr')._('event.seats.left', { count: 3 })).toBe('3 places restantes');
    expect(i18nOf('fr')._('contact.thanks.text')).toBe('Votre message a bien été envoyé. Nous vous répondrons sous 24 heures.');
    expect(i18nOf('en')._('contact.thanks.text')).toBe("Your message has been sent successfully. We'll get back to you within 24 hours.");
  });

  it('writes dates in the language with Intl', () => {
    const year = futureYear(3, 13, 'Friday');
    const start = `${isoDay(year, 3, 13)}T10:00:00.000Z`;
    const end = `${isoDay(year, 3, 13)}T12:00:00.000Z`;
    expect(formatSlot(start, end, 'UTC')).toEqual({ date: `Friday, March 13, ${year}`, time: '10:00 AM – 12:00 PM', zone: 'UTC' });
    expect(formatSlot(start, end, 'UTC', 'fr')).toEqual({ date: `vendredi 13 mars ${year}`, time: '10:00 – 12:00', zone: 'UTC' });
  });
});

describe('languages', () => {
  it('reads the language from the address: English at /, the others under their code', () => {
    expect(languageOfPath('/')).toEqual({ language: 'en', path: '/', prefixed: false });
    expect(languageOfPath('/fr/')).toEqual({ language: 'fr', path: '/', prefixed: true });
    expect(languageOfPath('/fr')).toEqual({ language: 'fr', path: '/', prefixed: true });
    expect(languageOfPath('/fr/events/abc')).toEqual({ language: 'fr', path: '/events/abc', prefixed: true });
    expect(languageOfPath('/en/events/abc')).toEqual({ language: 'en', path: '/en/events/abc', prefixed: false });
    expect(languageOfPath('/french')).toEqual({ language: 'en', path: '/french', prefixed: false });
    expect(pathInLanguage('/events/abc', 'fr')).toBe('/fr/events/abc');
    expect(pathInLanguage('/', 'fr')).toBe('/fr/');
    expect(pathInLanguage('/booking', 'fr')).toBe('/fr/booking');
    expect(pathInLanguage('/booking/manage/abc', 'fr')).toBe('/fr/booking/manage/abc');
    expect(pathInLanguage('/consultations/manage/abc', 'fr')).toBe('/fr/consultations/manage/abc');
    // The back office is English only.
    expect(pathInLanguage('/admin/events', 'fr')).toBe('/admin/events');
    expect(pathInLanguage('/events/abc', 'en')).toBe('/events/abc');
  });

  it("picks the browser's first language the site speaks, by weight", () => {
    expect(languageOfAcceptHeader('fr-CA,fr;q=0.9,en;q=0.8')).toBe('fr');
    expect(languageOfAcceptHeader('de-DE,de;q=0.9,fr;q=0.5,en;q=0.4')).toBe('fr');
    expect(languageOfAcceptHeader('en-US,en;q=0.9,fr;q=0.8')).toBe('en');
    expect(languageOfAcceptHeader('en;q=0.5,fr')).toBe('fr');
    expect(languageOfAcceptHeader('fr;q=0,en')).toBe('en');
    expect(languageOfAcceptHeader('de')).toBeUndefined();
    expect(languageOfAcceptHeader(undefined)).toBeUndefined();
    expect(languageOfAcceptHeader('*')).toBeUndefined();
  });
});
