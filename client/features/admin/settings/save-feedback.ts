// How every Settings tab reports a save: a toast, and the server's field messages under their fields.
import { fieldErrorsOf } from '@client/trpc';
import { failureText, notifyError, notifySuccess } from '@client/features/admin/kit/notify';

export type SettingsTab = 'profile' | 'security' | 'notifications' | 'system' | 'site' | 'email' | 'sso' | 'billing' | 'embed';

const TAB_LABELS: Record<SettingsTab, string> = {
  profile: 'Profile',
  security: 'Security',
  notifications: 'Notification',
  system: 'System',
  site: 'Site',
  email: 'Email',
  sso: 'Single sign-on',
  billing: 'Billing',
  embed: 'Partner sites',
};

export function notifySaved(tab: SettingsTab): void {
  notifySuccess(`${TAB_LABELS[tab]} settings saved`);
}

/** A failed save says 'Failed to save {tab} settings', followed by the server's reason. */
export function notifySaveFailed(tab: SettingsTab, error: unknown, setErrors?: (errors: Record<string, string>) => void): void {
  setErrors?.(fieldErrorsOf(error));
  notifyError(failureText(`Failed to save ${tab} settings`, error));
}
