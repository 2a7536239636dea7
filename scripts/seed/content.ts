// Demo content for `npm run seed`: believable events, people and messages for every screen.

export interface SeedEvent {
  key: string;
  title: string;
  description: string;
  /**
   * The date label, for an event without sessions (a past one) only: an event with slots shows the
   * days they run, derived by the site, so its date always matches the times offered.
   */
  date?: string;
  location: string;
  image: string;
  video?: string;
  attendees: string;
  benefits: string[];
  isActive: boolean;
  displayOrder: number;
  sessions: SeedSession[];
}

export interface SeedSession {
  key: string;
  title: string;
  description: string;
  location: string | null;
  facilitator: string | null;
  maxParticipants: number | null;
  isActive: boolean;
  /** Days from today (UTC) and the start hour in UTC; each slot lasts `hours`. */
  slots: { day: number; hourUtc: number; hours: number }[];
}

export const SEED_EVENTS: SeedEvent[] = [
  {
    key: 'ghana-exchange',
    title: 'Diaspora–Ghana Business Exchange',
    description:
      'A fast-paced business exchange connecting diaspora entrepreneurs and investors with vetted Ghanaian companies looking for partners, distributors and capital.',
    location: 'Airport City Conference Centre, Accra',
    image: '/seed/events/ghana-exchange.svg',
    video: '/seed/exchange-highlights.mp4',
    attendees: 'Meet 30+ businesses in 60 minutes',
    benefits: [
      'Meet 30+ pre-screened Ghanaian businesses in 60 minutes',
      'One-to-one introductions matched to your sector',
      'Briefing on Ghana’s investment incentives and free zones',
      'Follow-up support to turn conversations into deals',
    ],
    isActive: true,
    displayOrder: 1,
    sessions: [
      {
        key: 'speed-networking',
        title: 'Speed Networking: Agribusiness & Food Processing',
        description: 'Six-minute meetings with processors, exporters and cold-chain operators.',
        location: 'Hall A',
        facilitator: 'Abena Owusu',
        maxParticipants: 4,
        isActive: true,
        slots: [
          { day: 5, hourUtc: 10, hours: 2 },
          { day: 12, hourUtc: 10, hours: 2 },
          { day: 19, hourUtc: 14, hours: 2 },
        ],
      },
      {
        key: 'investor-briefing',
        title: 'Investor Briefing: Free Zones and Incentives',
        description: 'What the Ghana Investment Promotion Centre offers and how to qualify.',
        location: 'Boardroom 2',
        facilitator: 'Kofi Asante',
        maxParticipants: 25,
        isActive: true,
        slots: [
          { day: 6, hourUtc: 9, hours: 1 },
          { day: 13, hourUtc: 9, hours: 1 },
        ],
      },
    ],
  },
  {
    key: 'west-africa-summit',
    title: 'West Africa Market Entry Summit',
    description:
      'Two days of practical sessions on entering Nigeria, Côte d’Ivoire and Senegal: regulation, distribution, pricing and hiring.',
    location: 'Eko Hotel & Suites, Lagos',
    image: '/seed/events/west-africa-summit.svg',
    attendees: 'Founders, export managers and investors',
    benefits: [
      'Country-by-country regulatory walkthroughs',
      'Distributor and agent selection checklists',
      'Case studies from companies that entered in the last two years',
    ],
    isActive: true,
    displayOrder: 2,
    sessions: [
      {
        key: 'nigeria-entry',
        title: 'Entering Nigeria: Licences, Banking and Distribution',
        description: 'A working session with local counsel and a distribution partner.',
        location: 'Room 101',
        facilitator: 'Chinedu Okafor',
        maxParticipants: 20,
        isActive: true,
        slots: [
          { day: 9, hourUtc: 13, hours: 2 },
          { day: 16, hourUtc: 13, hours: 2 },
          { day: 23, hourUtc: 13, hours: 2 },
        ],
      },
      {
        key: 'francophone',
        title: 'Francophone West Africa: Côte d’Ivoire and Senegal',
        description: 'Market sizing, OHADA business law and bilingual go-to-market teams.',
        location: null,
        facilitator: null,
        maxParticipants: null,
        isActive: true,
        slots: [
          { day: 10, hourUtc: 15, hours: 2 },
          { day: 24, hourUtc: 15, hours: 2 },
        ],
      },
      {
        key: 'pricing-lab',
        title: 'Pricing Lab (postponed)',
        description: 'Landed-cost pricing for imported goods.',
        location: 'Room 102',
        facilitator: 'Grace Adeyemi',
        maxParticipants: 15,
        isActive: false,
        slots: [{ day: 11, hourUtc: 10, hours: 2 }],
      },
    ],
  },
  {
    key: 'trade-mission',
    title: 'North America Trade Mission Briefing',
    description:
      'Preparing African exporters for a trade mission to Washington, DC and Toronto: buyer meetings, compliance and logistics.',
    location: 'Online and Washington, DC',
    image: '/seed/events/trade-mission.svg',
    attendees: 'Export-ready SMEs',
    benefits: [],
    isActive: true,
    displayOrder: 3,
    sessions: [
      {
        key: 'compliance',
        title: 'US and Canadian Import Compliance',
        description: 'FDA, CFIA, labelling and customs brokers explained.',
        location: 'Online',
        facilitator: 'Michael Carter',
        maxParticipants: 50,
        isActive: true,
        slots: [
          { day: 14, hourUtc: 16, hours: 1 },
          { day: 28, hourUtc: 16, hours: 1 },
          { day: 35, hourUtc: 16, hours: 1 },
        ],
      },
    ],
  },
  {
    key: 'cultural-workshop',
    title: 'Cultural Intelligence Workshop 2025',
    description: 'Negotiating across cultures: last year’s workshop, kept for the record.',
    date: 'November 2025',
    location: 'Washington, DC',
    image: '/seed/events/cultural-workshop.svg',
    attendees: 'Leadership teams',
    benefits: ['Negotiation styles across West Africa and North America'],
    isActive: false,
    displayOrder: 4,
    sessions: [],
  },
];

