// The frame of every back-office screen: title, optional subtitle, actions on the right.
import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export function AdminPage({
  title,
  subtitle,
  actions,
  children,
}: {
  title: string;
  subtitle?: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={1}>
            {title}
          </Title>
          {subtitle !== undefined && <Text c="dimmed">{subtitle}</Text>}
        </div>
        {actions !== undefined && <Group gap="sm">{actions}</Group>}
      </Group>
      {children}
    </Stack>
  );
}
