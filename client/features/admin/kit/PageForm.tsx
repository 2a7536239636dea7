// Every back-office form shown as a page (each Settings tab, the home page editor) has one shape:
// titled sections, the form's own error (see FormError), then a bar with Save Changes that stays at
// the bottom of the window while the form is longer than it (a long form never hides its Save),
// spinning while it saves. A form that tracks its changes says in the bar whether there are unsaved
// ones and offers to discard them. Its success and failure toasts come from kit/notify.
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { FormError, type FormFailure } from './FormError';

export function PageForm({
  onSubmit,
  saving,
  error,
  actions,
  dirty,
  onDiscard,
  children,
}: {
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  saving: boolean;
  error?: FormFailure;
  /** Buttons shown before Save Changes (e.g. Test Email Configuration). */
  actions?: ReactNode;
  /** Whether the form differs from what is saved; given, the bar says so. */
  dirty?: boolean;
  /** Puts the saved values back; given, the bar offers Discard while the form is dirty. */
  onDiscard?: () => void;
  /** The sections (FormSection). */
  children: ReactNode;
}) {
  return (
    <form noValidate onSubmit={onSubmit}>
      <Stack gap="lg">
        {children}
        <FormError error={error} />
        <Paper
          withBorder
          shadow="sm"
          p="sm"
          radius="md"
          role="region"
          aria-label="Save"
          style={{ position: 'sticky', bottom: 'var(--mantine-spacing-sm)', zIndex: 3 }}
        >
          <Group justify="flex-end" gap="sm">
            {dirty !== undefined && (
              <Text size="sm" c={dirty ? 'orange.9' : 'dimmed'} fw={dirty ? 600 : undefined} mr="auto" role="status">
                {dirty ? 'Unsaved changes' : 'All changes saved'}
              </Text>
            )}
            {actions}
            {onDiscard !== undefined && (
              <Button variant="default" onClick={onDiscard} disabled={dirty !== true || saving}>
                Discard
              </Button>
            )}
            <Button type="submit" loading={saving}>
              Save Changes
            </Button>
          </Group>
        </Paper>
      </Stack>
    </form>
  );
}

/** A titled card of a page form; `actions` sit beside the title (e.g. Add Slide). */
export function FormSection({
  id,
  title,
  description,
  actions,
  error,
  children,
}: {
  /** The section's anchor, for a page's section navigation (SectionNav). */
  id?: string;
  title: string;
  description?: string;
  actions?: ReactNode;
  /** A message about the section as a whole (e.g. 'At most 6 services'). */
  error?: ReactNode;
  children: ReactNode;
}) {
  return (
    // The scroll margin keeps the title below the back office's header when the navigation jumps here.
    <Paper withBorder p="lg" radius="md" component="section" aria-label={title} id={id} style={{ scrollMarginTop: 72 }}>
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
