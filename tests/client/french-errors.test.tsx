// A French page says the API's refusals in French, against a real API server: the API sends each
// message's catalog key beside its English words, and the page says it from the catalog it carries
// (the one the server writes into a French page, pageCatalog), English only where that catalog has
// no such key. The booking form refused because bookings closed, then for maintenance; the seat of
// an offer taken first by someone else; the field messages of a refused submit, with their values;
// the contact form of the home page under maintenance, and when the server cannot be reached.
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BookingForm } from '@client/features/booking/BookingForm';
import { OfferPanel } from '@client/features/booking/OfferPanel';
import { ContactForm } from '@client/features/contact/ContactForm';
import { createTranslator, LanguageProvider, type PageLanguage } from '@client/i18n';
import { createTrpcClient, fieldErrorsOf, messageOf } from '@client/trpc';
import { newManageToken } from '@server/email/manage-token';
import { DEFAULT_SYSTEM_SETTINGS, saveSystemSettings } from '@server/settings/settings.repository';
import { pageCatalog } from '@server/shared/i18n/catalogs';
import { insertBookingRow, insertEventRow, insertSessionRow, insertSlotRow } from '@tests/support/fixtures';
import { renderWithProviders, startTestServer, type TestServer, UNREACHABLE } from './render';

/** What a French booking or manage page carries, and what the French home page carries. */
const FRENCH_APP: PageLanguage = { language: 'fr', messages: pageCatalog('fr', 'app') };
const FRENCH_HOME: PageLanguage = { language: 'fr', messages: pageCatalog('fr', 'own') };

let server: TestServer;

beforeEach(async () => {
  server = await startTestServer();
});
afterEach(() => server.close());

function renderIn(page: PageLanguage, ui: ReactElement, baseUrl = server.baseUrl) {
  return renderWithProviders(<LanguageProvider page={page}>{ui}</LanguageProvider>, { baseUrl });
}

async function fill(user: ReturnType<typeof userEvent.setup>, label: string, text: string) {
  await user.click(screen.getByRole('textbox', { name: label }));
  await user.paste(text);
}

describe('a French page says the API’s refusals in French', () => {
  it('on the booking form: bookings closed, then maintenance', async () => {
    const db = server.env.db;
    const event = await insertEventRow(db, { title: 'Accra Exchange' });
    const session = await insertSessionRow(db, event.id, { title: 'Morning Matchmaking', maxParticipants: 5 });
    await insertSlotRow(db, session.id, 48);
    const user = userEvent.setup();
    renderIn(FRENCH_APP, <BookingForm timeZone="UTC" visitorTimeZone="Africa/Accra" initialEventId={event.id} onBooked={() => undefined} />);
    const sessionSelect = await screen.findByRole('combobox', { name: 'Choisir la séance' });
    await waitFor(() => expect(sessionSelect).toBeEnabled());
    await user.click(sessionSelect);
    await user.click(await screen.findByRole('option', { name: 'Morning Matchmaking (Room 1)' }));
    await user.click((await screen.findAllByRole('radio'))[0] as HTMLElement);
    await fill(user, 'Nom complet', 'Ama Mensah');
    await fill(user, 'Adresse e-mail', 'ama@example.com');

    // The page was open when the firm closed bookings: the server refuses, the page says it in French.
    await saveSystemSettings(db, { ...DEFAULT_SYSTEM_SETTINGS, allowRegistrations: false });
    await user.click(screen.getByRole('button', { name: 'Confirmer la réservation' }));
    expect(await screen.findByText('Les réservations sont actuellement fermées.')).toBeInTheDocument();

    await saveSystemSettings(db, { ...DEFAULT_SYSTEM_SETTINGS, maintenanceMode: true });
    await user.click(screen.getByRole('button', { name: 'Confirmer la réservation' }));
    expect(await screen.findByText('Le site est en maintenance. Veuillez réessayer plus tard.')).toBeInTheDocument();
    expect(await db.selectFrom('bookings').select('id').execute()).toEqual([]);
  });

  it('on the offer of a freed seat that someone else took first', async () => {
    const db = server.env.db;
    const event = await insertEventRow(db, { title: 'Accra Exchange' });
    const session = await insertSessionRow(db, event.id, { title: 'Speed Meetings', maxParticipants: 1 });
    const slot = await insertSlotRow(db, session.id, 48);
    const offered = await insertBookingRow(db, slot, event.id, { email: 'offered@example.com', status: 'waitlisted' });
    const manage = newManageToken();
    const offerExpiresAt = new Date(Date.now() + 3_600_000).toISOString();
    await db.updateTable('bookings').set({ manageTokenHash: manage.hash, offerExpiresAt }).where('id', '=', offered.id).execute();
    // The seat went to a booking staff confirmed meanwhile: the slot is full again.
    await insertBookingRow(db, slot, event.id, { email: 'staff-booked@example.com', status: 'confirmed' });
    const user = userEvent.setup();
    renderIn(FRENCH_APP, <OfferPanel token={manage.token} offerExpiresAt={offerExpiresAt} timezone="UTC" />);

    await user.click(screen.getByRole('button', { name: 'Prendre la place' }));
    expect(
      await screen.findByText("Désolé, la place vient d'être prise par quelqu'un d'autre. Vous restez sur la liste d'attente et recevrez un e-mail si une autre place se libère."),
    ).toBeInTheDocument();
  });

  it('under each field the server refused, its values in the message', async () => {
    const db = server.env.db;
    const event = await insertEventRow(db, { title: 'Accra Exchange' });
    const session = await insertSessionRow(db, event.id, { title: 'Speed Meetings' });
    const slot = await insertSlotRow(db, session.id, 48);
    const words = createTranslator(FRENCH_APP);
    const client = createTrpcClient(server.baseUrl);
    const refusal = await client.bookings.create
      .mutate({ timeSlotId: slot.id, participantName: 'A'.repeat(201), participantEmail: 'ama@', answers: {} })
      .catch((error: unknown) => error);

    expect(fieldErrorsOf(refusal, words)).toEqual({
      participantName: '200 caractères au plus',
      participantEmail: 'Veuillez saisir une adresse e-mail valide',
    });
    expect(messageOf(refusal, 'fallback', words)).toBe('200 caractères au plus');
    // The back office, which passes no translator, keeps the server's English.
    expect(fieldErrorsOf(refusal)).toEqual({ participantName: 'Must be at most 200 characters', participantEmail: 'Please enter a valid email address' });
  });

  it('on the contact form of the home page: maintenance, and a server it cannot reach', async () => {
    await saveSystemSettings(server.env.db, { ...DEFAULT_SYSTEM_SETTINGS, maintenanceMode: true });
    const user = userEvent.setup();
    const sendMessage = async () => {
      await fill(user, 'Nom complet', 'Ama Mensah');
      await fill(user, 'Adresse e-mail', 'ama@example.com');
      await fill(user, 'Message', 'Bonjour');
      await user.click(screen.getByRole('button', { name: 'Envoyer le message' }));
    };
    const maintenance = renderIn(FRENCH_HOME, <ContactForm />);
    await sendMessage();
    expect(await screen.findByText('Le site est en maintenance. Veuillez réessayer plus tard.')).toBeInTheDocument();
    act(() => maintenance.unmount());

    renderIn(FRENCH_HOME, <ContactForm />, UNREACHABLE);
    await sendMessage();
    expect(await screen.findByText('Impossible de joindre le serveur. Vérifiez votre connexion et réessayez.')).toBeInTheDocument();
  });
});
