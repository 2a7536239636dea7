// The link in a consultation's e-mails (/consultations/manage/{token}): the consultation in the
// visitor's zone, Add to calendar while it is booked (the e-mails' entry, or Google Calendar), with
// Reschedule (another free time of the same type) and Cancel while it has not started. Fetched
// once: the manage procedures count against the public rate limit.
import '@client/zod-config'; // before any schema of this chunk is created
import '@client/features/layout/page-styles';
import { Alert, Badge, Button, Container, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useParams } from '@tanstack/react-router';
import { useState } from 'react';
import { type Translator, useTranslator } from '@client/i18n';
import { useDates } from '@client/use-dates';
import { fieldErrorsOf, messageOf, type RouterOutputs, trpc } from '@client/trpc';
import { type FreeTime, TimePicker } from './TimePicker';
import { ConsultationFacts } from './ConsultationFacts';
import { AddToCalendar } from './ConsultationBooked';

type Managed = RouterOutputs['consultations']['manage'];

/** Where the consultation happens, in the page's language (the server's `where` is English). */
function whereOf({ location, consultantName }: Managed, t: Translator['t']): string {
  if (location.kind === 'video') return location.detail === null ? t('consultation.where.videoLater') : t('consultation.where.video', { link: location.detail });
  if (location.kind === 'phone') {
    return location.visitorPhone === null
      ? t('consultation.where.phone', { name: consultantName })
      : t('consultation.where.phoneOn', { name: consultantName, phone: location.visitorPhone });
  }
  return location.detail ?? t('consultation.where.announced');
}

export function ManageConsultationPage() {
  const words = useTranslator();
  const { t } = words;
  const { token } = useParams({ strict: false });
  const manage = trpc.consultations.manage.useQuery(
    { token: token ?? '' },
    { refetchOnWindowFocus: false, refetchOnReconnect: false, staleTime: Infinity, retry: false },
  );
  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <Title order={1}>
          {t('consultation.manage.title')}
        </Title>
        {manage.data !== undefined ? (
          <Details token={token ?? ''} consultation={manage.data} />
        ) : manage.isPending ? (
          <Skeleton height={160} aria-label={t('consultation.manage.loading')} />
        ) : (
          <Alert color="red" title={messageOf(manage.error, t('consultation.manage.invalid'), words)}>
            {t('consultation.manage.invalidText')}
          </Alert>
        )}
      </Stack>
    </Container>
  );
}

function Details({ token, consultation }: { token: string; consultation: Managed }) {
  const words = useTranslator();
  const { t } = words;
  const dates = useDates();
  const siteZone = trpc.settings.public.useQuery().data?.timezone;
  const utils = trpc.useUtils();
  const [moving, setMoving] = useState(false);
  const [timeZone, setTimeZone] = useState(consultation.visitorTimeZone);
  const [time, setTime] = useState<FreeTime | null>(null);
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const update = (next: Managed) => utils.consultations.manage.setData({ token }, next);
  const cancel = trpc.consultations.cancelByToken.useMutation({ onSuccess: update });
  const reschedule = trpc.consultations.rescheduleByToken.useMutation({
    onSuccess: (next) => {
      update(next);
      setMoving(false);
      setTime(null);
      void utils.consultations.freeTimes.invalidate();
    },
    onError: () => {
      setTime(null);
      void utils.consultations.freeTimes.invalidate();
    },
  });
  const when = siteZone === undefined ? dates.range(consultation.startsAt, consultation.endsAt, timeZone) : dates.visitorSlotLine(consultation.startsAt, consultation.endsAt, siteZone, timeZone);

  return (
    <Paper withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }} radius="lg">
      <Stack gap="lg">
        <ConsultationFacts
          label={t('consultation.manage.table')}
          type={consultation.typeTitle}
          consultant={consultation.consultantName}
          startsAt={consultation.startsAt}
          endsAt={consultation.endsAt}
          timeZone={timeZone}
          siteZone={siteZone}
          where={whereOf(consultation, t)}
        >
          <dt>{t('consultation.manage.status')}</dt>
          <dd>
            <Badge variant="light" color={consultation.status === 'booked' ? 'teal' : 'gray'} tt="none">
              {consultation.status === 'booked' ? t('consultation.manage.booked') : t('consultation.manage.cancelled')}
            </Badge>
          </dd>
        </ConsultationFacts>

        {reschedule.isSuccess && (
          <Alert color="teal" role="status" title={t('consultation.manage.moved.title')}>
            {t('consultation.manage.moved.text', { when })}
          </Alert>
        )}
        {cancel.isSuccess && (
          <Alert color="gray" role="status" title={t('consultation.manage.cancelledNow.title')}>
            {t('consultation.manage.cancelledNow.text')}
          </Alert>
        )}
        {(reschedule.isError || cancel.isError) && (
          <Alert color="red" role="alert" title={t('consultation.manage.failed')}>
            {fieldErrorsOf(reschedule.error, words).startsAt ?? messageOf(reschedule.error ?? cancel.error, t('common.pleaseTryAgain'), words)}
          </Alert>
        )}

        {consultation.calendar !== null && !moving && (
          <AddToCalendar
            justify="flex-start"
            calendar={consultation.calendar}
            title={t('consultation.booked.with', { type: consultation.typeTitle, consultant: consultation.consultantName })}
            event={{ startsAt: consultation.startsAt, endsAt: consultation.endsAt, where: whereOf(consultation, t) }}
          />
        )}

        {consultation.changeable && !moving && (
          <Group gap="sm">
            <Button onClick={() => setMoving(true)}>{t('consultation.manage.reschedule')}</Button>
            {confirmingCancel ? (
              <Group gap="xs" role="group" aria-label={t('consultation.manage.confirmCancel')}>
                <Text size="sm">{t('consultation.manage.confirmCancel')}</Text>
                <Button color="red" loading={cancel.isPending} onClick={() => cancel.mutate({ token })}>
                  {t('consultation.manage.yesCancel')}
                </Button>
                <Button variant="default" onClick={() => setConfirmingCancel(false)}>
                  {t('consultation.manage.keep')}
                </Button>
              </Group>
            ) : (
              <Button variant="outline" color="red" onClick={() => setConfirmingCancel(true)}>
                {t('consultation.manage.cancel')}
              </Button>
            )}
          </Group>
        )}

        {consultation.changeable && moving && (
          <Stack gap="md">
            <Title order={2}>
              {t('consultation.manage.newTime')}
            </Title>
            <TimePicker typeId={consultation.typeId} timeZone={timeZone} onTimeZoneChange={setTimeZone} selected={time} onSelect={setTime} manageToken={token} />
            <Group gap="sm">
              <Button disabled={time === null} loading={reschedule.isPending} onClick={() => time !== null && reschedule.mutate({ token, startsAt: time.startsAt })}>
                {t('consultation.manage.move')}
              </Button>
              <Button variant="default" onClick={() => setMoving(false)}>
                {t('consultation.manage.back')}
              </Button>
            </Group>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
