// The Payments screen's list: its filters live in the URL (a shared link shows the same filtered list,
// changing a filter rewrites the URL, Clear filters empties it), each row shows its invoice, amount,
// reference and status badge and links to its booking. Real router, real API server.
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import type { DB } from '@db/database';
import { PaymentsRoutePage } from '@client/features/admin/payments/PaymentsPage';
import { validatePaymentSearch } from '@client/features/admin/payments/payment-search';
import { newId } from '@server/core/ids';
import { insertBookingRow, insertEventRow, insertSessionRow, insertSlotRow } from '@tests/support/fixtures';
import { createAccount, type TestAccount } from '@tests/support/helpers';
import { futureYear, isoDay } from '@tests/dates';
import { renderWithProviders, testServerPerFile } from './render';

const YEAR = futureYear();
const MARCH_10 = isoDay(YEAR, 3, 10);
const MARCH_12 = isoDay(YEAR, 3, 12);

// The screen loads several queries at once; on a loaded machine the first answer can take seconds.
configure({ asyncUtilTimeout: 10_000 });

const server = testServerPerFile();
let staff: TestAccount;
let paidId: string;

/** A booking of €39.66 with its invoice issued on `issueDate`. */
async function paidBooking(db: DB, slot: { id: string; sessionId: string }, eventId: string, who: { name: string; company: string; status: 'awaiting' | 'paid'; issueDate: string; sequence: number; reference: string }) {
  const booking = await insertBookingRow(db, slot, eventId, { name: who.name, status: who.status === 'paid' ? 'confirmed' : 'pending' });
  await db
    .updateTable('bookings')
    .set({ paymentStatus: who.status, paymentMethod: 'bank_transfer', paymentReference: who.reference, paymentDueAt: `${YEAR + 1}-01-01T00:00:00.000Z`, chargeNetMinor: 3333, chargeTaxMinor: 633, chargeGrossMinor: 3966, chargeCurrency: 'EUR', chargeTaxRateBasisPoints: 1900, billingCompany: who.company })
    .where('id', '=', booking.id)
    .execute();
  await db
    .insertInto('invoices')
    .values({ id: newId(), kind: 'invoice', number: `INV-${YEAR}-0000${who.sequence}`, year: YEAR, sequence: who.sequence, bookingId: booking.id, issuedAt: `${who.issueDate}T09:00:00.000Z`, issueDate: who.issueDate, dueDate: null, paymentReference: who.reference, currency: 'EUR', amountsIncludeTax: 0, netMinor: 3333, taxMinor: 633, grossMinor: 3966, taxBreakdown: '[]', buyer: '{}', issuer: '{}', language: 'en' })
    .execute();
  if (who.status === 'paid') {
    await db.insertInto('payments').values({ id: newId(), bookingId: booking.id, amountMinor: 3966, currency: 'EUR', paidOn: MARCH_12, method: 'bank_transfer', source: 'manual', statementLineKey: null, recordedBy: 'Staff' }).execute();
  }
  return booking.id;
}

beforeEach(async () => {
  const db = server.env.db;
  staff = await createAccount(db, 'user');
  const event = await insertEventRow(db, { title: 'Market Entry' });
  const session = await insertSessionRow(db, event.id, { title: 'Germany Workshop' });
  const slot = await insertSlotRow(db, session.id, 24 * 400);
  await paidBooking(db, slot, event.id, { name: 'Ada Lindqvist', company: 'Nordlicht GmbH', status: 'awaiting', issueDate: MARCH_10, sequence: 1, reference: 'RF18539007547034' });
  paidId = await paidBooking(db, slot, event.id, { name: 'Bea Sørensen', company: 'Fjord Trading AS', status: 'paid', issueDate: MARCH_12, sequence: 2, reference: 'RF71234567890' });
  // A free booking is never on this screen.
  await insertBookingRow(db, slot, event.id, { name: 'Fay Free', status: 'confirmed' });
});

async function renderAt(url: string) {
  const root = createRootRoute();
  const payments = createRoute({ getParentRoute: () => root, path: '/admin/payments', validateSearch: validatePaymentSearch, component: PaymentsRoutePage });
  const bookings = createRoute({ getParentRoute: () => root, path: '/admin/bookings', validateSearch: (search: Record<string, unknown>) => search });
  const router = createRouter({ routeTree: root.addChildren([payments, bookings]), history: createMemoryHistory({ initialEntries: [url] }) });
  await act(() => router.load());
  renderWithProviders(<RouterProvider router={router} />, { baseUrl: server.baseUrl, sessionToken: staff.token });
  return router;
}

