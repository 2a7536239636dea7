// Where staff turn their e-mails off: every staff message (new booking or contact, weekly report,
// system alerts) ends with this link to the Notifications tab of the back office's Settings.
export function notificationSettingsUrl(publicOrigin: string): string {
  return `${publicOrigin}/admin/settings?tab=notifications`;
}

export const NOTIFICATION_SETTINGS_LABEL = 'Change your notification settings';

/** The closing link of every staff message. */
export function notificationSettingsLink(publicOrigin: string): { label: string; url: string } {
  return { label: NOTIFICATION_SETTINGS_LABEL, url: notificationSettingsUrl(publicOrigin) };
}
