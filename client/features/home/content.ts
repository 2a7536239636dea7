// The home page's editable content as a fresh install starts with it (and as it stands until the
// site's own has loaded, or if it cannot be loaded): no firm's name, people or contact details; the
// firm's identity comes from Settings, Site. An admin edits the live content under Home Page. Images
// live in client/public/images and are served from /images.
import type { HomeContent } from '@server/home-page/home-page.schemas';
import { PLACEHOLDER_FOUNDER_BIO } from '@server/shared/site-identity';
import type { MessageKey } from '@server/shared/i18n/catalogs/en';
import type { Translator } from '@client/i18n';

export type HeroSlide = HomeContent['heroSlides'][number];

export const heroSlides: readonly HeroSlide[] = [
  {
    title: 'International Business',
    text: 'Take your company into new markets with partners, plans and local knowledge that turn ambition into revenue.',
    image: '/images/hero/international-business.svg',
  },
  {
    title: 'Strategic Consulting',
    text: 'Clear, data-backed strategy for every stage of expansion, from the first feasibility study to a running operation abroad.',
    image: '/images/hero/strategic-consulting.svg',
  },
  {
    title: 'Market Entry',
    text: 'Enter North American, European and African markets with the right structure, the right partners and fewer surprises.',
    image: '/images/hero/market-entry.svg',
  },
];

export type { ServiceIcon } from '@server/home-page/home-page.schemas';
export type Service = HomeContent['services'][number];

export const services: readonly Service[] = [
  {
    title: 'Market Entry Advisory',
    icon: 'compass',
    text: 'We size your target market, map the regulatory path and build a phased entry plan with clear budgets and milestones. You get a go or no-go recommendation backed by local data, not guesswork.',
  },
  {
    title: 'Business Matchmaking',
    icon: 'handshake',
    text: 'We introduce you to pre-vetted distributors, suppliers, investors and joint-venture partners that fit your sector and size. Every meeting comes with a briefing pack, so the first conversation is already a productive one.',
  },
  {
    title: 'Trade Missions',
    icon: 'plane',
    text: 'We plan and lead delegations abroad, from visas and logistics to a full programme of site visits and B2B meetings. Participants come home with qualified leads and a follow-up plan for each of them.',
  },
  {
    title: 'Trade Event Promotion',
    icon: 'megaphone',
    text: 'We position your brand at international trade shows, from booth strategy to meetings with buyers booked before the doors open. We also promote your own events to the right audiences through our networks on three continents.',
  },
  {
    title: 'Global Marketing',
    icon: 'globe',
    text: 'We adapt your positioning, messaging and digital campaigns to each new market and language. Local channel partners and measurable targets keep your budget focused on the buyers who matter.',
  },
  {
    title: 'Cultural Intelligence',
    icon: 'people',
    text: 'We prepare your leadership and sales teams for how business is really done in the markets you are entering. Practical workshops cover negotiation styles, etiquette and decision-making, so deals are not lost in translation.',
  },
];

export type Testimonial = HomeContent['testimonials'][number];

/** None until the firm adds its own (Home Page): the section is left out while the list is empty. */
export const testimonials: readonly Testimonial[] = [];

/** A neutral stand-in until the firm introduces its founder (Home Page); the figures are the specification's. */
export const founder = {
  name: 'Our Founder',
  role: 'Founder',
  photo: null,
  bio: [PLACEHOLDER_FOUNDER_BIO],
  stats: [
    { value: '10+', label: 'Years of experience' },
    { value: '500+', label: 'Companies advised' },
    { value: '3', label: 'Continents' },
    { value: 'EMBA', label: 'Executive MBA' },
  ],
} satisfies HomeContent['founder'];

export type Priority = HomeContent['priorities'][number];

export const priorities: readonly Priority[] = [
  {
    title: 'Client-Centric Solutions',
    text: 'Every engagement starts from your goals, your budget and your timeline. No templates: we build the plan around your business.',
  },
  {
    title: 'Innovation & Efficiency',
    text: 'Lean processes and modern tools get you to market faster and at lower cost, without cutting corners.',
  },
  {
    title: 'Data-Driven Insights',
    text: 'Market sizing, competitor research and trade data inform every recommendation we make.',
  },
  {
    title: 'Compliance & Risk Mitigation',
    text: 'We flag regulatory, tax and reputational risks early, so your expansion is built on solid legal ground.',
  },
  {
    title: 'Long-Term Partnerships',
    text: 'We stay with you after launch, helping you scale, review results and enter the next market.',
  },
];

/** The editable part of the home page as first shipped; the database starts with the same texts. */
export const defaultHomeContent: HomeContent = {
  heroSlides: [...heroSlides],
  services: [...services],
  testimonials: [...testimonials],
  founder: { ...founder, bio: [...founder.bio], stats: [...founder.stats] },
  priorities: [...priorities],
};

/** The WHY ATTEND bullets of an event that lists no benefits of its own (catalog keys). */
const defaultEventBenefitKeys = [
  'event.default.benefit1',
  'event.default.benefit2',
  'event.default.benefit3',
  'event.default.benefit4',
] as const satisfies readonly MessageKey[];

/** The WHY ATTEND bullets of an event without its own, in the page's language. */
export function defaultEventBenefits(t: Translator['t']): string[] {
  return defaultEventBenefitKeys.map((key) => t(key));
}

/** A mail to the organiser about an event, its subject in the page's language. */
export function organizerMailto(email: string, title: string, t: Translator['t']): string {
  return `mailto:${email}?subject=${encodeURIComponent(t('home.events.inquirySubject', { title }))}`;
}

/**
 * What an event shows when a field is empty. The public pages take the texts from the catalog
 * (event.default.*); the booking pages, English until their texts go through the catalog, use these.
 */
export const eventDefaults = {
  date: 'Date to be announced',
  location: 'Location to be announced',
  image: '/images/events/default-event.svg',
} as const;

/** The event the home page shows when events cannot be loaded, so the section is never empty for a failure. */
export const fallbackEvent = {
  id: null,
  title: 'Diaspora–Ghana Business Exchange',
  description:
    'An afternoon of fast-paced business matchmaking between the Ghanaian diaspora and local companies: meet 30+ businesses in 60 minutes.',
  date: '13 OCTOBER, 2025',
  location: 'Airport City Conference Centre, Airport Residential Area, Accra, Ghana',
  imageUrl: '/images/events/diaspora-exchange.svg',
  objectPosition: '50% 50%',
  videoUrl: null,
  benefits: [
    'Meet 30+ Ghanaian businesses in 60 minutes',
    'Explore investment and partnership opportunities in Ghana',
    'Hear from diaspora entrepreneurs who have built businesses at home',
    'Get practical guidance on company registration, banking and market entry',
  ],
} as const;
