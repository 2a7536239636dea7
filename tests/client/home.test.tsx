// The public home page and its frame against a real server: the events section's states
// (loading, fallback event, empty, landing block and cards), the sections and their anchors, the header's mobile menu, the maintenance notice
// and the footer. The fallback cases use renderWithProviders' default address, a closed port.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  type RouteComponent,
  RouterProvider,
} from '@tanstack/react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fallbackEvent } from '@client/features/home/content';
import { HomePage } from '@client/features/home/HomePage';
import { saveHomeContent } from '@server/home-page/home-page.repository';
import type { SiteIdentityInput } from '@server/settings/site-identity.schemas';
import { DEMO_HOME_CONTENT } from '@scripts/seed/firm';
import { Reveal } from '@client/features/home/Reveal';
import { PublicRouteLayout } from '@client/features/layout/PublicRouteLayout';
import { buildTestApp, callerFor, createAccount, createTestEnv, type TestEnv } from '@tests/support/helpers';
import { insertEventRow } from '@tests/support/fixtures';
import { renderWithProviders } from './render';

type App = Awaited<ReturnType<typeof buildTestApp>>;

let env: TestEnv;
let app: App;
let baseUrl: string;

beforeEach(async () => {
  // jsdom has no FontFaceSet; Mantine's autosizing Textarea (in the contact form) listens to it.
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: () => undefined, removeEventListener: () => undefined },
    });
  }
  env = await createTestEnv();
  app = await buildTestApp(env);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('the test server has no port');
  baseUrl = `http://127.0.0.1:${address.port}`;
});

afterEach(async () => {
  await app.close();
  await env.close();
});

beforeEach(async () => {
  await env.db.deleteFrom('events').execute();
  await env.db.deleteFrom('settings').execute();
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined); // the router resets scroll; jsdom has none
});

