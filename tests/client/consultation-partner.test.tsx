// The Consultations list names the partner site a consultation was booked in (the booking widget on
// a partner's page) and filters by it once one exists. Real API server; the consultations are booked
// through the public procedure as a widget page would.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { ConsultationList } from '@client/features/admin/consultations/ConsultationList';
import { callerFor, createAccount, type TestAccount } from '@tests/support/helpers';
import { renderWithProviders, testServerPerFile } from './render';

const server = testServerPerFile();
let admin: TestAccount;

function dayAhead(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

function visitorNames(): string[] {
  return within(screen.getByRole('table', { name: 'Consultations' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[3]?.textContent ?? '');
}

beforeEach(async () => {
  admin = await createAccount(server.env.db, 'admin', { name: 'Ama Consultant' });
  const asAdmin = callerFor(server.env.deps, admin);
  await asAdmin.consultations.availability.set({ timeZone: 'UTC', weekly: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, startMinute: 540, endMinute: 1020 })), overrides: [] });
  await asAdmin.settings.updateEmbed({ allowedOrigins: ['https://chamber.example'] });
  const type = await asAdmin.consultations.types.create({
    title: 'Discovery call',
    description: 'A first talk about your market.',
    durationMinutes: 60,
    locationKind: 'video',
    locationDetail: 'https://meet.example.com/firm',
    isActive: true,
    allowPickConsultant: false,
    staffIds: [admin.user.id],
  });
  const visitor = callerFor(server.env.deps, null);
  const date = dayAhead(5);
  await visitor.consultations.book({ typeId: type.id, startsAt: `${date}T09:00:00.000Z`, timeZone: 'UTC', visitorName: 'Framed Visitor', visitorEmail: 'framed@example.com', partner: 'https://chamber.example' });
  await visitor.consultations.book({ typeId: type.id, startsAt: `${date}T11:00:00.000Z`, timeZone: 'UTC', visitorName: 'Direct Visitor', visitorEmail: 'direct@example.com' });
});

describe('the Consultations list and partner sites', () => {
  it('says which partner a consultation came through and filters by partner', async () => {
    const person = userEvent.setup();
    renderWithProviders(<ConsultationList />, { baseUrl: server.baseUrl, sessionToken: admin.token });
    await waitFor(() => expect(visitorNames()).toEqual(['Framed Visitorframed@example.comvia chamber.example', 'Direct Visitordirect@example.com']));

    await person.click(await screen.findByRole('combobox', { name: 'Partner' }));
    await person.click(await screen.findByRole('option', { name: 'chamber.example' }));
    await waitFor(() => expect(visitorNames()).toEqual(['Framed Visitorframed@example.comvia chamber.example']));
  });
});
