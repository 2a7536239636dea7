// The demo firm, Global Reach Advisory: its identity (Settings, Site) and the home page's people
// and texts that name it. Only `npm run seed` writes them; a fresh install shows none of this.
import { defaultHomeContent } from '@client/features/home/content';
import type { HomeContent } from '@server/home-page/home-page.schemas';
import type { SiteIdentity } from '@server/settings/site-identity.schemas';
import { FRENCH_HOME, FRENCH_IDENTITY } from './french';

export const DEMO_IDENTITY: SiteIdentity = {
  siteName: 'Global Reach Advisory',
  tagline: 'Boutique international-expansion consulting for companies ready to grow across borders.',
  siteDescription:
    'Boutique international-expansion consultancy: market entry, business matchmaking, trade missions and cultural intelligence.',
  contactEmail: 'hello@globalreachadvisory.com',
  contactPhone: '+1 (202) 555-0147',
  addressLines: ['Washington, DC', 'United States', 'West Africa desk: Airport City, Accra, Ghana'],
  openingHours: 'Monday to Friday, 9:00 am to 6:00 pm ET',
  replyPromise: 'We reply to every message within 24 hours.',
  // The West Africa desk in Airport City, Accra.
  mapMode: 'embed',
  mapLatitude: 5.6052,
  mapLongitude: -0.1751,
  social: {
    linkedin: 'https://www.linkedin.com/company/global-reach-advisory',
    x: null,
    facebook: null,
    instagram: null,
    youtube: null,
  },
  footerText: null,
  // The demo's navy and gold, as the site ships.
  primaryColor: '#0b3d5c',
  accentColor: '#f2b544',
  // No logo: the site shows the firm's initials.
  logoUrl: null,
  translations: { fr: FRENCH_IDENTITY },
};

const DEMO_TESTIMONIALS: HomeContent['testimonials'] = [
  {
    name: 'Daniel Mensah',
    role: 'CEO, Mensah Agro Exports',
    photo: null,
    text: 'Global Reach Advisory found us three qualified distributors in the United States within four months. Their preparation for every meeting made our first trade mission the most productive week our company has had.',
    link: 'https://www.linkedin.com/in/daniel-mensah-agro',
  },
  {
    name: 'Sarah Whitfield',
    role: 'VP International, Brightline Medical',
    photo: null,
    text: 'We were about to enter West Africa with a plan written for Europe. Abena and her team rebuilt our regulatory and partner strategy, and our first product was registered in Ghana in under a year.',
    link: null,
  },
  {
    name: 'Amara Diallo',
    role: 'Founder, Sahel Textiles',
    photo: null,
    text: 'The cultural intelligence workshop changed how our sales team negotiates with buyers in North America. Clear, practical and worth every minute: we closed two retail accounts the following quarter.',
    link: 'https://www.linkedin.com/in/amara-diallo-sahel',
  },
];

const DEMO_FOUNDER = {
  name: 'Abena Owusu',
  role: 'Founder & Principal Consultant',
  photo: null,
  bio: [
    'Abena Owusu founded Global Reach Advisory to give growing companies the kind of cross-border expertise usually reserved for multinationals. Born in Kumasi and based in Washington, DC, she has spent more than a decade helping businesses move between North America, Europe and Africa.',
    'Before starting the firm she led market-entry programmes for a trade promotion agency and advised exporters on partner selection, compliance and go-to-market strategy. She holds an Executive MBA and speaks regularly on diaspora investment and intra-African trade.',
  ],
  stats: [
    { value: '10+', label: 'Years of experience' },
    { value: '500+', label: 'Companies advised' },
    { value: '3', label: 'Continents' },
    { value: 'EMBA', label: 'Executive MBA' },
  ],
} satisfies HomeContent['founder'];

/** Each item with its French texts (FRENCH_HOME, by position), so /fr/ reads French throughout. */
function withFrench<Item extends object, Texts extends object>(items: readonly Item[], french: readonly Texts[]): Item[] {
  return items.map((item, index) => {
    const texts = french[index];
    return texts === undefined ? { ...item } : { ...item, translations: { fr: texts } };
  });
}

/** The home page of the demo: the shipped hero, services and priorities with the firm's people, in English and French. */
export const DEMO_HOME_CONTENT: HomeContent = {
  heroSlides: withFrench(defaultHomeContent.heroSlides, FRENCH_HOME.heroSlides),
  services: withFrench(defaultHomeContent.services, FRENCH_HOME.services),
  testimonials: withFrench(DEMO_TESTIMONIALS, FRENCH_HOME.testimonials),
  founder: {
    ...DEMO_FOUNDER,
    bio: [...DEMO_FOUNDER.bio],
    stats: [...DEMO_FOUNDER.stats],
    translations: { fr: { role: FRENCH_HOME.founder.role, bio: [...FRENCH_HOME.founder.bio] } },
  },
  priorities: withFrench(defaultHomeContent.priorities, FRENCH_HOME.priorities),
};
