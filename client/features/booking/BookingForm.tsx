// The booking form: event, then session, then time slot, then the participant. Changing the event
// clears session and slot; changing the session clears the slot, so a choice never points at
// another event's session or another session's slot. Beside it, what is being booked
// (BookingDetails); slot times in the visitor's own zone, and the event's when those differ.
import { Alert, Button, Divider, Input, Select, Stack, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { useForm } from '@mantine/form';
import { lazy, Suspense, useEffect, useState } from 'react';
import type { VoucherCheck } from '@server/vouchers/vouchers.schemas';
import { checkBilling, createBookingInput } from '@server/bookings/bookings.schemas';
import { type AskedQuestion, checkAnswers } from '@server/registration-questions/registration-questions.schemas';
import { firmText } from '@server/shared/i18n/languages';
import { browserTimeZone } from '@server/shared/visitor-time';
import { useTranslator } from '@client/i18n';
import { useDates } from '@client/use-dates';
import { schemaMessageIn } from '@server/shared/i18n/schema-messages';
import { currentVisit, sendStep } from '@client/features/analytics/beacon';
import { widgetPartner } from '@client/features/embed/widget-partner';
import { fieldErrorsOf, messageOf, type RouterOutputs, trpc } from '@client/trpc';
import { seatsText } from '@client/features/event/seats';
import { BookingDetails } from './BookingDetails';
import classes from './BookingForm.module.css';
import { BookingSkeleton } from './BookingSkeleton';
import { QuestionFields } from './QuestionFields';
import { ConsentLine } from '@client/features/layout/ConsentLine';
import { usePublicSettings } from '@client/features/layout/PublicLayout';

// A paid session's price and billing details: loaded only when one is chosen.
const BillingFields = lazy(() => import('./BillingFields'));

/** The participant's fields in the order they appear. */
const PARTICIPANT_FIELDS = ['participantName', 'participantEmail', 'participantPhone'] as const;
/** A paid session's billing fields, after the participant's and the questions'. */
const BILLING_FIELDS = ['voucherCode', 'billingCompany', 'billingAddress', 'billingCountry', 'billingVatNumber'] as const;

export type BookingResult = RouterOutputs['bookings']['create'];
type Slot = RouterOutputs['timeSlots']['listBySession'][number];

const participantSchema = createBookingInput.pick({
  participantName: true,
  participantEmail: true,
  participantPhone: true,
});

/** What was booked, as the form showed it: the success screen's summary and calendar file. */
export interface BookedSummary {
  eventTitle: string;
  sessionTitle: string;
  location: string | null;
  startTime: string;
  endTime: string;
  participantName: string;
  participantEmail: string;
  /** The zone the visitor read the times in (null: the event's). */
  visitorTimeZone: string | null;
  /** A paid session: a seat held awaits payment (absent: free). */
  paid?: boolean;
}

interface BookingFormProps {
  initialEventId?: string | undefined;
  /** The event's (the site's) zone. */
  timeZone: string;
  /** The visitor's zone: the browser's unless a test sets one. */
  visitorTimeZone?: string | null;
  /** Called as the booking is sent (before the server answers). */
  onSend?: () => void;
  onBooked: (result: BookingResult, summary: BookedSummary) => void;
}

export function BookingForm({ initialEventId, timeZone, visitorTimeZone = browserTimeZone(), onSend, onBooked }: BookingFormProps) {
  const words = useTranslator();
  const { t, language } = words;
  const events = trpc.events.list.useQuery();
  const [eventId, setEventId] = useState<string | null>(initialEventId ?? null);
  const [sessionId, setSessionId] = useState<string | null>(null);
  const [timeSlotId, setTimeSlotId] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // The voucher the server accepted, for the slot it was checked against (another slot needs a new check).
  const [voucher, setVoucher] = useState<(VoucherCheck & { timeSlotId: string }) | null>(null);
  // The field messages of a refused submit, read out by screen readers (the region is always there,
  // so each change is announced).
  const [announcement, setAnnouncement] = useState('');

  const eventKnown = eventId !== null && events.data?.some((event) => event.id === eventId) === true;
  const sessions = trpc.sessions.listByEvent.useQuery({ eventId: eventId ?? '' }, { enabled: eventKnown });
  const questions = trpc.registrationQuestions.forEvent.useQuery({ eventId: eventId ?? '' }, { enabled: eventKnown });
  // The questions shown now: the form's rules are read afresh at every render, so the check follows them.
  const asked: readonly AskedQuestion[] = eventKnown ? (questions.data ?? []) : [];
  const slots = trpc.timeSlots.listBySession.useQuery({ sessionId: sessionId ?? '' }, { enabled: sessionId !== null });
  const { pricesIncludeTax } = usePublicSettings();
  const chosenSession = sessions.data?.find((session) => session.id === sessionId);
  const price = chosenSession?.price ?? null;
  const utils = trpc.useUtils();
  const book = trpc.bookings.create.useMutation({
    onSettled: () => utils.timeSlots.listBySession.invalidate(),
  });

  const form = useForm({
    initialValues: {
      participantName: '',
      participantEmail: '',
      participantPhone: '',
      answers: {} as Record<string, string | string[]>,
      billingCompany: '',
      billingAddress: '',
      billingCountry: null as string | null,
      billingVatNumber: '',
      voucherCode: '',
    },
    // The server's own checks, their messages in the page's language.
    validate: (values) => {
      const participantErrors: Record<string, string> = {};
      for (const issue of participantSchema.safeParse(values).error?.issues ?? []) participantErrors[String(issue.path[0])] ??= schemaMessageIn(words, issue.message);
      const answerErrors = Object.entries(checkAnswers(asked, values.answers).errors).map(([field, text]) => [field, schemaMessageIn(words, text)]);
      const billingErrors = price === null ? [] : Object.entries(checkBilling(values).errors).map(([field, text]) => [field, schemaMessageIn(words, text)]);
      return { ...participantErrors, ...Object.fromEntries(answerErrors), ...Object.fromEntries(billingErrors) };
    },
  });

  /** The fields in the order they appear: the participant's, then the questions'. */
  const fieldOrder = () => [...PARTICIPANT_FIELDS, ...asked.map((question) => `answers.${question.id}`), ...(price === null ? [] : BILLING_FIELDS)];

  function focusFirstInvalid(errors: Record<string, unknown>) {
    const invalid = fieldOrder().filter((field) => typeof errors[field] === 'string');
    const first = invalid[0];
    if (first !== undefined) form.getInputNode(first)?.focus();
  }

  function announceInvalid(errors: Record<string, unknown>) {
    const messages = fieldOrder().map((field) => errors[field]).filter((message) => typeof message === 'string');
    setAnnouncement(messages.length === 0 ? '' : t('booking.checkForm', { messages: messages.join('. ') }));
  }

  // The funnel's second step: the booking form open on a known event.
  useEffect(() => {
    if (eventKnown && eventId !== null) sendStep('booking-started', eventId);
  }, [eventKnown, eventId]);

  if (events.isPending) return <BookingSkeleton />;
  if (events.isError) {
    return (
      <Alert color="red" title={t('booking.eventsFailed.title')} role="alert">
        {messageOf(events.error, t('booking.eventsFailed.text'), words)}{' '}
        <Button variant="subtle" size="compact-sm" onClick={() => void events.refetch()}>
          {t('common.tryAgain')}
        </Button>
      </Alert>
    );
  }
  if (events.data.length === 0) {
    return <Text>{t('booking.noEvents')}</Text>;
  }

  const ready = eventKnown && sessionId !== null && timeSlotId !== null;
  const unknownInitialEvent = initialEventId !== undefined && eventId === initialEventId && !eventKnown;
  // The firm's titles in the page's language, English where a translation is missing.
  const titleOf = (event: (typeof events.data)[number]) => firmText(event.title, event.translations, 'title', language);
  const sessionTitleOf = (session: { title: string; translations: Parameters<typeof firmText>[1] }) => firmText(session.title, session.translations, 'title', language);

  return (
    <form
      noValidate
      onSubmit={form.onSubmit(
        (values) => {
          if (timeSlotId === null) return;
          if (eventId !== null) sendStep('details-entered', eventId);
          setFailure(null);
          setAnnouncement('');
          const { billingCompany, billingAddress, billingCountry, billingVatNumber, voucherCode, ...participant } = values;
          onSend?.();
          book.mutate(
            // Only the answers to the questions asked now (a changed event leaves others behind).
            {
              timeSlotId,
              ...participant,
              // Billing details only for a paid session: a free one sends what it always did.
              ...(price === null ? {} : { billingCompany, billingAddress, billingCountry, billingVatNumber, voucherCode: voucher?.code ?? voucherCode }),
              answers: Object.fromEntries(asked.map((question) => [question.id, values.answers[question.id] ?? ''])),
              // Where the visit began, so the booking is credited to it (none for an opted-out visitor).
              visit: currentVisit(),
              // Made inside a partner's page (the booking widget): credited to that partner.
              partner: widgetPartner(),
            },
            {
              onSuccess: (result) => {
                const session = sessions.data?.find((item) => item.id === sessionId);
                const slot = slots.data?.find((item) => item.id === timeSlotId);
                onBooked(result, {
                  eventTitle: ((chosen) => (chosen === undefined ? '' : titleOf(chosen)))(events.data?.find((event) => event.id === eventId)),
                  sessionTitle: session === undefined ? '' : sessionTitleOf(session),
                  location: session?.location ?? null,
                  startTime: slot?.startTime ?? '',
                  endTime: slot?.endTime ?? '',
                  participantName: values.participantName.trim(),
                  participantEmail: values.participantEmail.trim().toLowerCase(),
                  visitorTimeZone,
                  paid: price !== null,
                });
              },
              onError: (error) => {
                const fieldErrors = fieldErrorsOf(error, words);
                form.setErrors(fieldErrors);
                setFailure(messageOf(error, t('booking.failed.text'), words));
                focusFirstInvalid(fieldErrors);
              },
            },
          );
        },
        // A keyboard or screen-reader user lands on the first field to correct.
        (errors) => {
          announceInvalid(errors);
          focusFirstInvalid(errors);
        },
      )}
    >
      <div className={classes.layout}>
        <Stack gap="md" className={classes.choose}>
          <VisuallyHidden aria-live="polite">
            {announcement}
          </VisuallyHidden>
          {failure !== null && (
            <Alert color="red" title={t('booking.failed.title')} role="alert">
              {failure}
            </Alert>
          )}
          {unknownInitialEvent && (
            <Alert color="yellow" role="status">
              {t('booking.unknownEvent')}
            </Alert>
          )}

          <Select
            label={t('booking.event.label')}
            withAsterisk
            placeholder={t('booking.event.placeholder')}
            data={events.data.map((event) => ({ value: event.id, label: titleOf(event) }))}
            value={eventKnown ? eventId : null}
            onChange={(value) => {
              setEventId(value);
              setSessionId(null);
              setTimeSlotId(null);
            }}
            allowDeselect={false}
            searchable
            selectFirstOptionOnChange
            nothingFoundMessage={t('booking.event.none')}
          />

          {eventKnown && (
            <Select
              label={t('booking.session.label')}
              withAsterisk
              placeholder={sessions.isPending ? t('booking.session.loading') : t('booking.session.placeholder')}
              disabled={sessions.isPending}
              data={(sessions.data ?? []).map((session) => ({
                value: session.id,
                label: session.location === null ? sessionTitleOf(session) : t('booking.session.withPlace', { title: sessionTitleOf(session), location: session.location }),
              }))}
              value={sessionId}
              onChange={(value) => {
                setSessionId(value);
                setTimeSlotId(null);
              }}
              allowDeselect={false}
              nothingFoundMessage={t('booking.session.none')}
              error={sessions.isError ? messageOf(sessions.error, t('booking.session.failed'), words) : undefined}
            />
          )}
          {eventKnown && sessions.data?.length === 0 && (
            <Text size="sm" c="dimmed">
              {t('event.noSessions')}
            </Text>
          )}
        </Stack>

        <aside className={classes.details} aria-label={t('booking.details.label')}>
          <BookingDetails
            event={eventKnown ? events.data.find((event) => event.id === eventId) : undefined}
            session={sessions.data?.find((session) => session.id === sessionId)}
          />
        </aside>

        <Stack gap="md" className={classes.rest}>
          {sessionId !== null && (
            <SlotPicker
              slots={slots.data}
              loading={slots.isPending}
              timeZone={timeZone}
              visitorTimeZone={visitorTimeZone}
              value={timeSlotId}
              onChange={(id) => {
                setTimeSlotId(id);
                if (id !== null && eventId !== null) sendStep('slot-chosen', eventId);
              }}
            />
          )}

          <Divider my="xs" />
          <Title order={2}>
            {t('booking.you.title')}
          </Title>
          <TextInput
            label={t('booking.name')}
            withAsterisk
            autoComplete="name"
            {...form.getInputProps('participantName')}
          />
          <TextInput
            label={t('booking.email')}
            withAsterisk
            type="email"
            autoComplete="email"
            {...form.getInputProps('participantEmail')}
          />
          <TextInput
            label={t('booking.phone')}
            type="tel"
            autoComplete="tel"
            {...form.getInputProps('participantPhone')}
          />
          <QuestionFields questions={asked} inputProps={(field) => form.getInputProps(field)} />
          {price !== null && (
            <Suspense fallback={null}>
              <BillingFields
                price={price}
                pricesIncludeTax={pricesIncludeTax}
                country={form.values.billingCountry ?? ''}
                inputProps={(field) => form.getInputProps(field)}
                timeSlotId={timeSlotId}
                voucherCode={form.values.voucherCode}
                voucher={voucher?.timeSlotId === timeSlotId ? voucher : null}
                onVoucher={(check) => setVoucher(check === null || timeSlotId === null ? null : { ...check, timeSlotId })}
                setVoucherError={(message) => form.setFieldError('voucherCode', message)}
              />
            </Suspense>
          )}

          <Button type="submit" size="md" disabled={!ready || book.isPending}>
            {book.isPending ? t('booking.submitting') : t('booking.submit')}
          </Button>
          <ConsentLine />
        </Stack>
      </div>
    </form>
  );
}

interface SlotPickerProps {
  slots: Slot[] | undefined;
  loading: boolean;
  timeZone: string;
  visitorTimeZone: string | null;
  value: string | null;
  onChange: (slotId: string) => void;
}

/**
 * One row per slot, the whole row a <label> around its radio (so a click anywhere on it chooses it,
 * and the radio's name is the row's text): date, times and seats on one line, wrapping on a phone.
 */
function SlotPicker({ slots, loading, timeZone, visitorTimeZone, value, onChange }: SlotPickerProps) {
  const { t } = useTranslator();
  const dates = useDates();
  if (loading) return <Text size="sm">{t('booking.slots.loading')}</Text>;
  if (slots === undefined || slots.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('booking.slots.none')}
      </Text>
    );
  }
  return (
    <Input.Wrapper label={t('booking.slots.label')} withAsterisk labelElement="div" id="time-slot">
      <div role="radiogroup" aria-labelledby="time-slot-label" aria-required className={classes.slots}>
        {slots.map((slot) => {
          const when = dates.visitorSlot(slot.startTime, slot.endTime, timeZone, visitorTimeZone);
          return (
            <label key={slot.id} className={classes.slot} data-full={slot.isFull || undefined}>
              <input
                type="radio"
                name="timeSlotId"
                value={slot.id}
                checked={value === slot.id}
                onChange={() => onChange(slot.id)}
                className={classes.radio}
              />
              {/* The spaces between the parts keep the radio's name readable ("… 2026 9:00 AM …"); the grid
                  lays out only the elements. */}
              <span className={classes.slotDate}>{when.date}</span>{' '}
              <span className={classes.slotTime}>
                {when.time} <span className={classes.slotZone}>{when.zone}</span>
                {when.eventTime !== null && (
                  <>
                    {' '}
                    <span className={classes.slotEventTime}>{when.eventTime}</span>
                  </>
                )}
              </span>{' '}
              <span className={classes.seats}>{seatsText(slot, t)}</span>
            </label>
          );
        })}
      </div>
    </Input.Wrapper>
  );
}
