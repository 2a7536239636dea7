// 'Add Booking' / 'Edit Booking'. The slot is chosen event -> session -> slot from searchable pickers,
// never typed as an id (the server derives the event and session from the slot itself).
import { Divider, Group, Loader, Select, SimpleGrid, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { z } from 'zod';
import { adminCreateBookingInput } from '@server/bookings/bookings.schemas';
import { fieldErrorsOf, messageOf, type RouterInputs, type RouterOutputs, trpc } from '@client/trpc';
import { FormModal, ModalForm } from '@client/features/admin/kit/FormModal';
import { SiteDateTimePicker } from '@client/features/admin/kit/SiteDateTimePicker';
import { fromSiteWallClock, toSiteWallClock } from '@client/features/admin/kit/site-wall-clock';
import { failureText, notifyError, notifySuccess } from '@client/features/admin/kit/notify';
import { useSiteTimezone } from '@client/features/admin/kit/use-site-timezone';
import { BOOKING_STATUS_OPTIONS, type BookingStatus } from './booking-status';
import { type SlotChoice, SlotChooser } from './SlotChooser';

export type BookingItem = RouterOutputs['bookings']['list']['items'][number];

/** The modal's fields: the shared schema's messages, with the booking date as the site's wall clock. */
const bookingFormSchema = adminCreateBookingInput.omit({ bookingDate: true }).extend({ bookingDate: z.string() });

interface BookingFormModalProps {
  opened: boolean;
  /** null: a new booking. */
  booking: BookingItem | null;
  onClose: () => void;
}

export function BookingFormModal({ opened, booking, onClose }: BookingFormModalProps) {
  return (
    <FormModal opened={opened} onClose={onClose} title={booking === null ? 'Add Booking' : 'Edit Booking'}>
      <BookingFormOnceZoneKnown booking={booking} onDone={onClose} />
    </FormModal>
  );
}

/**
 * The booking date is entered in the site's zone, so the form starts only once that zone is known:
 * prefilled in a fallback zone, an edited date would be read back hours off.
 */
function BookingFormOnceZoneKnown({ booking, onDone }: { booking: BookingItem | null; onDone: () => void }) {
  const settings = trpc.settings.public.useQuery(undefined, { staleTime: 5 * 60_000 });
  if (settings.isPending) {
    return (
      <Group justify="center" p="xl">
        <Loader size="sm" aria-label="Loading" />
      </Group>
    );
  }
  return <BookingForm booking={booking} onDone={onDone} />;
}

function BookingForm({ booking, onDone }: { booking: BookingItem | null; onDone: () => void }) {
  const { timeZone } = useSiteTimezone();
  const utils = trpc.useUtils();
  const onSettled = async () => {
    // Seats left change with bookings, so the session detail (slot choices) is stale too.
    await Promise.all([utils.bookings.invalidate(), utils.sessions.get.invalidate(), utils.dashboard.invalidate()]);
  };
  const create = trpc.bookings.adminCreate.useMutation({ onSettled });
  const update = trpc.bookings.update.useMutation({ onSettled });
  const [failure, setFailure] = useState<string | null>(null);
  const [choice, setChoice] = useState<SlotChoice>({
    eventId: booking?.eventId ?? '',
    sessionId: booking?.sessionId ?? '',
    timeSlotId: booking?.timeSlotId ?? '',
  });

  const form = useForm<{
    timeSlotId: string;
    status: BookingStatus | null;
    bookingDate: string;
    participantName: string;
    participantEmail: string;
    participantPhone: string;
  }>({
    initialValues: {
      timeSlotId: booking?.timeSlotId ?? '',
      status: booking?.status ?? 'pending',
      bookingDate: booking === null ? '' : toSiteWallClock(booking.bookingDate, timeZone),
      participantName: booking?.participantName ?? '',
      participantEmail: booking?.participantEmail ?? '',
      participantPhone: booking?.participantPhone ?? '',
    },
    validate: schemaResolver(bookingFormSchema, { sync: true }),
  });

  const chooseSlot = (next: SlotChoice) => {
    setChoice(next);
    form.setFieldValue('timeSlotId', next.timeSlotId);
  };

  const onError = (error: unknown) => {
    const fields = fieldErrorsOf(error);
    const message = messageOf(error, 'Please try again.');
    // 'This time slot is full.' and 'Time slot not found.' carry no field, but belong under Time Slot.
    if (Object.keys(fields).length === 0 && /time slot/i.test(message)) fields.timeSlotId = message;
    form.setErrors(fields);
    setFailure(Object.keys(fields).length === 0 ? message : null);
    notifyError(failureText('Failed to save booking', error));
  };

  const submit = form.onSubmit((values) => {
    if (values.status === null) return; // the schema has refused it already
    setFailure(null);
    // Left empty: now on create, unchanged on edit. Untouched on edit: unchanged, so a booking date is
    // never re-sent through a conversion it did not need.
    const bookingDate =
      values.bookingDate === '' || (booking !== null && !form.isDirty('bookingDate'))
        ? undefined
        : fromSiteWallClock(values.bookingDate, timeZone);
    const input: RouterInputs['bookings']['adminCreate'] = {
      timeSlotId: values.timeSlotId,
      status: values.status,
      participantName: values.participantName,
      participantEmail: values.participantEmail,
      participantPhone: values.participantPhone.trim() === '' ? undefined : values.participantPhone,
      ...(bookingDate === undefined ? {} : { bookingDate }),
    };
    const onSuccess = (saved: { participantName: string }) => {
      notifySuccess(`Booking for ${saved.participantName} ${booking === null ? 'added' : 'updated'} successfully`);
      onDone();
    };
    if (booking === null) create.mutate(input, { onSuccess, onError });
    else update.mutate({ id: booking.id, ...input }, { onSuccess, onError });
  });

  return (
    <ModalForm
      onSubmit={submit}
      submitLabel={booking === null ? 'Create Booking' : 'Update Booking'}
      saving={create.isPending || update.isPending}
      error={failure}
      errorTitle="Failed to save booking"
    >
      <SlotChooser
        value={choice}
        onChange={chooseSlot}
        known={booking === null ? undefined : { eventTitle: booking.eventTitle, sessionTitle: booking.sessionTitle }}
        timeZone={timeZone}
        error={typeof form.errors.timeSlotId === 'string' ? form.errors.timeSlotId : undefined}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <SiteDateTimePicker
          label="Booking Date"
          timeZone={timeZone}
          clearable={booking === null}
          description={booking === null ? `${timeZone} time; empty means now` : `${timeZone} time`}
          {...form.getInputProps('bookingDate')}
        />
        <Select
          label="Status"
          withAsterisk
          data={BOOKING_STATUS_OPTIONS.map(({ value, label }) => ({ value, label }))}
          clearable
          clearButtonProps={{ 'aria-label': 'Clear status' }}
          {...form.getInputProps('status')}
        />
      </SimpleGrid>
      <Divider label="Participant" labelPosition="left" />
      <TextInput label="Full Name" withAsterisk autoComplete="off" {...form.getInputProps('participantName')} />
      <TextInput label="Email Address" withAsterisk type="email" autoComplete="off" {...form.getInputProps('participantEmail')} />
      <TextInput label="Phone Number" type="tel" autoComplete="off" {...form.getInputProps('participantPhone')} />
    </ModalForm>
  );
}
