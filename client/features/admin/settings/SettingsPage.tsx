// Settings: side tabs, each with its own form and Save Changes.
// Everyone has Profile, Security and Notifications; System, Site, Billing, Email, Email Log, Users and Integrations are for
// admins only (the server refuses them to role user), so a role-user account does not see those tabs at all.
import '@client/zod-config'; // before any schema of this chunk is created
import { Alert, Button, Center, Loader, Stack, Tabs } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import { messageOf, trpc } from '@client/trpc';
import { AdminPage } from '@client/features/admin/kit/AdminPage';
import { BillingTab } from './BillingTab';
import { VouchersSection } from './VouchersSection';
import { EmailLogTab } from './EmailLogTab';
import { EmailTab } from './EmailTab';
import { IntegrationsTab } from './IntegrationsTab';
import { NotificationsTab } from './NotificationsTab';
import { ProfileTab } from './ProfileTab';
import { SecurityTab } from './SecurityTab';
import { SiteTab } from './SiteTab';
import { SsoTab } from './SsoTab';
import { SystemTab } from './SystemTab';
import { UsersTab } from './UsersTab';
import { ADMIN_SETTINGS_TABS, type SettingsTab } from './settings-tabs';

type TabValue = SettingsTab;

const settingsRoute = getRouteApi('/admin/settings');

/** The routed screen: the open tab lives in the URL (?tab=notifications), so links and reloads keep it. */
export function SettingsRoutePage() {
  const { tab } = settingsRoute.useSearch();
  const navigate = settingsRoute.useNavigate();
  return <SettingsPage tab={tab} onTabChange={(next) => void navigate({ search: { tab: next }, replace: true })} />;
}

