// A firm's whole identity, as an admin would save it on Settings, Site (every field set).
import type { SiteIdentityInput } from '@server/settings/site-identity.schemas';

export const IDENTITY: SiteIdentityInput = {
  siteName: 'Kestrel & Finch Partners',
  tagline: 'Export advice for makers in the north.',
  siteDescription: 'Kestrel & Finch helps small manufacturers sell abroad.',
  contactEmail: 'Hello@Kestrel-Finch.example',
  contactPhone: '+44 161 496 0000',
  addressLines: ['12 Mill Lane', '', 'Manchester M1 1AA', 'United Kingdom'],
  openingHours: 'Monday to Thursday, 8:00 to 16:00',
  replyPromise: 'We answer within two working days.',
  mapMode: 'embed',
  mapLatitude: 53.4808,
  mapLongitude: -2.2426,
  social: {
    linkedin: 'https://www.linkedin.com/company/kestrel-finch',
    x: 'https://x.com/kestrelfinch',
    facebook: 'https://facebook.com/kestrelfinch',
    instagram: 'https://www.instagram.com/kestrelfinch',
    youtube: 'https://www.youtube.com/@kestrelfinch',
  },
  footerText: 'Registered in England and Wales, no. 01234567.',
};
