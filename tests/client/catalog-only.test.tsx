// Every text a public page shows comes from the catalog or from the firm's content, never a literal
// in a component. The pages render here in a pseudo-language: each catalog message is wrapped in
// ⟦…⟧ (its values inside), and every firm text the server stores (event, session, consultation type,
// consultant, site name) in ⟪…⟫. Whatever is left of a visible text or label once the marked parts
// are taken out may only be what Intl writes (dates, times, zones in the page's locale), digits and
// punctuation; a component that says "Confirm Booking" itself fails here.
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { act, cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, type RouteComponent, RouterProvider } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { BookingPage } from '@client/features/booking/BookingPage';
import { ManageBookingPage } from '@client/features/booking/ManageBookingPage';
import { ConsultationPage } from '@client/features/consultation/ConsultationPage';
import { ManageConsultationPage } from '@client/features/consultation/ManageConsultationPage';
import { LanguageProvider, type PageLanguage } from '@client/i18n';
import { CATALOGS } from '@server/shared/i18n/catalogs';
import { LANGUAGE_HEADER } from '@server/shared/i18n/languages';
import { timeZoneChoices } from '@server/shared/time';
import { DEFAULT_SYSTEM_SETTINGS, saveSystemSettings } from '@server/settings/settings.repository';
import { insertEventRow, insertSessionRow, insertSlotRow } from '@tests/support/fixtures';
import { callerFor, createAccount } from '@tests/support/helpers';
import { renderWithProviders, testServerPerFile } from './render';

const LOCALE = 'fr';

/** The English catalog with each message marked, compiled as the server compiles a page's catalog. */
const PSEUDO: PageLanguage = {
  language: 'fr',
  messages: Object.fromEntries(Object.entries(CATALOGS.en).map(([key, message]) => [key, compileMessage(`⟦${message}⟧`)])),
};

/** A firm's text, as staff would have entered it. */
const firm = (text: string) => `⟪${text}⟫`;

