// Settings, Site: the firm's identity. Admins only, audited, every field checked with its message,
// and what it saves is what the public settings (every public page's data) read.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { IDENTITY } from '@tests/support/identity-fixture';
import { createTestEnv, expectAdminOnly, expectFieldErrors, expectTRPCError, roleCallers, type RoleCallers, type TestEnv } from '@tests/support/helpers';

let env: TestEnv;
let callers: RoleCallers;

beforeEach(async () => {
  env = await createTestEnv();
  callers = await roleCallers(env);
});
afterEach(() => env.close());

describe('settings.updateIdentity', () => {
  it('is for admins only', async () => {
    await expectAdminOnly(callers, (caller) => caller.settings.updateIdentity(IDENTITY));
  });

  it('saves every field, tidied, and the public settings read them', async () => {
    const saved = await callers.admin.settings.updateIdentity(IDENTITY);
    expect(saved).toMatchObject({
      siteName: 'Kestrel & Finch Partners',
      contactEmail: 'hello@kestrel-finch.example',
      addressLines: ['12 Mill Lane', 'Manchester M1 1AA', 'United Kingdom'],
    });
    const visible = await callers.anonymous.settings.public();
    expect(visible.siteName).toBe('Kestrel & Finch Partners');
    expect(visible.siteDescription).toBe(IDENTITY.siteDescription);
    expect(visible.identity).toEqual({
      tagline: IDENTITY.tagline,
      contactEmail: 'hello@kestrel-finch.example',
      contactPhone: '+44 161 496 0000',
      addressLines: ['12 Mill Lane', 'Manchester M1 1AA', 'United Kingdom'],
      openingHours: IDENTITY.openingHours,
      replyPromise: IDENTITY.replyPromise,
      mapMode: 'embed',
      mapLatitude: 53.4808,
      mapLongitude: -2.2426,
      social: IDENTITY.social,
      footerText: IDENTITY.footerText,
      primaryColor: '#0b3d5c',
      accentColor: '#f2b544',
      logoUrl: null,
      translations: {},
    });
    // The System tab shows the same name; its other settings are untouched.
    const all = await callers.admin.settings.get();
    expect(all.system).toMatchObject({ siteName: 'Kestrel & Finch Partners', timezone: 'UTC', maxFileSize: 10 });
    expect(all.identity).toEqual(saved);
  });

  it('starts neutral: a name, no contact details, no map, no links', async () => {
    const visible = await callers.anonymous.settings.public();
    expect(visible.siteName).toBe('Our Firm');
    expect(visible.identity).toMatchObject({ contactEmail: null, contactPhone: null, addressLines: [], mapMode: 'none', footerText: null });
    expect(Object.values(visible.identity.social).every((link) => link === null)).toBe(true);
  });

  it('records who changed which fields', async () => {
    await callers.admin.settings.updateIdentity(IDENTITY);
    await callers.admin.settings.updateIdentity({ ...IDENTITY, contactPhone: '+44 161 496 0001', footerText: null });
    const { items } = await callers.admin.audit.list({ entity: 'settings' });
    expect(items[0]).toMatchObject({ action: 'settings', entityId: 'identity', summary: 'site: phone, footer text' });
  });

  it('refuses bad fields with their messages', async () => {
    await expectFieldErrors(
      callers.admin.settings.updateIdentity({
        ...IDENTITY,
        siteName: ' ',
        contactEmail: 'not-an-address',
        contactPhone: 'call us',
        addressLines: ['1', '2', '3', '4', '5', '6', '7'],
        mapLatitude: 91,
        mapLongitude: -181,
        social: {
          linkedin: 'http://www.linkedin.com/company/x',
          x: 'https://x.com.evil.example/kestrel',
          facebook: 'https://fakebook.com/kestrel',
          instagram: 'javascript:alert(1)',
          youtube: 'https://youtube.com:8443/@k',
        },
      }),
      {
        siteName: 'Site name is required',
        contactEmail: 'Please enter a valid email address',
        contactPhone: 'Please enter a phone number: digits, spaces and + ( ) - . only',
        addressLines: 'At most 6 address lines',
        mapLatitude: 'Latitude must be a number between -90 and 90',
        mapLongitude: 'Longitude must be a number between -180 and 180',
        'social.linkedin': 'Please enter an https:// LinkedIn link on linkedin.com',
        'social.x': 'Please enter an https:// X link on x.com',
        'social.facebook': 'Please enter an https:// Facebook link on facebook.com',
        'social.instagram': 'Please enter an https:// Instagram link on instagram.com',
        'social.youtube': 'Please enter an https:// YouTube link on youtube.com',
      },
    );
  });

  const FRENCH = {
    tagline: 'Conseil à l’export pour les fabricants du Nord.',
    siteDescription: 'Kestrel et Finch aide les petits fabricants à vendre à l’étranger.',
    openingHours: 'Du lundi au jeudi, de 8 h à 16 h',
    replyPromise: 'Nous répondons sous deux jours ouvrés.',
    footerText: 'Immatriculée en Angleterre et au pays de Galles.',
  };

  it('saves the French texts for admins only, blanks as missing, and gives them to every reader', async () => {
    await expectAdminOnly(callers, (caller) => caller.settings.updateIdentity({ ...IDENTITY, translations: { fr: FRENCH } }));
    const saved = await callers.admin.settings.updateIdentity({
      ...IDENTITY,
      translations: { fr: { ...FRENCH, tagline: '  Conseil à l’export pour les fabricants du Nord.  ', footerText: ' ', replyPromise: null } },
    });
    const stored = { fr: { ...FRENCH, footerText: null, replyPromise: null } };
    expect(saved.translations).toEqual(stored);
    expect((await callers.anonymous.settings.public()).identity.translations).toEqual(stored);
    expect((await callers.admin.settings.get()).identity.translations).toEqual(stored);
    // The English texts stay as they were.
    expect(saved).toMatchObject({ tagline: IDENTITY.tagline, siteDescription: IDENTITY.siteDescription, replyPromise: IDENTITY.replyPromise });
    const { items } = await callers.admin.audit.list({ entity: 'settings' });
    expect(items[0]).toMatchObject({ action: 'settings', entityId: 'identity' });
    expect(items[0]?.summary).toContain('French texts');
    await callers.admin.settings.updateIdentity({ ...IDENTITY, translations: { fr: { ...FRENCH, openingHours: 'Du lundi au vendredi' } } });
    expect((await callers.admin.audit.list({ entity: 'settings' })).items[0]?.summary).toBe('site: French texts');
  });

  it('refuses an over-long or two-line French text, or a language the site does not speak, and saves nothing', async () => {
    await callers.admin.settings.updateIdentity({ ...IDENTITY, translations: { fr: FRENCH } });
    await expectFieldErrors(
      callers.admin.settings.updateIdentity({
        ...IDENTITY,
        translations: { fr: { ...FRENCH, tagline: 'x'.repeat(201), openingHours: 'Lundi\nMardi', footerText: 'x'.repeat(501) } },
      }),
      {
        'translations.fr.tagline': 'Must be at most 200 characters',
        'translations.fr.openingHours': 'Must be one line of text, without control characters.',
        'translations.fr.footerText': 'Must be at most 500 characters',
      },
    );
    // @ts-expect-error a language the site does not speak
    await expectTRPCError(callers.admin.settings.updateIdentity({ ...IDENTITY, translations: { de: { tagline: 'Exportberatung' } } }), 'BAD_REQUEST');
    expect((await callers.anonymous.settings.public()).identity.translations).toEqual({ fr: FRENCH });
  });

  it('needs a point for a map', async () => {
    await expectFieldErrors(callers.admin.settings.updateIdentity({ ...IDENTITY, mapMode: 'link', mapLatitude: null, mapLongitude: undefined }), {
      mapLatitude: 'Latitude is required for the map',
      mapLongitude: 'Longitude is required for the map',
    });
    await expect(
      callers.admin.settings.updateIdentity({ ...IDENTITY, mapMode: 'none', mapLatitude: null, mapLongitude: null }),
    ).resolves.toMatchObject({ mapMode: 'none' });
  });

  it('takes twitter.com for X and subdomains of each network', async () => {
    const saved = await callers.admin.settings.updateIdentity({
      ...IDENTITY,
      social: { x: 'https://twitter.com/kestrel', linkedin: 'https://uk.linkedin.com/in/k' },
    });
    expect(saved.social).toEqual({ linkedin: 'https://uk.linkedin.com/in/k', x: 'https://twitter.com/kestrel', facebook: null, instagram: null, youtube: null });
  });

  it('refuses a colour pair under which text fails WCAG AA, giving the ratio found and the one needed', async () => {
    await expectFieldErrors(callers.admin.settings.updateIdentity({ ...IDENTITY, primaryColor: '#3B82F6', accentColor: '#93c5fd' }), {
      primaryColor: 'White text on the primary colour has a contrast of 3.67:1; body text needs at least 4.5:1. Choose a darker primary colour.',
      accentColor:
        'Primary-coloured text on the accent colour has a contrast of 2.03:1; body text needs at least 4.5:1. Choose a lighter accent colour.',
    });
    // 4.47:1 is not rounded up into a pass.
    await expectFieldErrors(callers.admin.settings.updateIdentity({ ...IDENTITY, primaryColor: '#777777', accentColor: '#ffffff' }), {
      primaryColor: 'White text on the primary colour has a contrast of 4.47:1; body text needs at least 4.5:1. Choose a darker primary colour.',
    });
    // Dark enough for white text (4.54:1), too light for text on the light grey sections (#f4f7fa).
    await expectFieldErrors(callers.admin.settings.updateIdentity({ ...IDENTITY, primaryColor: '#767676', accentColor: '#ffffff' }), {
      primaryColor:
        'Primary-coloured text on the light grey sections has a contrast of 4.22:1; body text needs at least 4.5:1. Choose a darker primary colour.',
    });
    await expectFieldErrors(callers.admin.settings.updateIdentity({ ...IDENTITY, primaryColor: 'navy', accentColor: '#fff' }), {
      primaryColor: 'Please enter a colour as # and six hex digits, e.g. #0b3d5c',
      accentColor: 'Please enter a colour as # and six hex digits, e.g. #0b3d5c',
    });
    expect((await callers.anonymous.settings.public()).identity).toMatchObject({ primaryColor: '#0b3d5c', accentColor: '#f2b544' });
  });

  it('accepts a passing pair, in lower case, and records it', async () => {
    const saved = await callers.admin.settings.updateIdentity({ ...IDENTITY, primaryColor: '#6B6B6B', accentColor: '#FFFFFF' });
    expect(saved).toMatchObject({ primaryColor: '#6b6b6b', accentColor: '#ffffff' });
    const { items } = await callers.admin.audit.list({ entity: 'settings' });
    expect(items[0]?.summary).toContain('primary colour, accent colour');
  });
});
