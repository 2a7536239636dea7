// Every back-office form shown as a page (each Settings tab, the home page editor) has one shape:
// titled sections, the form's own error (see FormError), then one Save Changes at the bottom right,
// spinning while it saves. Its success and failure toasts come from kit/notify.
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { FormError, type FormFailure } from './FormError';

export function PageForm({
  onSubmit,
  saving,
  error,
  actions,
  children,
}: {
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  saving: boolean;
  error?: FormFailure;
  /** Buttons shown before Save Changes (e.g. Test Email Configuration). */
  actions?: ReactNode;
  /** The sections (FormSection). */
  children: ReactNode;
}) {
  return (
    <form noValidate onSubmit={onSubmit}>
      <Stack gap="lg">
        {children}
        <FormError error={error} />
        <Group justify="flex-end" gap="sm">
          {actions}
          <Button type="submit" loading={saving}>
            Save Changes
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A titled card of a page form; `actions` sit beside the title (e.g. Add Slide). */
export function FormSection({
  title,
  description,
  actions,
  error,
  children,
}: {
  title: string;
  description?: string;
  actions?: ReactNode;
  /** A message about the section as a whole (e.g. 'At most 6 services'). */
  error?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-label={title}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <div>
            <Title order={2}>
              {title}
            </Title>
            {description !== undefined && (
              <Text size="sm" c="dimmed">
                {description}
              </Text>
            )}
          </div>
          {actions}
        </Group>
        {error !== undefined && error !== null && (
          <Text c="red" size="sm" role="alert">
            {error}
          </Text>
        )}
        {children}
      </Stack>
    </Paper>
  );
}
