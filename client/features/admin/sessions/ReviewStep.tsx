// Wizard step 4: everything that the one save will store, to check before saving.
import { Badge, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatMoney } from '@server/shared/money';
import { durationMinutes, sessionFieldsOf, type Delegate, type DelegateFormValues, type DetailsValues, type DraftSlot } from './wizard-model';
import { useDates } from '@client/use-dates';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text>{children}</Text>
    </div>
  );
}

function orDefault(value: string, fallback: string): string {
  return value.trim() === '' ? fallback : value.trim();
}

export function ReviewStep({
  details,
  eventTitle,
  delegates,
  eventDelegates,
  newDelegate,
  slots,
  timeZone,
}: {
  details: DetailsValues;
  eventTitle: string;
  /** The session's own stored delegates (editing); empty for a new session. */
  delegates: Delegate[];
  /** The event's delegates, as listed on the delegate step (they may belong to other sessions). */
  eventDelegates: Delegate[];
  /** The delegate typed on the delegate step, saved with the session; null when none. */
  newDelegate: DelegateFormValues | null;
  slots: DraftSlot[];
  timeZone: string;
}) {
  const dates = useDates();
  const { maxParticipants, price } = sessionFieldsOf(details);
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Field label="Event">{eventTitle}</Field>
        <Field label="Title">{details.title.trim()}</Field>
        <Field label="Location">{orDefault(details.location, 'TBD')}</Field>
        <Field label="Facilitator">{orDefault(details.facilitator, 'Not assigned')}</Field>
        <Field label="Price per seat">{price === null ? 'Free' : `${formatMoney(price.amountMinor, price.currency, 'en')}, tax ${price.taxRatePercent}%`}</Field>
        <Field label="Capacity">{maxParticipants === null ? 'Unlimited' : `${maxParticipants} participants`}</Field>
        <Field label="Status">
          <Badge color={details.isActive ? 'teal' : 'gray'} variant="light" component="span">
            {details.isActive ? 'Active' : 'Inactive'}
          </Badge>
        </Field>
      </SimpleGrid>
      <Field label="Description">{orDefault(details.description, '—')}</Field>

      <div>
        <Title order={3}>
          Delegates
        </Title>
        {delegates.length === 0 && newDelegate === null ? (
          <Text size="sm" c="dimmed">
            {eventDelegates.length === 0
              ? 'No delegates'
              : `None of its own; the event's delegates: ${eventDelegates.map((delegate) => delegate.name).join(', ')}`}
          </Text>
        ) : (
          <List size="sm">
            {delegates.map((delegate) => (
              <List.Item key={delegate.id}>
                {delegate.name} ({delegate.email}){delegate.organization === null ? '' : `, ${delegate.organization}`}
              </List.Item>
            ))}
            {newDelegate !== null && (
              <List.Item>
                {newDelegate.name.trim()} ({newDelegate.email.trim()})
                {newDelegate.organization.trim() === '' ? '' : `, ${newDelegate.organization.trim()}`} (new)
              </List.Item>
            )}
          </List>
        )}
      </div>

      <div>
        <Title order={3}>
          Time Slots
        </Title>
        <List size="sm">
          {slots.map((slot) => (
            <List.Item key={slot.key}>
              {dates.range(slot.startTime, slot.endTime, timeZone)} ({durationMinutes(slot.startTime, slot.endTime)} minutes)
            </List.Item>
          ))}
        </List>
      </div>
    </Stack>
  );
}
