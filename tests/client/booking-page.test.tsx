// The booking page's site-wide states: Maintenance Mode and Allow Registrations off each replace the
// form with their notice.
import userEvent from '@testing-library/user-event';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { BookingPage } from '@client/features/booking/BookingPage';
import { DEFAULT_SYSTEM_SETTINGS, saveSystemSettings } from '@server/settings/settings.repository';
import { insertBookableSlot } from '@tests/support/fixtures';
import { renderRoute, testServerPerFile } from './render';

const server = testServerPerFile();
beforeEach(async () => {
  await insertBookableSlot(server.env.db);
});
beforeEach(() => saveSystemSettings(server.env.db, DEFAULT_SYSTEM_SETTINGS));

describe('BookingPage', () => {
  it('shows the form when bookings are open', async () => {
    await renderRoute(BookingPage, { baseUrl: server.baseUrl, path: '/booking' });
    // First the question: a consultation (its own page) or an event.
    expect(await screen.findByRole('link', { name: 'Book a consultation' })).toHaveAttribute('href', '/consultation');
    expect(screen.queryByRole('combobox', { name: 'Select Event' })).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Register for an event' }));
    expect(await screen.findByRole('combobox', { name: 'Select Event' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Book Your Session' })).toHaveFocus();
  });

  it('shows the maintenance notice instead of the form in Maintenance Mode', async () => {
    await saveSystemSettings(server.env.db, { ...DEFAULT_SYSTEM_SETTINGS, maintenanceMode: true });
    await renderRoute(BookingPage, { baseUrl: server.baseUrl, path: '/booking' });
    expect(await screen.findByText('The site is under maintenance. Please try again later.')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Select Event' })).not.toBeInTheDocument();
  });

  it('says bookings are closed instead of showing the form when registrations are off', async () => {
    await saveSystemSettings(server.env.db, { ...DEFAULT_SYSTEM_SETTINGS, allowRegistrations: false });
    await renderRoute(BookingPage, { baseUrl: server.baseUrl, path: '/booking' });
    expect(await screen.findByText('Bookings are currently closed.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirm Booking' })).not.toBeInTheDocument();
  });
});