export const SEED_DELEGATES: {
  session: string | null;
  name: string;
  email: string;
  phone: string | null;
  organization: string | null;
  position: string | null;
  bio: string | null;
}[] = [
  { session: 'speed-networking', name: 'Yaw Boateng', email: 'yaw.boateng@cocoalink.example.com', phone: '+233 24 555 0101', organization: 'CocoaLink Processing', position: 'Managing Director', bio: 'Runs a cocoa processing plant supplying European chocolatiers.' },
  { session: 'speed-networking', name: 'Efua Mensah', email: 'efua@freshharvest.example.com', phone: null, organization: 'Fresh Harvest Ghana', position: 'Head of Exports', bio: null },
  { session: 'investor-briefing', name: 'Samuel Tetteh', email: 'stetteh@gipc.example.org', phone: '+233 30 555 0199', organization: 'Investment Promotion Office', position: 'Investor Relations Lead', bio: 'Advises foreign investors on incentives.' },
  { session: 'nigeria-entry', name: 'Ngozi Eze', email: 'ngozi.eze@lawpartners.example.com', phone: '+234 80 555 0122', organization: 'Eze & Partners', position: 'Partner, Corporate', bio: 'Corporate lawyer focused on market entry.' },
  { session: 'nigeria-entry', name: 'Tunde Bakare', email: 'tunde@swiftdistribution.example.com', phone: null, organization: 'Swift Distribution', position: 'CEO', bio: null },
  { session: 'francophone', name: 'Aminata Diallo', email: 'a.diallo@dakarconseil.example.com', phone: '+221 77 555 0144', organization: 'Dakar Conseil', position: 'Senior Consultant', bio: null },
  { session: 'compliance', name: 'Jennifer Walsh', email: 'jwalsh@borderbrokers.example.com', phone: '+1 202 555 0178', organization: 'Border Brokers LLC', position: 'Licensed Customs Broker', bio: 'Twenty years clearing food imports.' },
  { session: null, name: 'David Osei', email: 'david.osei@example.com', phone: null, organization: 'Osei Holdings', position: 'Investor', bio: null },
  { session: null, name: 'Laura Chen', email: 'laura.chen@example.com', phone: '+1 416 555 0190', organization: null, position: null, bio: null },
];

const FIRST_NAMES = [
  'Kwame', 'Ama', 'Kofi', 'Akosua', 'Chinedu', 'Ngozi', 'Emeka', 'Fatima', 'Ibrahim', 'Aisha', 'James', 'Sarah',
  'Michael', 'Emily', 'Daniel', 'Grace', 'Samuel', 'Linda', 'Joseph', 'Mariam', 'Peter', 'Comfort', 'Olu', 'Adwoa',
];
const LAST_NAMES = [
  'Mensah', 'Owusu', 'Asante', 'Boateng', 'Okafor', 'Adeyemi', 'Nwosu', 'Bello', 'Diallo', 'Traoré', 'Johnson',
  'Williams', 'Brown', 'Taylor', 'Anderson', 'Thompson', 'Osei', 'Appiah', 'Danso', 'Quaye',
];

export function personName(index: number): string {
  return `${FIRST_NAMES[index % FIRST_NAMES.length] ?? 'Alex'} ${LAST_NAMES[(index * 7) % LAST_NAMES.length] ?? 'Smith'}`;
}

