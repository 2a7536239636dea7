// The home page's content moves from the client's code into the database so an admin can edit it:
// one row holding the whole document (hero slides, services, testimonials, founder, priorities) as
// JSON. The row starts with the texts the page showed before, so an existing site keeps its page;
// the cartoon portraits are dropped (a photo is optional and the page shows initials without one).
// Frozen once released: later changes go in a new migration.
import { type Kysely, sql } from 'kysely';

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

const INITIAL_CONTENT = {
    "heroSlides": [
      {
        "title": "International Business",
        "text": "Take your company into new markets with partners, plans and local knowledge that turn ambition into revenue.",
        "image": "/images/hero/international-business.svg"
      },
      {
        "title": "Strategic Consulting",
        "text": "Clear, data-backed strategy for every stage of expansion, from the first feasibility study to a running operation abroad.",
        "image": "/images/hero/strategic-consulting.svg"
      },
      {
        "title": "Market Entry",
        "text": "Enter North American, European and African markets with the right structure, the right partners and fewer surprises.",
        "image": "/images/hero/market-entry.svg"
      }
    ],
    "services": [
      {
        "title": "Market Entry Advisory",
        "text": "We size your target market, map the regulatory path and build a phased entry plan with clear budgets and milestones. You get a go or no-go recommendation backed by local data, not guesswork.",
        "icon": "compass"
      },
      {
        "title": "Business Matchmaking",
        "text": "We introduce you to pre-vetted distributors, suppliers, investors and joint-venture partners that fit your sector and size. Every meeting comes with a briefing pack, so the first conversation is already a productive one.",
        "icon": "handshake"
      },
      {
        "title": "Trade Missions",
        "text": "We plan and lead delegations abroad, from visas and logistics to a full programme of site visits and B2B meetings. Participants come home with qualified leads and a follow-up plan for each of them.",
        "icon": "plane"
      },
      {
        "title": "Trade Event Promotion",
        "text": "We position your brand at international trade shows, from booth strategy to meetings with buyers booked before the doors open. We also promote your own events to the right audiences through our networks on three continents.",
        "icon": "megaphone"
      },
      {
        "title": "Global Marketing",
        "text": "We adapt your positioning, messaging and digital campaigns to each new market and language. Local channel partners and measurable targets keep your budget focused on the buyers who matter.",
        "icon": "globe"
      },
      {
        "title": "Cultural Intelligence",
        "text": "We prepare your leadership and sales teams for how business is really done in the markets you are entering. Practical workshops cover negotiation styles, etiquette and decision-making, so deals are not lost in translation.",
        "icon": "people"
      }
    ],
    "testimonials": [
      {
        "name": "Daniel Mensah",
        "role": "CEO, Mensah Agro Exports",
        "photo": null,
        "text": "Global Reach Advisory found us three qualified distributors in the United States within four months. Their preparation for every meeting made our first trade mission the most productive week our company has had.",
        "link": "https://www.linkedin.com/in/daniel-mensah-agro"
      },
      {
        "name": "Sarah Whitfield",
        "role": "VP International, Brightline Medical",
        "photo": null,
        "text": "We were about to enter West Africa with a plan written for Europe. Abena and her team rebuilt our regulatory and partner strategy, and our first product was registered in Ghana in under a year.",
        "link": null
      },
      {
        "name": "Amara Diallo",
        "role": "Founder, Sahel Textiles",
        "photo": null,
        "text": "The cultural intelligence workshop changed how our sales team negotiates with buyers in North America. Clear, practical and worth every minute: we closed two retail accounts the following quarter.",
        "link": "https://www.linkedin.com/in/amara-diallo-sahel"
      }
    ],
    "founder": {
      "name": "Abena Owusu",
      "role": "Founder & Principal Consultant",
      "photo": null,
      "bio": [
        "Abena Owusu founded Global Reach Advisory to give growing companies the kind of cross-border expertise usually reserved for multinationals. Born in Kumasi and based in Washington, DC, she has spent more than a decade helping businesses move between North America, Europe and Africa.",
        "Before starting the firm she led market-entry programmes for a trade promotion agency and advised exporters on partner selection, compliance and go-to-market strategy. She holds an Executive MBA and speaks regularly on diaspora investment and intra-African trade."
      ],
      "stats": [
        {
          "value": "10+",
          "label": "Years of experience"
        },
        {
          "value": "500+",
          "label": "Companies advised"
        },
        {
          "value": "3",
          "label": "Continents"
        },
        {
          "value": "EMBA",
          "label": "Executive MBA"
        }
      ]
    },
    "priorities": [
      {
        "title": "Client-Centric Solutions",
        "text": "Every engagement starts from your goals, your budget and your timeline. No templates: we build the plan around your business."
      },
      {
        "title": "Innovation & Efficiency",
        "text": "Lean processes and modern tools get you to market faster and at lower cost, without cutting corners."
      },
      {
        "title": "Data-Driven Insights",
        "text": "Market sizing, competitor research and trade data inform every recommendation we make."
      },
      {
        "title": "Compliance & Risk Mitigation",
        "text": "We flag regulatory, tax and reputational risks early, so your expansion is built on solid legal ground."
      },
      {
        "title": "Long-Term Partnerships",
        "text": "We stay with you after launch, helping you scale, review results and enter the next market."
      }
    ]
  };

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('home_content')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`)) // a single row
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();
  await db
    .insertInto('home_content')
    .values({ id: 1, content: JSON.stringify(INITIAL_CONTENT) })
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('home_content').execute();
}
