// After booking a consultation: what was booked (type, consultant, time in the visitor's zone,
// place), "Add to calendar" (the calendar file the confirmation e-mail carries, or Google
// Calendar), and the link that moves or cancels it.
import { Anchor, Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useEffect, useMemo, useRef } from 'react';
import { icsUtc } from '@server/shared/ics';
import { pathInLanguage } from '@server/shared/i18n/languages';
import { useTranslator } from '@client/i18n';
import { type RouterOutputs, trpc } from '@client/trpc';
import { ConsultationFacts } from './ConsultationFacts';

type Booked = RouterOutputs['consultations']['book'];

/** Google Calendar's "new event" page with the consultation filled in; it asks nothing of this site. */
export function googleCalendarLink(booked: Pick<Booked, 'startsAt' | 'endsAt' | 'where'>, title: string): string {
  const query = new URLSearchParams({
    action: 'TEMPLATE',
    text: title,
    dates: `${icsUtc(booked.startsAt)}/${icsUtc(booked.endsAt)}`,
    details: booked.where,
    location: booked.where,
  });
  return `https://calendar.google.com/calendar/render?${query.toString()}`;
}

/** "Add to calendar": the visitor's calendar file (the e-mails' entry) and Google Calendar. */
export function AddToCalendar({
  calendar,
  title,
  event,
  justify = 'center',
}: {
  calendar: string;
  title: string;
  event: Pick<Booked, 'startsAt' | 'endsAt' | 'where'>;
  justify?: 'center' | 'flex-start';
}) {
  const { t } = useTranslator();
  // A data: URL rather than an object URL: nothing to revoke, and the file is a few hundred bytes.
  const calendarHref = useMemo(() => `data:text/calendar;charset=utf-8,${encodeURIComponent(calendar)}`, [calendar]);
  return (
    <Group justify={justify} gap="sm">
      <Button component="a" href={calendarHref} download="consultation.ics" variant="light">
        {t('consultation.booked.addToCalendar')}
      </Button>
      <Button component="a" href={googleCalendarLink(event, title)} target="_blank" rel="noopener noreferrer" variant="default">
        {t('consultation.booked.google')}
      </Button>
    </Group>
  );
}

export function ConsultationBooked({ booked, email, timeZone }: { booked: Booked; email: string; timeZone: string }) {
  const { t, language } = useTranslator();
  // The site's zone beside the visitor's, as the manage page and the e-mails say the time.
  const siteZone = trpc.settings.public.useQuery().data?.timezone;
  // The form is gone: focus moves to the outcome's heading, which is read out.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  const title = t('consultation.booked.with', { type: booked.typeTitle, consultant: booked.consultantName });
  return (
    <Paper withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }} radius="lg" maw={560} mx="auto">
      <Stack gap="md" align="center" ta="center" role="status">
        <ThemeIcon size={56} radius="xl" color="teal" aria-hidden>
          <svg width="28" height="28" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5">
            <path d="M5 12l5 5L20 7" />
          </svg>
        </ThemeIcon>
        <Title order={1} ref={heading} tabIndex={-1}>
          {t('consultation.booked.title')}
        </Title>
        <Text>{title}</Text>
        <Text size="sm" c="dimmed">
          {t('consultation.booked.sentTo', { email })}
        </Text>
      </Stack>
      <Stack gap="md" mt="lg">
        <ConsultationFacts
          label={t('consultation.booked.table')}
          type={booked.typeTitle}
          consultant={booked.consultantName}
          startsAt={booked.startsAt}
          endsAt={booked.endsAt}
          timeZone={timeZone}
          siteZone={siteZone}
          where={booked.where}
        />
        <AddToCalendar calendar={booked.calendar} title={title} event={booked} />
        <Text size="sm" ta="center">
          {t('consultation.booked.change')}{' '}
          <Anchor href={pathInLanguage(`/consultations/manage/${booked.manageToken}`, language)}>{t('consultation.booked.manage')}</Anchor>
        </Text>
      </Stack>
    </Paper>
  );
}