/** Without `tab`, the screen keeps its tab itself (as when embedded outside the router). */
export function SettingsPage({ tab: givenTab, onTabChange }: { tab?: SettingsTab | undefined; onTabChange?: (tab: SettingsTab) => void } = {}) {
  const settings = trpc.settings.get.useQuery();
  // Mantine's `sm` breakpoint: below it the side tabs would squeeze the forms, so they go on top.
  const phone = useMediaQuery('(max-width: 48em)') === true;
  const [ownTab, setOwnTab] = useState<TabValue>(givenTab ?? 'profile');
  const wanted = givenTab ?? ownTab;
  // The form tabs mount the first time they are opened and then stay mounted, so an unsaved edit
  // survives a look at another tab, while opening Settings renders one form instead of six.
  const [opened, setOpened] = useState<ReadonlySet<TabValue>>(() => new Set([wanted]));
  if (!opened.has(wanted)) setOpened(new Set([...opened, wanted]));
  const setTab = (next: TabValue) => {
    setOwnTab(next);
    onTabChange?.(next);
  };

  let content;
  if (settings.isPending) {
    content = (
      <Center py="xl" role="status" aria-label="Loading settings">
        <Loader />
      </Center>
    );
  } else if (settings.isError) {
    content = (
      <Alert color="red" title="Settings could not be loaded">
        {messageOf(settings.error, 'Please try again.')}{' '}
        <Button variant="subtle" size="compact-sm" onClick={() => void settings.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  } else {
    const data = settings.data;
    // The e-mail group is only sent to admins; the role says the same, and the server refuses regardless.
    const isAdmin = data.profile.role === 'admin';
    // An admin-only tab in the URL of a role-user account opens Profile instead.
    const tab: TabValue = !isAdmin && ADMIN_SETTINGS_TABS.includes(wanted) ? 'profile' : wanted;
    const panelSpacing = phone ? { pt: 'md' } : { pl: 'lg' };
    const once = (value: TabValue) => opened.has(value) || tab === value;
    content = (
      <Tabs
        value={tab}
        onChange={(value) => setTab((value ?? 'profile') as TabValue)}
        orientation={phone ? 'horizontal' : 'vertical'}
        variant={phone ? 'default' : 'pills'}
      >
        <Tabs.List miw={phone ? undefined : 150}>
          <Tabs.Tab value="profile">Profile</Tabs.Tab>
          <Tabs.Tab value="security">Security</Tabs.Tab>
          <Tabs.Tab value="notifications">Notifications</Tabs.Tab>
          {isAdmin && <Tabs.Tab value="system">System</Tabs.Tab>}
          {isAdmin && <Tabs.Tab value="site">Site</Tabs.Tab>}
          {isAdmin && <Tabs.Tab value="billing">Billing</Tabs.Tab>}
          {isAdmin && <Tabs.Tab value="email">Email</Tabs.Tab>}
          {isAdmin && <Tabs.Tab value="emailLog">Email Log</Tabs.Tab>}
          {isAdmin && <Tabs.Tab value="sso">Single Sign-On</Tabs.Tab>}
          {isAdmin && <Tabs.Tab value="users">Users</Tabs.Tab>}
          {isAdmin && <Tabs.Tab value="integrations">Integrations</Tabs.Tab>}
        </Tabs.List>
        <Tabs.Panel value="profile" {...panelSpacing}>
          {/* Keyed by the stored profile: an edit of yourself in the Users tab refreshes this form. */}
          {once('profile') && <ProfileTab key={`${data.profile.name}|${data.profile.email}|${data.profile.avatarUrl ?? ''}`} profile={data.profile} />}
        </Tabs.Panel>
        <Tabs.Panel value="security" {...panelSpacing}>
          {once('security') && <SecurityTab security={data.security} />}
        </Tabs.Panel>
        <Tabs.Panel value="notifications" {...panelSpacing}>
          {once('notifications') && <NotificationsTab notifications={data.notifications} />}
        </Tabs.Panel>
        {isAdmin && (
          <Tabs.Panel value="system" {...panelSpacing}>
            {/* Both this tab and Site edit the Site Name and Description: a save in one refreshes the other. */}
            {once('system') && <SystemTab key={`${data.system.siteName}|${data.system.siteDescription ?? ''}`} system={data.system} backup={data.backup} />}
          </Tabs.Panel>
        )}
        {isAdmin && (
          <Tabs.Panel value="site" {...panelSpacing}>
            {once('site') && <SiteTab key={`${data.system.siteName}|${data.system.siteDescription ?? ''}`} identity={data.identity} />}
          </Tabs.Panel>
        )}
        {isAdmin && (
          <Tabs.Panel value="billing" {...panelSpacing} miw={0}>
            {/* Fetched once the tab is opened; the vouchers' table scrolls inside its frame (miw 0). */}
            {tab === 'billing' && (
              <Stack gap="xl">
                <BillingTab />
                <VouchersSection currency={data.system.currency} />
              </Stack>
            )}
          </Tabs.Panel>
        )}
        {isAdmin && data.email !== null && (
          <Tabs.Panel value="email" {...panelSpacing}>
            {once('email') && <EmailTab email={data.email} />}
          </Tabs.Panel>
        )}
        {isAdmin && (
          <Tabs.Panel value="emailLog" {...panelSpacing} miw={0}>
            {/* Fetched only once the tab is opened; the hint about missing SMTP settings leads to Email.
                miw 0: the wide log scrolls inside its table instead of widening the page. */}
            {tab === 'emailLog' && <EmailLogTab onOpenEmailSettings={() => setTab('email')} />}
          </Tabs.Panel>
        )}
        {isAdmin && (
          <Tabs.Panel value="sso" {...panelSpacing}>
            {/* Fetched once the tab is opened: the client secret is never part of it. */}
            {tab === 'sso' && <SsoTab />}
          </Tabs.Panel>
        )}
        {isAdmin && (
          <Tabs.Panel value="users" {...panelSpacing}>
            {/* The list is only fetched once the tab is opened. */}
            {tab === 'users' && <UsersTab />}
          </Tabs.Panel>
        )}
        {isAdmin && (
          <Tabs.Panel value="integrations" {...panelSpacing} miw={0}>
            {/* Fetched only once the tab is opened; miw 0: the table scrolls inside its frame. */}
            {tab === 'integrations' && <IntegrationsTab />}
          </Tabs.Panel>
        )}
      </Tabs>
    );
  }

  return (
    <AdminPage title="Settings" subtitle="Manage your admin account and system configuration">
      {content}
    </AdminPage>
  );
}
