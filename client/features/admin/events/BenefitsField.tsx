// The event's benefits (the home page's WHY ATTEND list) as an editable list: add, edit, remove.
import { ActionIcon, Button, Fieldset, Group, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useState } from 'react';
import { MAX_BENEFITS } from '@server/events/events.schemas';
import type { EventFormValues } from './event-form';
import { CloseIcon, PlusIcon } from '@client/features/admin/kit/icons';

export function BenefitsField({ form }: { form: UseFormReturnType<EventFormValues> }) {
  const benefits = form.getValues().benefits;
  // The item just added takes the focus, so a keyboard user can type straight away.
  const [added, setAdded] = useState<number | null>(null);
  const listError = form.errors.benefits;

  return (
    <Fieldset legend="Benefits" variant="unstyled">
      <Stack gap="xs">
        <Text size="xs" c="dimmed">
          Shown as WHY ATTEND on the home page. Without any, four default points are shown.
        </Text>
        {benefits.map((_, index) => (
          // Index keys are safe here: every input is controlled by the form's value at that index.
          <Group key={index} gap="xs" wrap="nowrap" align="flex-start">
            <TextInput
              aria-label={`Benefit ${index + 1}`}
              placeholder="e.g. Meet 30+ businesses in 60 minutes"
              flex={1}
              autoFocus={index === added}
              {...form.getInputProps(`benefits.${index}`)}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              aria-label={`Remove benefit ${index + 1}`}
              onClick={() => {
                setAdded(null);
                form.removeListItem('benefits', index);
              }}
            >
              <CloseIcon />
            </ActionIcon>
          </Group>
        ))}
        {typeof listError === 'string' && (
          <Text size="xs" c="red">
            {listError}
          </Text>
        )}
        <Group>
          <Button
            variant="light"
            size="xs"
            leftSection={<PlusIcon size={14} />}
            disabled={benefits.length >= MAX_BENEFITS}
            onClick={() => {
              setAdded(benefits.length);
              form.insertListItem('benefits', '');
            }}
          >
            Add Benefit
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  );
}
