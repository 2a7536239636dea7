// The guarded back office frame: AppShell with the sidebar of screens, a burger on phones, Sign Out.
import '@client/zod-config'; // before any schema of this chunk is created
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
// The date pickers of the lists' filters: the back office's chunk only, never a public page.
import '@mantine/dates/styles.css';
import './kit/date-pickers.css';
import { AppShell, Avatar, Burger, Button, Group, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';
import {
  IconCalendar,
  IconCash,
  IconCalendarEvent,
  IconChartLine,
  IconHistory,
  IconHome,
  IconLayoutDashboard,
  IconMail,
  IconMessages,
  IconPresentation,
  IconQrcode,
  IconSettings,
  IconShieldLock,
  IconTicket,
  IconUsers,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, Outlet, useNavigate, useRouterState } from '@tanstack/react-router';
import type { MouseEvent } from 'react';
import { ROLE_LABELS } from '@server/identity/auth.schemas';
import { trpc } from '@client/trpc';
import layoutClasses from '@client/features/layout/public-layout.module.css';

/** The sidebar's screens, each with its Tabler icon (the set Mantine's own examples use). */
export const ADMIN_NAV = [
  { to: '/admin/dashboard', label: 'Dashboard', icon: IconLayoutDashboard },
  { to: '/admin/events', label: 'Events', icon: IconCalendarEvent },
  { to: '/admin/sessions', label: 'Sessions', icon: IconPresentation },
  { to: '/admin/delegates', label: 'Delegates', icon: IconUsers },
  { to: '/admin/bookings', label: 'Bookings', icon: IconTicket },
  { to: '/admin/payments', label: 'Payments', icon: IconCash },
  { to: '/admin/calendar', label: 'Calendar', icon: IconCalendar },
  // A page of its own (a full load): only its document may use the camera (server/http/security-headers.ts).
  { to: '/admin/check-in', label: 'Check-in', icon: IconQrcode, ownPage: true },
  { to: '/admin/contacts', label: 'Contacts', icon: IconMail },
  { to: '/admin/consultations', label: 'Consultations', icon: IconMessages },
  { to: '/admin/analytics', label: 'Analytics', icon: IconChartLine },
  { to: '/admin/settings', label: 'Settings', icon: IconSettings },
] as const;

/** Screens only admins may open (the server refuses their data and changes to anyone else). */
export const ADMIN_ONLY_NAV = [
  { to: '/admin/home-page', label: 'Home Page', icon: IconHome },
  { to: '/admin/audit', label: 'Audit Log', icon: IconHistory },
  { to: '/admin/privacy', label: 'Privacy', icon: IconShieldLock },
] as const;

/**
 * Keyboard users skip the header and the navigation (up to ten links) to the screen itself; focus
 * moves to it without touching the URL (the router owns the hash).
 */
function skipToAdminMain(event: MouseEvent<HTMLAnchorElement>) {
  const main = document.getElementById('admin-main');
  if (main === null) return;
  event.preventDefault();
  main.focus();
}

export function AdminLayout() {
  const [opened, { toggle, close }] = useDisclosure(false);
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const queryClient = useQueryClient();
  const me = trpc.auth.me.useQuery();
  const settings = trpc.settings.public.useQuery();
  const signOut = trpc.auth.signOut.useMutation({
    // A sign-out failure is only logged; the person still leaves the back office (the session ends
    // on the server by itself at its timeout).
    onError: (error) => console.error('Sign out failed', error),
    onSettled: async () => {
      utils.auth.me.setData(undefined, null);
      await navigate({ to: '/admin/login' });
      // Leave nothing of this account in the cache for whoever signs in next in this tab. Done after
      // leaving, so the screen being left does not refetch (and fail) its queries first.
      queryClient.removeQueries();
      utils.auth.me.setData(undefined, null);
    },
  });

  return (
    <AppShell header={{ height: 56 }} navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !opened } }} padding="md">
      <AppShell.Header>
        {/* First in the tab order; the fixed header positions it. */}
        <a href="#admin-main" className={layoutClasses.skipLink} onClick={skipToAdminMain}>
          Skip to main content
        </a>
        <Group h="100%" px="md" justify="space-between">
          <Group gap="sm">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label={opened ? 'Close navigation' : 'Open navigation'} />
            <Text fw={700} c="navy.8" td="none" component={Link} to="/admin/dashboard">
              {settings.data?.siteName ?? 'Back office'}
            </Text>
          </Group>
          {me.data !== undefined && me.data !== null && (
            <Group gap="xs" wrap="nowrap" visibleFrom="sm">
              <Avatar src={me.data.avatarUrl} name={me.data.name} color="navy" size="sm" radius="xl" alt="" />
              <Text size="sm" c="dimmed">
                {me.data.name} ({ROLE_LABELS[me.data.role]})
              </Text>
            </Group>
          )}
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm" aria-label="Back office">
        <AppShell.Section grow component={ScrollArea}>
          <Stack gap={4}>
            {[...ADMIN_NAV, ...(me.data?.role === 'admin' ? ADMIN_ONLY_NAV : [])].map((item) => (
              <NavLink
                key={item.to}
                component={Link}
                to={item.to}
                reloadDocument={'ownPage' in item && item.ownPage}
                label={item.label}
                leftSection={<item.icon size={18} stroke={1.6} aria-hidden="true" />}
                active={pathname.startsWith(item.to)}
                onClick={close}
              />
            ))}
          </Stack>
        </AppShell.Section>
        <AppShell.Section>
          <Button variant="light" color="red" fullWidth onClick={() => signOut.mutate()} loading={signOut.isPending}>
            Sign Out
          </Button>
          <Text size="xs" c="dimmed" ta="center" mt="xs">
            Version {__APP_VERSION__}
          </Text>
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main id="admin-main" tabIndex={-1}>
        {/* Toasts belong to the back office only, so the public pages never load them. They close after 3000 ms. */}
        <Notifications position="top-right" autoClose={3000} />
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
