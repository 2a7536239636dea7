// Toasts: they close themselves after 3000 ms, or earlier on their close button.
import { notifications } from '@mantine/notifications';
import { messageOf } from '@client/trpc';

export const TOAST_MS = 3000;

// Mantine's close button is an icon with no name of its own: screen readers (and axe) need one.
const CLOSE_BUTTON = { 'aria-label': 'Close notification' };

export function notifySuccess(message: string): void {
  notifications.show({ color: 'teal', message, autoClose: TOAST_MS, withCloseButton: true, closeButtonProps: CLOSE_BUTTON });
}

export function notifyError(message: string): void {
  notifications.show({ color: 'red', message, autoClose: TOAST_MS, withCloseButton: true, closeButtonProps: CLOSE_BUTTON });
}

/** "{action failed}: {server's reason}", e.g. 'Failed to save delegate: Email is required'. */
export function failureText(prefix: string, error: unknown): string {
  return `${prefix}: ${messageOf(error, 'please try again')}`;
}

/** Deletes of sessions, bookings and contacts ask for the browser's confirmation (events and delegates have their own dialogs). */
export function confirmDelete(what: 'session' | 'booking' | 'contact'): boolean {
  return window.confirm(`Are you sure you want to delete this ${what}?`);
}
