// The Settings tabs and their names in the URL (/admin/settings?tab=notifications), so e-mails can
// link straight to a tab (staff messages end with a link to Notifications) and a reload keeps it.
export const SETTINGS_TABS = ['profile', 'security', 'notifications', 'system', 'site', 'billing', 'email', 'emailLog', 'sso', 'users', 'integrations'] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];

/** Tabs only admins have; a role-user account asking for one sees Profile. */
export const ADMIN_SETTINGS_TABS: readonly SettingsTab[] = ['system', 'site', 'billing', 'email', 'emailLog', 'sso', 'users', 'integrations'];

/** The tab named by a search value; anything else is none (the page opens on Profile). */
export function parseSettingsTab(value: unknown): SettingsTab | undefined {
  return SETTINGS_TABS.find((tab) => tab === value);
}

/** The route's search: only a known tab is kept. */
export function validateSettingsSearch(search: Record<string, unknown>): { tab?: SettingsTab } {
  const tab = parseSettingsTab(search.tab);
  return tab === undefined ? {} : { tab };
}
