// What the site says while one of its switches stops public submissions. The server's refusal and
// the notices on the public pages use the same words, so they are defined once, here, for both.
export const MAINTENANCE_MESSAGE = 'The site is under maintenance. Please try again later.';
export const BOOKINGS_CLOSED_MESSAGE = 'Bookings are currently closed.';
