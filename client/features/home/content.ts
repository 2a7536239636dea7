// What the firm says about itself on the public pages that is not edited in the back office, and
// the home page's editable content as it stands until the site's own has loaded (or if it cannot be
// loaded). An admin edits the live content under Home Page. Images live in client/public/images and
// are served from /images.
import type { HomeContent } from '@server/schemas/home-page';

export const firm = {
  /** Shown until the Site Name setting has loaded, and if it cannot be loaded. */
  name: 'Global Reach Advisory',
  tagline: 'Boutique international-expansion consulting for companies ready to grow across borders.',
  email: 'hello@globalreachadvisory.com',
  phone: '+1 (202) 555-0147',
  /** The same number in the form a tel: link needs. */
  phoneHref: 'tel:+12025550147',
  city: 'Washington, DC',
  country: 'United States',
  hours: 'Monday to Friday, 9:00 am to 6:00 pm ET',
  replyPromise: 'We reply to every message within 24 hours.',
} as const;

/** The West Africa desk shown on the contact map (OpenStreetMap embed, no API key, no cookies). */
export const mapLocation = {
  label: 'Our West Africa desk, Airport City, Accra, Ghana',
  city: 'Accra, Ghana',
  embedUrl:
    'https://www.openstreetmap.org/export/embed.html?bbox=-0.2150%2C5.5750%2C-0.1350%2C5.6350&layer=mapnik&marker=5.6052%2C-0.1751',
  largerMapUrl: 'https://www.openstreetmap.org/?mlat=5.6052&mlon=-0.1751#map=14/5.6052/-0.1751',
} as const;

export type HeroSlide = HomeContent['heroSlides'][number];

export const heroHeading = 'International expansion consulting';

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

export type { ServiceIcon } from '@server/schemas/home-page';
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

export const testimonials: readonly Testimonial[] = [
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

export const founder = {
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

/** The WHY ATTEND bullets of an event that lists no benefits of its own. */
export const defaultEventBenefits: readonly string[] = [
  'Meet decision-makers from established companies and trade bodies',
  'Discover partnership, distribution and investment opportunities',
  'Gain practical insight into entering new markets',
  'Build lasting connections with founders, investors and advisers',
];

/** What an event shows when a field is empty. */
export const eventDefaults = {
  title: 'Upcoming Event',
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
  videoUrl: null,
  benefits: [
    'Meet 30+ Ghanaian businesses in 60 minutes',
    'Explore investment and partnership opportunities in Ghana',
    'Hear from diaspora entrepreneurs who have built businesses at home',
    'Get practical guidance on company registration, banking and market entry',
  ],
} as const;
