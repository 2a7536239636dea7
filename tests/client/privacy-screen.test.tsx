// The Privacy screen against a real API server: find a person's records grouped by kind, export
// them as one JSON file, erase them after a confirmation naming what goes; the retention periods
// and the privacy page's texts refused on bad input before anything is sent, then saved; a role
// user is told the screen is for administrators.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PrivacyPage } from '@client/features/admin/privacy/PrivacyPage';
import { newId } from '@server/core/ids';
import { getPrivacySettings } from '@server/privacy/privacy-settings.repository';
import { insertBookingRow, insertBookableSlot } from '@tests/support/fixtures';
import { createAccount, type TestAccount } from '@tests/support/helpers';
import { renderWithProviders, testServerPerFile } from './render';

const EMAIL = 'ama.person@example.com';

const server = testServerPerFile();
let admin: TestAccount;
let bookingId: string;

beforeEach(async () => {
  admin = await createAccount(server.env.db, 'admin', { name: 'Ada Admin', email: 'ada@example.com' });
  const { event, slot } = await insertBookableSlot(server.env.db);
  bookingId = (await insertBookingRow(server.env.db, slot, event.id, { email: EMAIL, name: 'Ama Person', status: 'confirmed' })).id;
  await server.env.db.insertInto('contactForms').values({ id: newId(), name: 'Ama Person', email: EMAIL, company: null, message: 'Please call me.', notes: null }).execute();
});
afterEach(async () => {
  vi.restoreAllMocks();
});

function textOf(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(new Error('unreadable file'));
    reader.readAsText(blob);
  });
}

function watchCalls(procedure: string): () => number {
  const spy = vi.spyOn(globalThis, 'fetch');
  return () => spy.mock.calls.filter(([url]) => String(url instanceof Request ? url.url : url).includes(procedure)).length;
}

