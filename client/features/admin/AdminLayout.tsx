// The guarded back office frame: AppShell with SPEC's sidebar, a burger on phones, Sign Out.
import '@mantine/notifications/styles.css';
import { AppShell, Burger, Button, Group, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';
import { Link, Outlet, useNavigate, useRouterState } from '@tanstack/react-router';
import { trpc } from '../../trpc';

export const ADMIN_NAV = [
  { to: '/admin/dashboard', label: 'Dashboard' },
  { to: '/admin/events', label: 'Events' },
  { to: '/admin/sessions', label: 'Sessions' },
  { to: '/admin/bookings', label: 'Bookings' },
  { to: '/admin/contacts', label: 'Contacts' },
  { to: '/admin/settings', label: 'Settings' },
] as const;

export function AdminLayout() {
  const [opened, { toggle, close }] = useDisclosure(false);
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const me = trpc.auth.me.useQuery();
  const settings = trpc.settings.public.useQuery();
  const signOut = trpc.auth.signOut.useMutation({
    onError: (error) => console.error('Sign out failed', error),
    onSettled: async () => {
      utils.auth.me.setData(undefined, null);
      await utils.invalidate();
      await navigate({ to: '/admin/login' });
    },
  });

  return (
    <AppShell header={{ height: 56 }} navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !opened } }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between">
          <Group gap="sm">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label={opened ? 'Close navigation' : 'Open navigation'} />
            <Text fw={700} component={Link} to="/admin/dashboard">
              {settings.data?.siteName ?? 'Back office'}
            </Text>
          </Group>
          <Text size="sm" c="dimmed" visibleFrom="sm">
            {me.data?.name} ({me.data?.role === 'admin' ? 'Administrator' : 'User'})
          </Text>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm" aria-label="Back office">
        <AppShell.Section grow component={ScrollArea}>
          <Stack gap={4}>
            {ADMIN_NAV.map((item) => (
              <NavLink
                key={item.to}
                component={Link}
                to={item.to}
                label={item.label}
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
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main>
        {/* Toasts belong to the back office only, so the public pages never load them. SPEC: 3000 ms. */}
        <Notifications position="top-right" autoClose={3000} />
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
