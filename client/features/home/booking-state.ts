// Whether the public pages may offer booking: the site's Maintenance Mode and Allow Registrations
// settings decide. While bookings cannot be made, no page shows a button or a promise that would fail.
export type BookingState = 'open' | 'closed' | 'maintenance';

export function bookingStateOf(settings: { maintenanceMode: boolean; allowRegistrations: boolean } | undefined): BookingState {
  if (settings?.maintenanceMode === true) return 'maintenance';
  if (settings?.allowRegistrations === false) return 'closed';
  return 'open';
}
