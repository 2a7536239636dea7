// The home page tells the truth about booking, against a real server: with Maintenance Mode on the
// booking buttons and the contact form give way to the notice; with registrations closed there is no
// Register Now, no 24-hour promise, and the events say so. The navigation underline follows the
// section in view (driven through IntersectionObserver, as the header uses it), and the waitlist
// icon is a whole clock.
import { act, screen, waitFor, within } from '@testing-library/react';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BookingSuccess } from '@client/features/booking/BookingSuccess';
import { HomePage } from '@client/features/home/HomePage';
import { PublicLayout } from '@client/features/layout/PublicLayout';
import { SECTION_BAND_MARGIN } from '@client/features/layout/use-section-in-view';
import { buildTestApp, callerFor, createAccount, createTestEnv, type TestEnv } from '@tests/support/helpers';
import { insertEventRow } from '@tests/support/fixtures';
import { renderWithProviders } from './render';

let env: TestEnv;
let app: Awaited<ReturnType<typeof buildTestApp>>;
let baseUrl: string;

beforeEach(async () => {
  env = await createTestEnv();
  app = await buildTestApp(env);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('the test server has no port');
  baseUrl = `http://127.0.0.1:${address.port}`;
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});

afterEach(async () => {
  await app.close();
  await env.close();
});

async function setSite(flags: { maintenanceMode: boolean; allowRegistrations: boolean }) {
  const admin = await createAccount(env.db, 'admin');
  await callerFor(env.deps, admin).settings.updateSystem({
    siteName: 'Kestrel & Finch',
    siteDescription: 'Consulting',
    timezone: 'UTC',
    maxFileSize: 10,
    ...flags,
  });
}

/** The home page as its own script renders it at '/' (client/home.tsx): no router, plain links. */
async function renderHome() {
  return renderWithProviders(
    <PublicLayout>
      <HomePage />
    </PublicLayout>,
    { baseUrl },
  );
}

function section(id: string) {
  const element = document.getElementById(id);
  if (element === null) throw new Error(`no #${id}`);
  return within(element);
}

