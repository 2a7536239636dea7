// The four-step session wizard: details, delegate, time slots, review. Everything
// stays in the wizard until the one save (sessions.create or sessions.update, one transaction on the
// server), so a failed save leaves nothing behind and keeps what was typed.
import { Alert, Button, Group, Loader, Modal, Stepper, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { fieldErrorsOf, trpc } from '@client/trpc';
import { FormModal, ModalForm } from '@client/features/admin/kit/FormModal';
import { failureText, notifySuccess } from '@client/features/admin/kit/notify';
import { DelegateStep } from './DelegateStep';
import { ReviewStep } from './ReviewStep';
import { SessionDetailsStep } from './SessionDetailsStep';
import { TimeSlotStep } from './TimeSlotStep';
import classes from './wizard.module.css';
import {
  createInputOf,
  detailsOf,
  EMPTY_DELEGATE,
  emptyDetails,
  detailErrorsOf,
  sortSlots,
  updateInputOf,
  validateDelegate,
  validateDetails,
  type Delegate,
  type DelegateFormValues,
  type DetailsValues,
  type DraftSlot,
  type SessionDetail,
} from './wizard-model';

// Each Next button names the step it opens, in that step's own words: the specification's wizard
// called step 2 "Delegate Profile" and its button "Next: Delegate Info"; one name per thing.
const NEXT_LABELS = ['Next: Delegate Profile', 'Next: Time Slots', 'Next: Review'] as const;
const STEP_LABELS = ['Session Details', 'Delegate Profile', 'Time Slots', 'Review & Save'] as const;
const REVIEW_STEP = 3;
/** The delegate step lists at most one page of the event's delegates (the largest page size). */
const DELEGATE_PAGE_SIZE = 100;
const WIZARD_MODAL = 'session-wizard';
const DETAIL_FIELDS = ['eventId', 'title', 'description', 'location', 'facilitator', 'maxParticipants', 'offerHours', 'priceAmount', 'taxRatePercent', 'isActive'];

/** `sessionId` null adds a session; otherwise the session is loaded and the wizard opens at step 4. */
export function SessionWizard({ opened, sessionId, onClose }: { opened: boolean; sessionId: string | null; onClose: () => void }) {
  // The stack gives Escape and the focus trap to the topmost of the wizard's nested modals only.
  return (
    <Modal.Stack>
      <FormModal stackId={WIZARD_MODAL} opened={opened} onClose={onClose} title={sessionId === null ? 'Add Session' : 'Edit Session'} size="xl">
        <WizardLoader sessionId={sessionId} onClose={onClose} />
      </FormModal>
    </Modal.Stack>
  );
}

function Loading({ text }: { text: string }) {
  return (
    <Group gap="xs" py="md">
      <Loader size="sm" />
      <Text size="sm">{text}</Text>
    </Group>
  );
}

/** The forms are built once, from loaded data: the site's timezone and, when editing, the session. */
function WizardLoader({ sessionId, onClose }: { sessionId: string | null; onClose: () => void }) {
  const settings = trpc.settings.public.useQuery(undefined, { staleTime: 5 * 60_000 });
  const detail = trpc.sessions.get.useQuery({ id: sessionId ?? '' }, { enabled: sessionId !== null, refetchOnWindowFocus: false });
  // Only the first load decides: a later refetch (after a delegate edit) never replaces the forms.
  if (sessionId !== null && detail.data === undefined && detail.isError) {
    return (
      <Alert color="red" role="alert">
        {failureText('Failed to fetch session', detail.error)}
      </Alert>
    );
  }
  // A cached copy may predate the last save: the forms start from a load made for this opening.
  const loaded = sessionId === null || (detail.data !== undefined && detail.isFetchedAfterMount);
  if (settings.isPending || !loaded) return <Loading text="Loading session..." />;
  const siteCurrency = settings.data?.currency ?? 'EUR';
  return <WizardBody session={detail.data} timeZone={settings.data?.timezone ?? 'UTC'} siteCurrency={siteCurrency} onClose={onClose} />;
}

function WizardBody({
  session,
  timeZone,
  siteCurrency,
  onClose,
}: {
  session: SessionDetail | undefined;
  timeZone: string;
  siteCurrency: string;
  onClose: () => void;
}) {
  const utils = trpc.useUtils();
  const detailsForm = useForm<DetailsValues>({
    initialValues: session === undefined ? emptyDetails(siteCurrency) : detailsOf(session, siteCurrency),
    validate: validateDetails,
  });
  const delegateForm = useForm<DelegateFormValues>({ initialValues: EMPTY_DELEGATE, validate: validateDelegate });
  const [slots, setSlots] = useState<DraftSlot[]>(() =>
    sortSlots((session?.timeSlots ?? []).map((slot) => ({ key: slot.id, id: slot.id, startTime: slot.startTime, endTime: slot.endTime }))),
  );
  // The session's own delegates go into the update's wanted list; step 2 edits and deletes keep it current.
  const [ownDelegates, setOwnDelegates] = useState<Delegate[]>(session?.delegates ?? []);
  const [active, setActive] = useState(session === undefined ? 0 : REVIEW_STEP);
  const [slotsError, setSlotsError] = useState<string | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);

  const eventId = detailsForm.values.eventId;
  const events = trpc.events.adminList.useQuery({ pageSize: DELEGATE_PAGE_SIZE });
  const eventDelegates = trpc.delegates.list.useQuery({ eventId, pageSize: DELEGATE_PAGE_SIZE }, { enabled: eventId !== '' });
  const eventTitle =
    events.data?.items.find((event) => event.id === eventId)?.title ?? (session?.eventId === eventId ? session.eventTitle : '');
  // The delegate form exists, and is required, only while the event has no delegates yet.
  const needsNewDelegate = eventDelegates.data?.total === 0;
  const newDelegate = needsNewDelegate ? delegateForm.getValues() : null;

  const onSaved = async (message: string) => {
    notifySuccess(message);
    onClose();
    await Promise.all([utils.sessions.invalidate(), utils.delegates.list.invalidate(), utils.timeSlots.invalidate()]);
  };
  const onFailed = (error: unknown) => {
    setSaveError(failureText('Failed to save session', error));
    const fieldErrors = detailErrorsOf(fieldErrorsOf(error));
    detailsForm.setErrors(Object.fromEntries(Object.entries(fieldErrors).filter(([field]) => DETAIL_FIELDS.includes(field))));
  };
  const create = trpc.sessions.create.useMutation({ onSuccess: () => onSaved('Session created successfully'), onError: onFailed });
  const update = trpc.sessions.update.useMutation({ onSuccess: () => onSaved('Session updated successfully'), onError: onFailed });
  const saving = create.isPending || update.isPending;

  function stepIsValid(step: number): boolean {
    if (step === 0) return !detailsForm.validate().hasErrors;
    if (step === 1) {
      if (eventDelegates.data === undefined) return false;
      return !needsNewDelegate || !delegateForm.validate().hasErrors;
    }
    if (step === 2) {
      if (slots.length > 0) return true;
      setSlotsError('At least one time slot is required');
      return false;
    }
    return true;
  }

  function next() {
    if (stepIsValid(active)) setActive(active + 1);
  }

  function save() {
    // Editing opens at the review, so earlier steps are checked again before saving.
    for (let step = 0; step < REVIEW_STEP; step += 1) {
      if (!stepIsValid(step)) {
        setActive(step);
        return;
      }
    }
    setSaveError(null);
    const values = detailsForm.getValues();
    if (session === undefined) create.mutate(createInputOf(values, slots, newDelegate));
    else update.mutate(updateInputOf(session.id, values, slots, ownDelegates, newDelegate));
  }

  // The leading space keeps the step's number and label apart in its accessible name ('2 Delegate
  // Profile'); on a phone the label is only visually hidden, so the name stays whole.
  const stepProps = (step: number) => ({
    label: ` ${STEP_LABELS[step]}`,
    'aria-current': step === active ? ('step' as const) : undefined,
  });

  // None at the review: there the primary action saves.
  const nextLabel = NEXT_LABELS[active];

  return (
    <ModalForm
      // Enter goes on to the next step, and saves at the review.
      onSubmit={nextLabel === undefined ? save : next}
      submitLabel={nextLabel ?? (session === undefined ? 'Create Session' : 'Update Session')}
      saving={saving}
      submitDisabled={active === 1 && eventDelegates.isPending}
      error={saveError}
      footerStart={
        active > 0 && (
          <Button variant="default" onClick={() => setActive(active - 1)} disabled={saving}>
            Previous
          </Button>
        )
      }
    >
      <Text hiddenFrom="sm" fw={600} size="sm">
        {`Step ${active + 1} of ${STEP_LABELS.length}: ${STEP_LABELS[active]}`}
      </Text>
      <Stepper
        active={active}
        onStepClick={(step) => step < active && setActive(step)}
        allowNextStepsSelect={false}
        size="sm"
        classNames={{ stepBody: classes.stepBody, separator: classes.separator }}
      >
        <Stepper.Step {...stepProps(0)}>
          <SessionDetailsStep
            form={detailsForm}
            currentEvent={session === undefined ? undefined : { id: session.eventId, title: session.eventTitle }}
          />
        </Stepper.Step>
        <Stepper.Step {...stepProps(1)}>
          <DelegateStep
            delegates={{
              items: eventDelegates.data?.items ?? [],
              total: eventDelegates.data?.total ?? 0,
              isPending: eventDelegates.isPending,
              error: eventDelegates.error,
            }}
            newDelegateForm={delegateForm}
            onUpdated={(saved) => setOwnDelegates((list) => list.map((delegate) => (delegate.id === saved.id ? saved : delegate)))}
            onDeleted={(id) => setOwnDelegates((list) => list.filter((delegate) => delegate.id !== id))}
          />
        </Stepper.Step>
        <Stepper.Step {...stepProps(2)}>
          <TimeSlotStep
            slots={slots}
            timeZone={timeZone}
            error={slotsError}
            onChange={(next) => {
              setSlots(next);
              setSlotsError(null);
            }}
          />
        </Stepper.Step>
        <Stepper.Step {...stepProps(3)}>
          <ReviewStep
            details={detailsForm.values}
            eventTitle={eventTitle}
            delegates={ownDelegates}
            eventDelegates={eventDelegates.data?.items ?? []}
            newDelegate={newDelegate}
            slots={slots}
            timeZone={timeZone}
          />
        </Stepper.Step>
      </Stepper>
    </ModalForm>
  );
}