export const SEED_CONTACTS: {
  name: string;
  email: string;
  company: string | null;
  message: string;
  status: 'new' | 'in-progress' | 'completed' | 'closed';
  notes: string | null;
  daysAgo: number;
}[] = [
  { name: 'Kwabena Adjei', email: 'kadjei@goldcoastfoods.example.com', company: 'Gold Coast Foods', message: 'We export shea butter and want to enter the US retail market. Can you help us find a distributor?', status: 'new', notes: null, daysAgo: 0 },
  { name: 'Rachel Morgan', email: 'rmorgan@northstar.example.com', company: 'Northstar Medical', message: 'Looking for advice on registering medical devices in Ghana and Nigeria.', status: 'new', notes: null, daysAgo: 1 },
  { name: 'Ifeoma Okeke', email: 'ifeoma@okekefashion.example.com', company: 'Okeke Fashion House', message: 'Interested in the North America trade mission. What does it cost?', status: 'in-progress', notes: 'Sent the mission brochure; call booked for Thursday.', daysAgo: 2 },
  { name: 'Thomas Becker', email: 'thomas.becker@example.com', company: null, message: 'Do you offer cultural intelligence training for a team of twelve?', status: 'in-progress', notes: 'Proposal drafted.', daysAgo: 3 },
  { name: 'Akua Serwaa', email: 'akua@serwaatextiles.example.com', company: 'Serwaa Textiles', message: 'We need a partner to help us set up a subsidiary in Canada.', status: 'completed', notes: 'Engagement signed.', daysAgo: 5 },
  { name: 'Moses Kamau', email: 'mkamau@savannahtech.example.com', company: 'Savannah Tech', message: 'Can you introduce us to fintech investors in Lagos?', status: 'new', notes: null, daysAgo: 6 },
  { name: 'Helen Park', email: 'hpark@example.com', company: 'Park Logistics', message: 'Question about your market entry advisory fees.', status: 'closed', notes: 'Answered by e-mail; not a fit.', daysAgo: 7 },
  { name: 'Yusuf Abdullahi', email: 'yusuf@sahelagro.example.com', company: 'Sahel Agro', message: 'We want to attend the Diaspora–Ghana Business Exchange as exhibitors.', status: 'in-progress', notes: 'Waiting for their company profile.', daysAgo: 8 },
  { name: 'Claire Dubois', email: 'claire.dubois@example.com', company: 'Dubois Conseil', message: 'Partnership proposal for Francophone markets.', status: 'new', notes: null, daysAgo: 9 },
  { name: 'Benjamin Ofori', email: 'bofori@example.com', company: null, message: 'Is the investor briefing open to individual investors?', status: 'completed', notes: 'Yes; booked him in.', daysAgo: 10 },
  { name: 'Patricia Gomez', email: 'pgomez@andesimports.example.com', company: 'Andes Imports', message: 'We import cocoa and are looking for new suppliers in Ghana.', status: 'in-progress', notes: 'Matched with CocoaLink.', daysAgo: 11 },
  { name: 'Kojo Antwi', email: 'kojo.antwi@example.com', company: 'Antwi Builders', message: 'Need help with a government tender in Côte d’Ivoire.', status: 'closed', notes: 'Referred to a local partner.', daysAgo: 12 },
  { name: 'Sophie Martin', email: 'sophie.martin@example.com', company: null, message: 'Can you speak at our export association’s annual meeting?', status: 'new', notes: null, daysAgo: 13 },
  { name: 'Musa Ibrahim', email: 'musa@kanoleather.example.com', company: 'Kano Leather Works', message: 'Looking for buyers of leather goods in the US.', status: 'completed', notes: 'Introduced to two buyers.', daysAgo: 14 },
  { name: 'Esi Quansah', email: 'esi.quansah@example.com', company: 'Quansah Beauty', message: 'How do we comply with FDA rules for cosmetics?', status: 'in-progress', notes: null, daysAgo: 16 },
  { name: 'Robert King', email: 'rking@kingcapital.example.com', company: 'King Capital', message: 'We want to invest in agri-processing in Ghana. Where do we start?', status: 'new', notes: null, daysAgo: 18 },
  { name: 'Fatou Ndiaye', email: 'fatou@ndiayefoods.example.com', company: 'Ndiaye Foods', message: 'Request for a market study on Ghanaian retail.', status: 'completed', notes: 'Study delivered.', daysAgo: 20 },
  { name: 'George Amoah', email: 'george.amoah@example.com', company: null, message: 'Please call me about the trade mission.', status: 'closed', notes: 'No answer after three tries.', daysAgo: 22 },
  { name: 'Nadia Haddad', email: 'nhaddad@cedarventures.example.com', company: 'Cedar Ventures', message: 'We are exploring a joint venture in Senegal.', status: 'in-progress', notes: 'Second meeting scheduled.', daysAgo: 24 },
  { name: 'Victor Nwachukwu', email: 'victor@nwachukwu.example.com', company: 'Nwachukwu & Sons', message: 'Looking for a partner to promote our trade fair.', status: 'new', notes: null, daysAgo: 26 },
  { name: 'Olivia Brown', email: 'olivia.brown@example.com', company: 'Brown Organics', message: 'Interested in sourcing organic moringa.', status: 'completed', notes: 'Connected with two farms.', daysAgo: 28 },
  { name: 'Isaac Darko', email: 'isaac.darko@example.com', company: 'Darko Freight', message: 'Can we sponsor the West Africa summit?', status: 'new', notes: null, daysAgo: 29 },
];