/** Renders a page inside a memory router, as the app's router does for signed-in staff: the layout around it when asked. */
async function renderPage(page: RouteComponent, options: { baseUrl?: string; withLayout?: boolean } = {}) {
  const root = createRootRoute(options.withLayout === true ? { component: PublicRouteLayout } : {});
  const index = createRoute({ getParentRoute: () => root, path: '/', component: page });
  const router = createRouter({
    routeTree: root.addChildren([index]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  await act(() => router.load());
  return renderWithProviders(<RouterProvider router={router} />, { baseUrl: options.baseUrl });
}

/** Saves the firm's identity as an admin would on Settings, Site (the fields not given are left empty). */
async function saveIdentity(fields: Partial<SiteIdentityInput>): Promise<void> {
  const admin = callerFor(env.deps, await createAccount(env.db, 'admin'));
  await admin.settings.updateIdentity({ siteName: 'Kestrel & Finch', addressLines: [], mapMode: 'none', social: {}, ...fields });
}

function eventsSection(): HTMLElement {
  const section = document.getElementById('events');
  if (section === null) throw new Error('no #events section');
  return section;
}

function listItemsAfter(label: string, container: HTMLElement): string[] {
  const heading = within(container).getByRole('heading', { name: label });
  const list = heading.nextElementSibling;
  if (list === null || list.tagName !== 'UL') throw new Error(`no list after ${label}`);
  return Array.from(list.querySelectorAll('li'), (item) => item.textContent?.trim() ?? '');
}

describe('home page: events section', () => {
  it('shows a loading placeholder, then the built-in fallback event when the server cannot be reached', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await renderPage(HomePage);
    expect(within(eventsSection()).getByRole('status')).toHaveTextContent('Loading events…');

    const events = within(eventsSection());
    expect(await events.findByText('13 OCTOBER, 2025', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(events.getByRole('heading', { level: 3, name: fallbackEvent.title })).toBeInTheDocument();
    expect(events.getByText(/Airport/)).toBeInTheDocument();
    expect(listItemsAfter('WHY ATTEND', eventsSection())).toEqual(fallbackEvent.benefits);
    expect(fallbackEvent.benefits.join(' ')).toContain('30+ Ghanaian businesses in 60 minutes');
    expect(events.getByRole('link', { name: 'Register Now' })).toHaveAttribute('href', '/booking');
    // No contact e-mail could be read, so there is no one to write to.
    expect(events.queryByRole('link', { name: 'Contact Organizer' })).toBeNull();
    expect(events.queryByText('No Upcoming Events')).toBeNull();
    expect(logged).toHaveBeenCalledWith('Failed to load events', expect.anything());
  });

  it('says there are no upcoming events when there are none', async () => {
    await renderPage(HomePage, { baseUrl });
    const events = within(eventsSection());
    expect(await events.findByRole('heading', { name: 'No Upcoming Events' }, { timeout: 5000 })).toBeInTheDocument();
    expect(events.getByText('Check back soon for new events and opportunities.')).toBeInTheDocument();
    expect(events.queryByText('13 OCTOBER, 2025')).toBeNull();
    expect(events.queryByRole('link', { name: 'Register Now' })).toBeNull();
  });

  it('shows the first event with the default WHY ATTEND bullets when it lists no benefits', async () => {
    const event = await insertEventRow(env.db, { title: 'Accra Market Entry Forum' });
    await insertEventRow(env.db, { title: 'Hidden Draft Event', isActive: false });
    await saveIdentity({ contactEmail: 'events@kestrel.example' });
    await renderPage(HomePage, { baseUrl });

    const events = within(eventsSection());
    expect(await events.findByRole('heading', { level: 3, name: 'Accra Market Entry Forum' }, { timeout: 5000 })).toBeInTheDocument();
    expect(events.getByRole('link', { name: 'Register Now' })).toHaveAttribute('href', `/booking/${event.id}`);
    expect(listItemsAfter('WHY ATTEND', eventsSection())).toEqual([
      'Meet decision-makers from established companies and trade bodies',
      'Discover partnership, distribution and investment opportunities',
      'Gain practical insight into entering new markets',
      'Build lasting connections with founders, investors and advisers',
    ]);
    expect(events.getByText('LOCATION')).toBeInTheDocument();
    expect(events.getByText('Accra')).toBeInTheDocument();
    expect(events.getByText('1 JANUARY, 2031')).toBeInTheDocument();
    expect(events.getByRole('link', { name: 'Contact Organizer' })).toHaveAttribute(
      'href',
      'mailto:events@kestrel.example?subject=Inquiry%20about%20Accra%20Market%20Entry%20Forum',
    );
    expect(eventsSection().querySelector('img')).toHaveAttribute('src', '/images/events/fixture.svg');
    expect(events.queryByText('Hidden Draft Event')).toBeNull();
    expect(events.queryByText('No Upcoming Events')).toBeNull();
  });

  it("shows the event's own benefits, its video with the image as poster, and at most two more events as cards", async () => {
    const first = await insertEventRow(env.db, { title: 'Diaspora Investment Day', displayOrder: 1 });
    const second = await insertEventRow(env.db, { title: 'Lagos Trade Mission', displayOrder: 2 });
    const third = await insertEventRow(env.db, { title: 'Nairobi Buyers Week', displayOrder: 3 });
    await insertEventRow(env.db, { title: 'Fourth Event Not Shown', displayOrder: 4 });
    await env.db
      .updateTable('events')
      .set({ benefits: JSON.stringify(['Pitch to 12 investors', 'One-to-one meetings']), videoUrl: '/uploads/day.mp4' })
      .where('id', '=', first.id)
      .execute();
    const { container } = await renderPage(HomePage, { baseUrl });

    const events = within(eventsSection());
    expect(await events.findByRole('heading', { level: 3, name: 'Diaspora Investment Day' }, { timeout: 5000 })).toBeInTheDocument();
    expect(listItemsAfter('WHY ATTEND', eventsSection())).toEqual(['Pitch to 12 investors', 'One-to-one meetings']);

    const video = container.querySelector('#events video');
    expect(video).toHaveAttribute('src', '/uploads/day.mp4');
    expect(video).toHaveAttribute('poster', '/images/events/fixture.svg');
    expect(video).toHaveAttribute('preload', 'none');
    expect(video).toHaveAttribute('controls');

    expect(events.getAllByRole('link', { name: 'Register Now' })).toHaveLength(1);
    expect(events.getByRole('link', { name: 'Register for Lagos Trade Mission' })).toHaveAttribute('href', `/booking/${second.id}`);
    expect(events.getByRole('link', { name: 'Register for Nairobi Buyers Week' })).toHaveAttribute('href', `/booking/${third.id}`);
    expect(events.queryByText('Fourth Event Not Shown')).toBeNull();
  });
});

describe('home page: sections', () => {
  it('has one h1, the anchored sections and their content', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await renderPage(HomePage);

    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    for (const id of ['services', 'priorities', 'events', 'about', 'contact']) {
      expect(document.getElementById(id)?.tagName, id).toBe('SECTION');
    }

    const services = within(document.getElementById('services') as HTMLElement);
    expect(services.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
      'Market Entry Advisory',
      'Business Matchmaking',
      'Trade Missions',
      'Trade Event Promotion',
      'Global Marketing',
      'Cultural Intelligence',
    ]);

    // The shipped content has no testimonials (each firm writes its own): the section is left out.
    expect(screen.queryByRole('heading', { level: 2, name: 'Client Success Stories' })).toBeNull();
    // No cartoon portraits: without a photo a person is shown by a monogram of their initials.
    expect(screen.queryAllByRole('img', { name: /^Portrait of / })).toHaveLength(0);
    expect(Array.from(document.querySelectorAll('[data-monogram]'), (element) => element.textContent)).toEqual(['OF']);

    const about = within(document.getElementById('about') as HTMLElement);
    expect(about.getByRole('heading', { level: 2, name: 'About Our Founder' })).toBeInTheDocument();
    for (const figure of ['10+', '500+', '3', 'EMBA']) expect(about.getByText(figure)).toBeInTheDocument();

    const priorities = within(document.getElementById('priorities') as HTMLElement);
    expect(priorities.getByRole('heading', { level: 2, name: 'What We Prioritize for Your Success' })).toBeInTheDocument();
    expect(priorities.getAllByRole('heading', { level: 3 })).toHaveLength(5);

    const contact = within(document.getElementById('contact') as HTMLElement);
    expect(contact.getByRole('heading', { level: 2, name: 'Get In Touch' })).toBeInTheDocument();
    // The form loads in its own chunk (it sits far below the fold).
    expect(await contact.findByRole('button', { name: 'Send Message' })).toBeInTheDocument();
    // No contact details could be read: no contact block, no map.
    expect(contact.queryByRole('heading', { name: 'Contact Details' })).toBeNull();
    expect(contact.queryByTitle(/^Map:/)).toBeNull();

    for (const image of Array.from(document.querySelectorAll('img'))) {
      expect(image.hasAttribute('alt'), image.getAttribute('src') ?? '').toBe(true);
    }
  });
});

describe('home page: testimonials', () => {
  it("shows the firm's testimonials with monograms and profile links", async () => {
    await saveHomeContent(env.db, JSON.stringify(DEMO_HOME_CONTENT), new Date().toISOString());
    await renderPage(HomePage, { baseUrl });
    expect(await screen.findByRole('heading', { level: 2, name: 'Client Success Stories' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getAllByRole('img', { name: 'Rated 5 out of 5' })).toHaveLength(3);
    expect(Array.from(document.querySelectorAll('[data-monogram]'), (element) => element.textContent)).toEqual(['DM', 'SW', 'AD', 'AO']);
    // A profile link only for a testimonial that has one, opening in a new tab.
    expect(
      screen.getAllByRole('link', { name: /on LinkedIn/ }).map((link) => [link.getAttribute('aria-label'), link.getAttribute('href'), link.getAttribute('target')]),
    ).toEqual([
      ['Daniel Mensah on LinkedIn (opens in a new tab)', 'https://www.linkedin.com/in/daniel-mensah-agro', '_blank'],
      ['Amara Diallo on LinkedIn (opens in a new tab)', 'https://www.linkedin.com/in/amara-diallo-sahel', '_blank'],
    ]);
  });
});

describe('home page: contact details', () => {
  it('shows the contact details, hours, reply promise and map saved on Settings, Site', async () => {
    await saveIdentity({
      contactEmail: 'hello@kestrel.example',
      contactPhone: '+44 161 496 0000',
      addressLines: ['12 Mill Lane', 'Manchester'],
      openingHours: 'Weekdays 8 to 4',
      replyPromise: 'We answer within two working days.',
      mapMode: 'embed',
      mapLatitude: 53.48,
      mapLongitude: -2.24,
    });
    await renderPage(HomePage, { baseUrl });
    const contact = within(document.getElementById('contact') as HTMLElement);
    expect(await contact.findByRole('link', { name: 'hello@kestrel.example' }, { timeout: 5000 })).toHaveAttribute('href', 'mailto:hello@kestrel.example');
    expect(contact.getByRole('link', { name: '+44 161 496 0000' })).toHaveAttribute('href', 'tel:+441614960000');
    expect(contact.getByText('Weekdays 8 to 4')).toBeInTheDocument();
    expect(contact.getByText(/We answer within two working days\./)).toBeInTheDocument();
    const map = contact.getByTitle('Map: 12 Mill Lane, Manchester');
    expect(map).toHaveAttribute('loading', 'lazy');
    expect(map.getAttribute('src')).toMatch(/^https:\/\/www\.openstreetmap\.org\/export\/embed\.html\?bbox=.+&layer=mapnik&marker=53\.48%2C-2\.24$/);
    // The card beside the map needs no network: the place and a link to OpenStreetMap.
    expect(contact.getByText('12 Mill Lane, Manchester')).toBeInTheDocument();
    expect(contact.getByRole('link', { name: /^Open in OpenStreetMap/ })).toHaveAttribute(
      'href',
      'https://www.openstreetmap.org/?mlat=53.48&mlon=-2.24#map=15/53.48/-2.24',
    );
  });
});

describe('public layout', () => {
  it('shows the fallback site name and the footer while settings cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await renderPage(() => <p>Page body</p>, { withLayout: true });

    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: 'Home page' })).toHaveAttribute('href', '/');
    const nav = within(screen.getByRole('navigation', { name: 'Main' }));
    expect(nav.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Home', '/'],
      ['Services', '/#services'],
      ['Strategic Focus', '/#priorities'],
      ['Events', '/#events'],
      ['About', '/#about'],
      ['Contact', '/#contact'],
    ]);
    expect(within(header).getAllByRole('link', { name: 'Book Consultation' })[0]).toHaveAttribute('href', '/consultation');
    expect(screen.getByRole('main')).toHaveTextContent('Page body');

    const footer = within(screen.getByRole('contentinfo'));
    expect(footer.getByText(`© ${new Date().getFullYear()}. All rights reserved.`)).toBeInTheDocument();
    expect(footer.getByText('Trade Missions')).toBeInTheDocument();
    // Without settings there are no contact details to show.
    expect(footer.queryByRole('heading', { name: 'Contact' })).toBeNull();
    expect(screen.queryByText('The site is under maintenance. Please try again later.')).toBeNull();
  });

  it('opens and closes the mobile menu, and closes it when a link is chosen', async () => {
    await renderPage(() => <p>Page body</p>, { withLayout: true, baseUrl });

    const burger = screen.getByRole('button', { name: 'Open menu' });
    expect(burger).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).toBeNull();

    fireEvent.click(burger);
    expect(burger).toHaveAccessibleName('Close menu');
    expect(burger).toHaveAttribute('aria-expanded', 'true');
    const menu = screen.getByRole('navigation', { name: 'Mobile' });
    expect(burger).toHaveAttribute('aria-controls', menu.id);

    fireEvent.click(burger);
    expect(burger).toHaveAccessibleName('Open menu');
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).toBeNull();

    fireEvent.click(burger);
    fireEvent.click(within(screen.getByRole('navigation', { name: 'Mobile' })).getByRole('link', { name: 'Events' }));
    expect(burger).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).toBeNull();

    fireEvent.click(burger);
    fireEvent.keyDown(screen.getByRole('navigation', { name: 'Mobile' }), { key: 'Escape' });
    expect(burger).toHaveAttribute('aria-expanded', 'false');
  });

  it('uses the Site Name setting and shows the maintenance notice when Maintenance Mode is on', async () => {
    const admin = await createAccount(env.db, 'admin');
    await callerFor(env.deps, admin).settings.updateSystem({
      siteName: 'Meridian Expansion Partners',
      siteDescription: 'Cross-border growth advisers.',
      timezone: 'UTC',
      maintenanceMode: true,
      allowRegistrations: true,
      maxFileSize: 10,
    });
    await renderPage(() => <p>Page body</p>, { withLayout: true, baseUrl });

    expect(await screen.findByText('The site is under maintenance. Please try again later.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Meridian Expansion Partners' })).toBeInTheDocument();
    const footer = within(screen.getByRole('contentinfo'));
    expect(footer.getByText(`© ${new Date().getFullYear()} Meridian Expansion Partners. All rights reserved.`)).toBeInTheDocument();
    expect(footer.getByText('Cross-border growth advisers.')).toBeInTheDocument();
  });

  it('lists in the footer the services staff saved on the home content, not the shipped ones', async () => {
    const admin = callerFor(env.deps, await createAccount(env.db, 'admin'));
    const { updatedAt: _updatedAt, ...content } = await admin.homePage.get();
    const [first, ...rest] = content.services;
    if (first === undefined) throw new Error('the home content has no services');
    await admin.homePage.update({ ...content, services: [{ ...first, title: 'Cross-Border Tax Planning' }, ...rest] });
    await renderPage(() => <p>Page body</p>, { withLayout: true, baseUrl });

    const footer = within(screen.getByRole('contentinfo'));
    expect(await footer.findByText('Cross-Border Tax Planning', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(footer.queryByText(first.title)).toBeNull();
    for (const service of rest) expect(footer.getByText(service.title)).toBeInTheDocument();
  });
});