describe('home page and booking settings', () => {
  it('offers booking, the contact form and the reply promise while bookings are open', async () => {
    await insertEventRow(env.db, { title: 'Accra Trade Mission' });
    const admin = await createAccount(env.db, 'admin');
    await callerFor(env.deps, admin).settings.updateIdentity({
      siteName: 'Kestrel & Finch',
      replyPromise: 'We reply to every message within 24 hours.',
      addressLines: [],
      mapMode: 'none',
      social: {},
    });
    await renderHome();
    expect(await section('events').findByRole('link', { name: 'Register Now' }, { timeout: 5000 })).toBeInTheDocument();
    expect(section('events').getByRole('link', { name: 'Subscribe to calendar' })).toHaveAttribute('href', '/events.ics');
    // In the header, the hero and the footer (the phone menu's copy is hidden while closed).
    expect(
      screen.getAllByRole('link', { name: 'Book Consultation' }).map((link) => [link.closest('header, section, footer')?.tagName, link.getAttribute('href')]),
    ).toEqual([
      ['HEADER', '/consultation'],
      ['SECTION', '/consultation'],
      ['FOOTER', '/consultation'],
    ]);
    expect(section('contact').getByText(/We reply to every message within 24 hours\./)).toBeInTheDocument();
    expect(await section('contact').findByRole('button', { name: 'Send Message' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByText('Bookings are currently closed.')).toBeNull();
  });

  it('replaces booking buttons and the contact form by the notice under Maintenance Mode', async () => {
    await setSite({ maintenanceMode: true, allowRegistrations: true });
    await insertEventRow(env.db, { title: 'Accra Trade Mission' });
    await renderHome();
    expect(
      await section('contact').findByText('The site is under maintenance. Please try again later.', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    await section('events').findByRole('heading', { name: 'Accra Trade Mission' }, { timeout: 5000 });
    expect(screen.queryByRole('link', { name: 'Register Now' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Book Consultation' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send Message' })).toBeNull();
    expect(section('contact').queryByRole('textbox')).toBeNull();
  });

  it('says bookings are closed, without Register Now or the 24-hour promise, when registrations are off', async () => {
    await setSite({ maintenanceMode: false, allowRegistrations: false });
    const first = await insertEventRow(env.db, { title: 'Accra Trade Mission', displayOrder: 1 });
    await insertEventRow(env.db, { title: 'Lagos Buyers Week', displayOrder: 2 });
    await renderHome();
    expect(await section('events').findByText('Bookings are currently closed.', {}, { timeout: 5000 })).toBeInTheDocument();
    await section('events').findByRole('heading', { name: first.title }, { timeout: 5000 });
    await section('events').findByRole('heading', { name: 'Lagos Buyers Week' });
    expect(screen.queryByRole('link', { name: 'Register Now' })).toBeNull();
    expect(screen.queryByRole('link', { name: /^Register/ })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Book Consultation' })).toBeNull();
    expect(screen.queryByText(/24 hours/)).toBeNull();
  });
});

describe('navigation underline', () => {
  const original = window.IntersectionObserver;
  afterEach(() => {
    window.IntersectionObserver = original;
  });

  it('follows the section in view while scrolling', async () => {
    const observers: { callback: IntersectionObserverCallback; options?: IntersectionObserverInit; targets: Element[] }[] = [];
    window.IntersectionObserver = class {
      private readonly record: (typeof observers)[number];
      constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
        this.record = { callback, options, targets: [] };
        observers.push(this.record);
      }
      observe(target: Element) {
        this.record.targets.push(target);
      }
      unobserve() {}
      disconnect() {}
      takeRecords() {
        return [];
      }
    } as unknown as typeof IntersectionObserver;

    await renderHome();
    const nav = within(screen.getByRole('navigation', { name: 'Main' }));
    const band = observers.find((observer) => observer.options?.rootMargin === SECTION_BAND_MARGIN);
    if (band === undefined) throw new Error('the header observes no sections');
    expect(band.targets.map((target) => target.id)).toEqual(['services', 'priorities', 'events', 'about', 'contact']);
    expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('data-current', 'true');

    const cross = (id: string, isIntersecting: boolean) =>
      act(() =>
        band.callback(
          [{ target: document.getElementById(id), isIntersecting } as unknown as IntersectionObserverEntry],
          {} as IntersectionObserver,
        ),
      );
    const current = () => nav.getAllByRole('link').filter((link) => link.getAttribute('data-current') === 'true').map((link) => link.textContent);

    cross('services', true);
    expect(current()).toEqual(['Services']);
    cross('services', false);
    cross('events', true);
    expect(current()).toEqual(['Events']);
    cross('events', false);
    cross('about', true);
    expect(current()).toEqual(['About']);
    cross('about', false);
    expect(current()).toEqual(['Home']);
  });
});

const SUMMARY = {
  eventTitle: 'Accra Business Summit',
  sessionTitle: 'Market Entry Clinic',
  location: 'Hall B',
  startTime: '2030-03-14T10:00:00.000Z',
  endTime: '2030-03-14T12:00:00.000Z',
  participantName: 'Ama Mensah',
  participantEmail: 'ama@example.com',
  visitorTimeZone: 'America/Toronto',
};

describe('booking success', () => {
  it('shows a whole clock, face and hands, on the waitlist', async () => {
    const root = createRootRoute({
      component: () => (
        <BookingSuccess
          result={{ id: 'b1', status: 'waitlisted' }}
          summary={SUMMARY}
          timeZone="UTC"
          onBookAnother={() => undefined}
        />
      ),
    });
    const router = createRouter({ routeTree: root, history: createMemoryHistory({ initialEntries: ['/'] }) });
    await act(() => router.load());
    const { container } = renderWithProviders(<RouterProvider router={router} />, { baseUrl });
    await waitFor(() => expect(container.querySelector('svg')).not.toBeNull());
    const svg = container.querySelector('svg');
    expect(svg?.querySelector('circle')).not.toBeNull();
    expect(svg?.querySelector('path')?.getAttribute('d')).toBe('M12 7v5l3 3');
  });
});

describe('booking success summary', () => {
  it('sums up what was booked and offers it as a calendar file with the e-mails\' UID', async () => {
    const root = createRootRoute({
      component: () => <BookingSuccess result={{ id: 'b42', status: 'pending' }} summary={SUMMARY} timeZone="UTC" onBookAnother={() => undefined} />,
    });
    const router = createRouter({ routeTree: root, history: createMemoryHistory({ initialEntries: ['/'] }) });
    await act(() => router.load());
    renderWithProviders(<RouterProvider router={router} />, { baseUrl });
    const table = await screen.findByRole('table', { name: 'Your booking' });
    const rows = within(table).getAllByRole('row').map((row) => row.textContent);
    expect(rows).toEqual([
      'EventAccra Business Summit',
      'SessionMarket Entry Clinic',
      // The visitor's clock first (Toronto is on daylight time by March 14), then the event's.
      'WhenThu, Mar 14, 2030, 6:00\u00a0AM – 8:00\u00a0AM your time (Toronto) / 10:00\u00a0AM – 12:00\u00a0PM UTC',
      'NameAma Mensah',
      'E-mailama@example.com',
    ]);
    const link = screen.getByRole('link', { name: 'Add to calendar' });
    expect(link).toHaveAttribute('download', 'booking.ics');
    const ics = decodeURIComponent((link.getAttribute('href') ?? '').replace('data:text/calendar;charset=utf-8,', ''));
    expect(ics).toContain(`UID:booking-b42@${window.location.hostname}\r\n`);
    expect(ics).toContain('DTSTART:20300314T100000Z\r\n');
    expect(ics).toContain('SUMMARY:Market Entry Clinic – Accra Business Summit\r\n');
    expect(ics).toContain('LOCATION:Hall B\r\n');
  });
});