/** The words Intl writes for dates, times and zones in the page's locale, over a whole year. */
const INTL_WORDS: ReadonlySet<string> = (() => {
  const words = new Set<string>();
  const styles: Intl.DateTimeFormatOptions[] = [
    { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' },
    { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' },
    { month: 'short', day: 'numeric' },
    { month: 'long', year: 'numeric' },
    { weekday: 'long', month: 'long', day: 'numeric' },
    { dateStyle: 'medium', timeStyle: 'short' },
    { hour: 'numeric', minute: '2-digit', timeZoneName: 'short' },
  ];
  for (const timeZone of ['UTC', 'Africa/Accra', 'America/New_York']) {
    for (const options of styles) {
      const format = new Intl.DateTimeFormat(LOCALE, { ...options, timeZone });
      for (let day = 0; day < 366; day += 1) {
        for (const word of format.format(new Date(Date.UTC(2030, 0, 1 + day, day % 24))).match(/\p{L}+/gu) ?? []) words.add(word);
      }
    }
  }
  return words;
})();

// The time zones a visitor picks from, as the pickers list them (UTC first, current IANA names).
const ZONES: ReadonlySet<string> = new Set(timeZoneChoices());

/** The server's messages (a refusal, a field's message) come from its catalog in the page's language. */
const SERVER_SAID: ReadonlySet<string> = new Set(Object.values(CATALOGS.fr).filter((message) => !message.includes('{')));

/** Between two text nodes of the page (no text holds it). */
const NODE_BREAK = '\u0001';

/**
 * What the page shows that is neither marked nor Intl's: text nodes (portals included: a modal, a
 * dropdown) and the labels a screen reader reads (aria-label, placeholder, title, alt). `typed` are
 * the values the visitor typed, shown back to them.
 */
function unmarkedTexts(typed: readonly string[] = []): string[] {
  // The text nodes in document order, joined: a message may be split around an element it places
  // (a link inside a sentence), so its marks open in one node and close in another.
  const nodes: string[] = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
    if (node.parentElement?.closest('style, script') === null) nodes.push(node.textContent ?? '');
  }
  const labels: string[] = [];
  for (const element of document.body.querySelectorAll('[aria-label], [placeholder], [title], [alt]')) {
    for (const name of ['aria-label', 'placeholder', 'title', 'alt']) labels.push(element.getAttribute(name) ?? '');
  }
  // Innermost marks first: a message may hold another (a date the formatter wrote with catalog words).
  const unmark = (text: string) => {
    let rest = text;
    for (let previous = ''; previous !== rest; ) {
      previous = rest;
      rest = rest.replace(/⟦[^⟦⟧]*⟧/g, ' ').replace(/⟪[^⟪⟫]*⟫/g, ' ');
    }
    return rest;
  };
  const texts = [...unmark(nodes.join(NODE_BREAK)).split(NODE_BREAK), ...labels.map(unmark)];
  return texts
    // The time zones a visitor picks from are Intl's own names ('Africa/Accra').
    .filter((text) => !ZONES.has(text.trim()) && !SERVER_SAID.has(text.trim()))
    .map((text) => {
      let rest = text;
      for (const value of typed) rest = rest.split(value).join(' ');
      return rest;
    })
    .filter((rest) => (rest.match(/\p{L}+/gu) ?? []).some((word) => !INTL_WORDS.has(word)))
    .map((rest) => rest.trim());
}

async function expectAllMarked(typed: readonly string[] = []) {
  // Let pending renders settle (queries answered, focus moved) before reading the page.
  await act(async () => undefined);
  expect(unmarkedTexts(typed)).toEqual([]);
}

function inPseudoLanguage(ui: ReactElement): ReactElement {
  return <LanguageProvider page={PSEUDO}>{ui}</LanguageProvider>;
}

/** A page under its real route pattern (its parameters come from the path) in the pseudo-language. */
async function renderPage(pattern: string, path: string, component: RouteComponent) {
  const root = createRootRoute();
  const page = createRoute({ getParentRoute: () => root, path: pattern, component });
  const others = ['/', '/booking', '/consultation']
    .filter((other) => other !== pattern)
    .map((other) => createRoute({ getParentRoute: () => root, path: other, component: () => null }));
  const router = createRouter({ routeTree: root.addChildren([page, ...others]), history: createMemoryHistory({ initialEntries: [path] }) });
  await act(() => router.load());
  // The page's API calls carry its language, as a French page's do: the server answers from its catalog.
  return renderWithProviders(inPseudoLanguage(<RouterProvider router={router} />), { baseUrl: server.baseUrl, headers: { [LANGUAGE_HEADER]: 'fr' } });
}

const server = testServerPerFile();

beforeEach(async () => {
  await saveSystemSettings(server.env.db, { ...DEFAULT_SYSTEM_SETTINGS, siteName: firm('Expansion Partners'), timezone: 'America/New_York' });
});
async function bookableEvent() {
  const db = server.env.db;
  const event = await insertEventRow(db, { title: firm('Accra Exchange') });
  await db.updateTable('events').set({ date: firm('14 March'), location: firm('Accra'), description: firm('Two days of meetings.') }).where('id', '=', event.id).execute();
  const session = await insertSessionRow(db, event.id, { title: firm('Buyer Meetings'), maxParticipants: 3, location: firm('Room 1') });
  const slot = await insertSlotRow(db, session.id, 72);
  return { event, session, slot };
}

describe('the check itself', () => {
  it('finds a literal text, label or placeholder that is not from the catalog or the firm', async () => {
    renderWithProviders(
      inPseudoLanguage(
        <div>
          <p>⟦Réservez⟧ Confirm Booking</p>
          <input aria-label="Full Name" placeholder="⟦x⟧" />
          <p>{firm('Accra Exchange')} mardi 3 mars 2026, 10:00 UTC</p>
        </div>,
      ),
    );
    expect(unmarkedTexts()).toEqual(['Confirm Booking', 'Full Name']);
  });
});

describe('public pages speak only the catalog and the firm', () => {
  it('the booking page: the choice, the form, its messages and the success screen', async () => {
    const { event } = await bookableEvent();
    const user = userEvent.setup();
    await renderPage('/booking', '/booking', BookingPage);
    await screen.findByRole('button', { name: '⟦Register for an event⟧' });
    await expectAllMarked();

    await user.click(screen.getByRole('button', { name: '⟦Register for an event⟧' }));
    await user.click(await screen.findByRole('combobox', { name: /Select Event/ }));
    await user.click(await screen.findByRole('option', { name: firm('Accra Exchange') }));
    await expectAllMarked();
    await user.click(await screen.findByRole('combobox', { name: /Select Session/ }));
    await expectAllMarked(); // the open dropdown
    await user.click(await screen.findByRole('option', { name: /Buyer Meetings/ }));
    await user.click(await screen.findByRole('radio'));
    await expectAllMarked();

    // Refused by the form's own checks: the field messages and what is read out.
    await user.click(screen.getByRole('button', { name: '⟦Confirm Booking⟧' }));
    await screen.findByText('⟦Participant name is required⟧');
    await expectAllMarked();

    await user.type(screen.getByRole('textbox', { name: /Full Name/ }), 'Ama');
    await user.type(screen.getByRole('textbox', { name: /Email Address/ }), 'ama@example.com');
    await user.click(screen.getByRole('button', { name: '⟦Confirm Booking⟧' }));
    await screen.findByRole('heading', { name: '⟦Booking Confirmed!⟧' });
    await expectAllMarked(['Ama', 'ama@example.com']);
    expect(event.id).not.toBe('');
  });

  it('the booking page at an event that is not open', async () => {
    await bookableEvent();
    await renderPage('/booking/$eventId', '/booking/no-such-event', BookingPage);
    await screen.findByText(/That event is not open for booking/);
    await expectAllMarked();
  });

  it('the booking page while bookings are closed', async () => {
    await saveSystemSettings(server.env.db, { ...DEFAULT_SYSTEM_SETTINGS, siteName: firm('Expansion Partners'), allowRegistrations: false });
    await renderPage('/booking', '/booking', BookingPage);
    await screen.findByText('⟦Bookings are currently closed.⟧');
    await expectAllMarked();
  });

  it('the manage page of a booking: details, the cancel dialog, the cancelled booking and a link not valid', async () => {
    const { slot } = await bookableEvent();
    const booked = await callerFor(server.env.deps, null).bookings.create({ timeSlotId: slot.id, participantName: 'Ama', participantEmail: 'ama@example.com' });
    const row = await server.env.db.selectFrom('emailOutbox').select('textBody').where('bookingId', '=', booked.id).where('kind', '!=', 'admin-new-booking').executeTakeFirstOrThrow();
    const token = /\/booking\/manage\/([A-Za-z0-9_-]{43})/.exec(row.textBody)?.[1] ?? '';
    const user = userEvent.setup();
    await renderPage('/booking/manage/$token', `/booking/manage/${token}`, ManageBookingPage);
    await screen.findByRole('table');
    await expectAllMarked(['Ama']);

    await user.click(screen.getByRole('button', { name: '⟦Cancel Booking⟧' }));
    await screen.findByRole('dialog');
    await expectAllMarked(['Ama']);
    await user.click(screen.getAllByRole('button', { name: '⟦Cancel Booking⟧' }).at(-1) as HTMLElement);
    await screen.findByText('⟦Your booking has been cancelled.⟧');
    await expectAllMarked(['Ama']);
  });

  it('the manage page of a link that is not valid', async () => {
    await renderPage('/booking/manage/$token', `/booking/manage/${'x'.repeat(43)}`, ManageBookingPage);
    await screen.findByText(/Please use the link in the most recent e-mail/);
    await expectAllMarked();
  });

  it('the consultation page, from the type to the details, and its manage page', async () => {
    const consultant = await createAccount(server.env.db, 'user', { name: firm('Ama Owusu'), email: 'ama@example.com' });
    const admin = await createAccount(server.env.db, 'admin');
    const weekly = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, startMinute: 0, endMinute: 1440 }));
    await callerFor(server.env.deps, consultant).consultations.availability.set({ timeZone: 'UTC', weekly, overrides: [] });
    const type = await callerFor(server.env.deps, admin).consultations.types.create({
      title: firm('Discovery call'),
      description: firm('A first talk about your market.'),
      durationMinutes: 60,
      locationKind: 'video',
      locationDetail: 'https://meet.example.com/firm',
      horizonDays: 60,
      staffIds: [consultant.user.id],
    });
    const user = userEvent.setup();
    await renderPage('/consultation', '/consultation', ConsultationPage);
    await user.click(await screen.findByRole('radio', { name: /Discovery call/ }));
    await screen.findAllByRole('button', { name: /free times⟧$/ });
    await expectAllMarked();
    // A day with free times: this month's, else (late in a month) the next month's.
    if (screen.queryAllByRole('button', { name: /, free times⟧$/ }).length === 0) {
      await user.click(screen.getByRole('button', { name: '⟦Next month⟧' }));
    }
    const freeDays = await screen.findAllByRole('button', { name: /, free times⟧$/ });
    await user.click(freeDays[0] as HTMLElement);
    const times = await screen.findByRole('group', { name: '⟦Free times⟧' });
    await user.click(times.querySelector('button') as HTMLElement);
    await screen.findByRole('button', { name: '⟦Book consultation⟧' });
    await expectAllMarked();
    await user.click(screen.getByRole('button', { name: '⟦Book consultation⟧' }));
    await screen.findByText('⟦Name is required⟧');
    await expectAllMarked();

    // Its manage link.
    const from = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const { times: free } = await callerFor(server.env.deps, null).consultations.freeTimes({ typeId: type.id, from, to: from, timeZone: 'UTC' });
    await callerFor(server.env.deps, null).consultations.book({
      typeId: type.id,
      startsAt: free[0]?.startsAt ?? '',
      timeZone: 'UTC',
      visitorName: 'Kofi',
      visitorEmail: 'kofi@example.com',
    });
    const mail = await server.env.db.selectFrom('emailOutbox').select('textBody').where('toAddress', '=', 'kofi@example.com').executeTakeFirstOrThrow();
    const token = /\/consultations\/manage\/([A-Za-z0-9_-]+)/.exec(mail.textBody)?.[1] ?? '';
    cleanup();
    await renderPage('/consultations/manage/$token', `/consultations/manage/${token}`, ManageConsultationPage);
    await screen.findByRole('button', { name: '⟦Reschedule⟧' });
    await expectAllMarked(['https://meet.example.com/firm']);
    expect(screen.getByText('⟦Video call: https://meet.example.com/firm⟧')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '⟦Reschedule⟧' }));
    await screen.findAllByRole('button', { name: /free times⟧$/ });
    await expectAllMarked(['https://meet.example.com/firm']);
  });
});