describe('scroll reveal', () => {
  const original = window.IntersectionObserver;

  afterEach(() => {
    window.IntersectionObserver = original;
  });

  it('reveals once, 100 px into the viewport, then stops observing', () => {
    const observers: { callback: IntersectionObserverCallback; options?: IntersectionObserverInit; unobserved: Element[] }[] = [];
    window.IntersectionObserver = class {
      readonly record: (typeof observers)[number];
      constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
        this.record = { callback, options, unobserved: [] };
        observers.push(this.record);
      }
      observe() {}
      unobserve(element: Element) {
        this.record.unobserved.push(element);
      }
      disconnect() {}
      takeRecords() {
        return [];
      }
    } as unknown as typeof IntersectionObserver;

    renderWithProviders(<Reveal>Revealed text</Reveal>);
    const block = screen.getByText('Revealed text');
    expect(block).toHaveAttribute('data-revealed', 'false');
    expect(observers).toHaveLength(1);
    const observer = observers[0];
    if (observer === undefined) throw new Error('no observer');
    // 100 px into the viewport: the bottom edge of the observed area moves up by 100 px.
    expect(observer.options?.rootMargin).toBe('0px 0px -100px 0px');

    act(() => observer.callback([{ isIntersecting: false, target: block } as unknown as IntersectionObserverEntry], {} as IntersectionObserver));
    expect(block).toHaveAttribute('data-revealed', 'false');
    act(() => observer.callback([{ isIntersecting: true, target: block } as unknown as IntersectionObserverEntry], {} as IntersectionObserver));
    expect(block).toHaveAttribute('data-revealed', 'true');
    expect(observer.unobserved).toEqual([block]);
    expect(block.style.getPropertyValue('--reveal-duration')).toBe('800ms');
  });

  it('shows content at once without IntersectionObserver or when the visitor prefers reduced motion', async () => {
    // @ts-expect-error: a browser without the API
    delete window.IntersectionObserver;
    const first = renderWithProviders(<Reveal>No observer</Reveal>);
    expect(screen.getByText('No observer')).toHaveAttribute('data-revealed', 'true');
    first.unmount();

    window.IntersectionObserver = original;
    const matchMedia = vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({
          matches: query.includes('reduce'),
          media: query,
          onchange: null,
          addListener: () => undefined,
          removeListener: () => undefined,
          addEventListener: () => undefined,
          removeEventListener: () => undefined,
          dispatchEvent: () => false,
        }) as MediaQueryList,
    );
    renderWithProviders(<Reveal>Reduced motion</Reveal>);
    expect(screen.getByText('Reduced motion')).toHaveAttribute('data-revealed', 'true');
    expect(matchMedia).toHaveBeenCalledWith('(prefers-reduced-motion: reduce)');
    await waitFor(() => expect(screen.getByText('Reduced motion')).toHaveAttribute('data-revealed', 'true'));
  });
});