describe('PrivacyPage', () => {
  it('finds, exports and erases every record of an address', async () => {
    renderWithProviders(<PrivacyPage />, { baseUrl: server.baseUrl, sessionToken: admin.token });
    const user = userEvent.setup();
    const finder = within(await screen.findByRole('region', { name: 'Find a person' }));
    await user.type(finder.getByRole('textbox', { name: 'E-mail address' }), 'not an address');
    await user.click(finder.getByRole('button', { name: 'Find' }));
    expect(await finder.findByText('Please enter a valid email address')).toBeInTheDocument();

    await user.clear(finder.getByRole('textbox', { name: 'E-mail address' }));
    await user.type(finder.getByRole('textbox', { name: 'E-mail address' }), EMAIL.toUpperCase());
    await user.click(finder.getByRole('button', { name: 'Find' }));
    expect(await finder.findByText(`Records of ${EMAIL}: 1 booking and 1 contact message`)).toBeInTheDocument();
    const bookings = finder.getByRole('region', { name: 'Bookings' });
    expect(within(bookings).getByRole('heading', { name: 'Bookings (1)' })).toBeInTheDocument();
    expect(within(bookings).getByText(/^Ama Person, confirmed, booked .+/)).toBeInTheDocument();
    expect(within(finder.getByRole('region', { name: 'Contact messages' })).getByText(/^Ama Person, new, sent .+/)).toBeInTheDocument();
    expect(within(finder.getByRole('region', { name: 'Consultations' })).getByText('None.')).toBeInTheDocument();

    // Export: one JSON file with every record.
    // jsdom has no object URLs and does not download: the file is caught on its way to the link.
    const files: Blob[] = [];
    const { createObjectURL, revokeObjectURL } = URL;
    URL.createObjectURL = (blob: Blob) => {
      files.push(blob);
      return 'blob:export';
    };
    URL.revokeObjectURL = () => undefined;
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    try {
      await user.click(finder.getByRole('button', { name: 'Export as JSON' }));
    } finally {
      URL.createObjectURL = createObjectURL;
      URL.revokeObjectURL = revokeObjectURL;
    }
    expect(clicked).toHaveBeenCalledTimes(1);
    expect((clicked.mock.contexts[0] as HTMLAnchorElement).download).toBe(`person-${EMAIL}.json`);
    expect(files).toHaveLength(1);
    const exported = JSON.parse(await textOf(files[0] as Blob)) as { email: string; records: Record<string, { id?: string }[]> };
    expect(exported.email).toBe(EMAIL);
    expect(exported.records.bookings?.[0]?.id).toBe(bookingId);
    expect(exported.records.contactMessages).toHaveLength(1);

    // Erase: the dialog names what goes; the result says how many.
    await user.click(finder.getByRole('button', { name: 'Erase' }));
    const dialog = await screen.findByRole('dialog', { name: "Erase this person's records?" });
    expect(within(dialog).getByText(`Erase every record of ${EMAIL}: 1 booking, 1 contact message?`)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Erase' }));
    expect(await finder.findByText(`Erased 1 booking and 1 contact message of ${EMAIL}.`)).toBeInTheDocument();
    expect(await finder.findByText(`Nothing is stored about ${EMAIL}.`)).toBeInTheDocument();
    const row = await server.env.db.selectFrom('bookings').select(['participantName', 'status']).where('id', '=', bookingId).executeTakeFirstOrThrow();
    expect(row).toEqual({ participantName: '[erased]', status: 'confirmed' });
  });

  it('refuses bad retention periods before sending, then saves the periods and texts', async () => {
    renderWithProviders(<PrivacyPage />, { baseUrl: server.baseUrl, sessionToken: admin.token });
    const user = userEvent.setup();
    const months = await screen.findByRole('textbox', { name: 'Anonymise bookings after (months)' });
    expect(screen.getByText('The French page (/fr/privacy) shows the English text until you write one.')).toBeInTheDocument();
    const saves = watchCalls('privacy.updateSettings');

    await user.type(months, '0');
    await user.type(screen.getByRole('textbox', { name: 'Delete contact messages after (months)' }), '121');
    const visitTotals = screen.getByRole('textbox', { name: 'Keep daily visit totals for (months)' });
    expect(visitTotals).toHaveValue('24');
    await user.clear(visitTotals);
    await user.clear(screen.getByRole('textbox', { name: 'English text' }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Anonymise bookings after must be between 1 and 120 months')).toBeInTheDocument();
    expect(screen.getByText('Keep daily visit totals for must be between 1 and 120 months')).toBeInTheDocument();
    expect(screen.getByText('Delete contact messages after must be between 1 and 120 months')).toBeInTheDocument();
    expect(screen.getByText('The English privacy text is required')).toBeInTheDocument();
    // The tab of the language in error says so, the French one what is left to write.
    expect(screen.getByRole('tab', { name: 'English (has errors)' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'French (texts missing)' })).toHaveAttribute('aria-selected', 'false');
    expect(saves()).toBe(0);

    await user.clear(months);
    await user.type(months, '24');
    await user.clear(screen.getByRole('textbox', { name: 'Delete contact messages after (months)' }));
    await user.type(visitTotals, '12');
    await user.type(screen.getByRole('textbox', { name: 'English text' }), 'We keep little.');
    // English and French are tabs: the French text is behind its tab (hidden, so out of the accessibility tree), not under the English one.
    expect(screen.queryByRole('textbox', { name: 'French text' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'French (texts missing)' }));
    expect(screen.queryByRole('textbox', { name: 'English text' })).not.toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'French text' }), 'Nous gardons peu.');
    expect(screen.getByRole('tab', { name: 'French' })).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Privacy settings saved')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('The French page (/fr/privacy) shows the English text until you write one.')).not.toBeInTheDocument());
    expect(await getPrivacySettings(server.env.db)).toEqual({ policyEn: 'We keep little.', policyFr: 'Nous gardons peu.', bookingRetentionMonths: 24, contactRetentionMonths: null, analyticsRetentionMonths: 12 });
  });

  it('tells a role user the screen is for administrators', async () => {
    const member = await createAccount(server.env.db, 'user', { name: 'Uma User', email: 'uma@example.com' });
    renderWithProviders(<PrivacyPage />, { baseUrl: server.baseUrl, sessionToken: member.token });
    expect(await screen.findByText("Only administrators can find, export or erase a person's records and change the privacy settings.")).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'E-mail address' })).not.toBeInTheDocument();
  });
});
