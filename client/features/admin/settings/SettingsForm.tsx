// The frame of one Settings tab: a titled card holding a form that ends with its own Save Changes.
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';

export function SettingsForm({
  title,
  description,
  saving,
  onSubmit,
  actions,
  children,
}: {
  title: string;
  description?: string;
  saving: boolean;
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  /** Buttons shown beside Save Changes (e.g. Test Email Configuration). */
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Paper withBorder p="lg" radius="md">
      <form noValidate onSubmit={onSubmit}>
        <Stack gap="md">
          <div>
            <Title order={2} size="h3">
              {title}
            </Title>
            {description !== undefined && (
              <Text size="sm" c="dimmed">
                {description}
              </Text>
            )}
          </div>
          {children}
          <Group justify="flex-end" gap="sm">
            {actions}
            <Button type="submit" loading={saving}>
              Save Changes
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