function rows(): HTMLElement[] {
  return within(screen.getByRole('table', { name: 'Payments' })).getAllByRole('row').slice(1);
}

function names(): string[] {
  return rows().map((row) => within(row).getAllByRole('cell')[0]?.textContent ?? '');
}

describe('Payments list', () => {
  it('shows each paid booking with its invoice, amount, reference and status, linking to the booking', async () => {
    await renderAt('/admin/payments');
    await waitFor(() => expect(names()).toEqual([expect.stringContaining('Bea Sørensen'), expect.stringContaining('Ada Lindqvist')]));
    const [bea, ada] = rows().map((row) => within(row).getAllByRole('cell'));
    expect(bea?.[0]).toHaveTextContent('Fjord Trading AS');
    expect(within(bea?.[0] ?? document.body).getByRole('link', { name: 'Bea Sørensen' })).toHaveAttribute('href', `/admin/bookings?bookingId=${paidId}`);
    expect(bea?.[2]).toHaveTextContent(`INV-${YEAR}-00002`);
    expect(bea?.[3]).toHaveTextContent('€39.66€33.33 + €6.33 tax');
    expect(bea?.[4]).toHaveTextContent('RF71 2345 6789 0');
    expect(bea?.[6]).toHaveTextContent(`Mar 12, ${YEAR}`);
    expect(bea?.[7]).toHaveTextContent('Paid');
    // Not paid yet: the shared empty-value marker, read out as "Not paid".
    expect(ada?.[6]).toHaveTextContent('–Not paid');
    expect(ada?.[7]).toHaveTextContent('Awaiting payment');
  });

  it('a shared link shows the filtered list with its filters filled in', async () => {
    await renderAt(`/admin/payments?status=paid&from=${MARCH_12}&to=${MARCH_12}`);
    await waitFor(() => expect(names()).toEqual([expect.stringContaining('Bea Sørensen')]));
    expect(screen.getByRole('combobox', { name: 'Filter by payment status' })).toHaveValue('Paid');
    // The days are written out by the date pickers.
    expect(screen.getByRole('button', { name: 'Invoiced from' })).toHaveTextContent(`12 Mar ${YEAR}`);
    expect(screen.getByRole('button', { name: 'Invoiced to' })).toHaveTextContent(`12 Mar ${YEAR}`);
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', `/api/exports/payments.csv?status=paid&from=${MARCH_12}&to=${MARCH_12}`);
  });

  it('changing a filter rewrites the URL; a reference typed with spaces finds its booking; Clear filters empties it', async () => {
    const router = await renderAt('/admin/payments');
    await waitFor(() => expect(rows()).toHaveLength(2));
    const interaction = userEvent.setup();
    await interaction.type(screen.getByRole('textbox', { name: 'Search payments' }), 'rf18 5390 0754 7034');
    await waitFor(() => expect(router.state.location.search).toEqual({ search: 'rf18 5390 0754 7034' }));
    await waitFor(() => expect(names()).toEqual([expect.stringContaining('Ada Lindqvist')]));
    await interaction.click(screen.getByRole('combobox', { name: 'Filter by payment status' }));
    await interaction.click(await screen.findByRole('option', { name: 'Paid' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ search: 'rf18 5390 0754 7034', status: 'paid' }));
    expect(await screen.findByText('No payments match these filters')).toBeInTheDocument();
    await interaction.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    expect(screen.getByRole('textbox', { name: 'Search payments' })).toHaveValue('');
    await waitFor(() => expect(rows()).toHaveLength(2));
  });

  it('keeps only well-formed filters from the URL', () => {
    expect(validatePaymentSearch({ search: ' nordlicht ', status: 'overdue', from: MARCH_12, to: MARCH_10, page: '2' })).toEqual({
      search: 'nordlicht',
      status: 'overdue',
      from: MARCH_10,
      to: MARCH_12,
      page: 2,
    });
    expect(validatePaymentSearch({ status: 'late', from: `${YEAR}-02-30`, to: 'tomorrow', page: -1, search: '' })).toEqual({});
  });
});
