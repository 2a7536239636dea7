// The demo firm leaves the shipped product: a new install starts neutral and the demo's name, people
// and texts are written by `npm run seed` only. The home content row that 2026-11-23_040 wrote with
// the demo's testimonials and founder is replaced, on a database with no account yet (a new install),
// by neutral content. A site already in use keeps its page, and keeps the name and description it
// showed when it never saved its System settings (they were the built-in defaults until now).
// Frozen once released: later changes go in a new migration.
import { type Kysely, sql } from 'kysely';

const NEUTRAL_CONTENT = {
  heroSlides: [
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
  ],
  services: [
    {
      title: 'Market Entry Advisory',
      text: 'We size your target market, map the regulatory path and build a phased entry plan with clear budgets and milestones. You get a go or no-go recommendation backed by local data, not guesswork.',
      icon: 'compass',
    },
    {
      title: 'Business Matchmaking',
      text: 'We introduce you to pre-vetted distributors, suppliers, investors and joint-venture partners that fit your sector and size. Every meeting comes with a briefing pack, so the first conversation is already a productive one.',
      icon: 'handshake',
    },
    {
      title: 'Trade Missions',
      text: 'We plan and lead delegations abroad, from visas and logistics to a full programme of site visits and B2B meetings. Participants come home with qualified leads and a follow-up plan for each of them.',
      icon: 'plane',
    },
    {
      title: 'Trade Event Promotion',
      text: 'We position your brand at international trade shows, from booth strategy to meetings with buyers booked before the doors open. We also promote your own events to the right audiences through our networks on three continents.',
      icon: 'megaphone',
    },
    {
      title: 'Global Marketing',
      text: 'We adapt your positioning, messaging and digital campaigns to each new market and language. Local channel partners and measurable targets keep your budget focused on the buyers who matter.',
      icon: 'globe',
    },
    {
      title: 'Cultural Intelligence',
      text: 'We prepare your leadership and sales teams for how business is really done in the markets you are entering. Practical workshops cover negotiation styles, etiquette and decision-making, so deals are not lost in translation.',
      icon: 'people',
    },
  ],
  testimonials: [],
  founder: {
    name: 'Our Founder',
    role: 'Founder',
    photo: null,
    bio: ['This is where the firm introduces its founder: an administrator writes this text under Home Page in the back office.'],
    stats: [
      { value: '10+', label: 'Years of experience' },
      { value: '500+', label: 'Companies advised' },
      { value: '3', label: 'Continents' },
      { value: 'EMBA', label: 'Executive MBA' },
    ],
  },
  priorities: [
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
  ],
};

/** The System settings' name and description before this migration, for sites that never saved their own. */
const FORMER_SYSTEM_DEFAULTS = {
  siteName: 'Global Reach Advisory',
  siteDescription:
    'Boutique international-expansion consultancy: market entry, business matchmaking, trade missions and cultural intelligence.',
};

export async function up(db: Kysely<any>): Promise<void> {
  const accounts = await db.selectFrom('users').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
  if (Number(accounts.n) === 0) {
    await db
      .updateTable('home_content')
      .set({ content: JSON.stringify(NEUTRAL_CONTENT), updated_at: new Date().toISOString() })
      .where('id', '=', 1)
      .execute();
    return;
  }
  const system = await db.selectFrom('settings').select('value').where('key', '=', 'system').executeTakeFirst();
  if (system === undefined) {
    await db
      .insertInto('settings')
      .values({ key: 'system', value: JSON.stringify(FORMER_SYSTEM_DEFAULTS), updated_at: new Date().toISOString() })
      .execute();
  }
}

export async function down(): Promise<void> {
  // Nothing to undo: the content and settings written are ordinary rows an admin could have saved.
}
