// After a booking: its outcome in the specification's words, a summary of what was booked (event,
// session, the slot in the visitor's zone and the site's, name, e-mail) and "Add to calendar", a calendar file made
// here from that summary, with the same UID as the invitation the e-mails carry, so a later change
// e-mailed to the participant updates the same calendar entry.
import { Button, Group, Paper, Stack, Table, Text, ThemeIcon, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useEffect, useMemo, useRef } from 'react';
import { buildIcs } from '@server/shared/ics';
import { type Translator, useTranslator } from '@client/i18n';
import { useDates } from '@client/use-dates';
import type { BookedSummary, BookingResult } from './BookingForm';

/** The booking as an iCalendar file's text, in the page's language: tentative until the firm confirms it. */
export function bookingIcs(result: BookingResult, summary: BookedSummary, host: string, t: Translator['t'], now = new Date()): string {
  const names = { session: summary.sessionTitle, event: summary.eventTitle, name: summary.participantName };
  return buildIcs({
    method: 'REQUEST',
    uid: `booking-${result.id}@${host}`,
    sequence: 0,
    stamp: now.toISOString(),
    start: summary.startTime,
    end: summary.endTime,
    summary: t('booking.ics.summary', names),
    description: t('booking.ics.description', names),
    location: summary.location,
    status: 'TENTATIVE',
    productOwner: host,
    organizer: null,
    attendee: { name: summary.participantName, email: summary.participantEmail },
  });
}

export function BookingSuccess({
  result,
  summary,
  timeZone,
  onBookAnother,
}: {
  result: BookingResult;
  summary: BookedSummary;
  timeZone: string;
  onBookAnother: () => void;
}) {
  const { t } = useTranslator();
  const dates = useDates();
  const waitlisted = result.status === 'waitlisted';
  // A paid session's seat is held until it is paid (the e-mail says how and by when).
  const awaitingPayment = !waitlisted && summary.paid === true;
  // The form is gone: focus moves to the outcome's heading, which is read out.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  // A data: URL rather than an object URL: nothing to revoke, and the file is a few hundred bytes.
  const calendarHref = useMemo(
    () => `data:text/calendar;charset=utf-8,${encodeURIComponent(bookingIcs(result, summary, window.location.hostname, t))}`,
    [result, summary, t],
  );
  const when =
    summary.startTime === '' ? '' : dates.visitorSlotLine(summary.startTime, summary.endTime, timeZone, summary.visitorTimeZone);
  const rows: [string, string][] = [
    [t('booking.success.event'), summary.eventTitle],
    [t('booking.success.session'), summary.sessionTitle],
    [t('booking.success.when'), when],
    [t('booking.success.name'), summary.participantName],
    [t('booking.success.email'), summary.participantEmail],
  ];
  return (
    <Stack align="center" ta="center" gap="md" py="xl" role="status">
      <ThemeIcon size={64} radius="xl" color={waitlisted ? 'gold' : 'teal'} aria-hidden>
        <svg width="32" height="32" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5">
          {waitlisted ? (
            <>
              <circle cx="12" cy="12" r="9" />
              <path d="M12 7v5l3 3" />
            </>
          ) : <path d="M5 12l5 5L20 7" />}
        </svg>
      </ThemeIcon>
      <Title order={1} ref={heading} tabIndex={-1}>
        {waitlisted ? t('booking.success.waitlisted.title') : awaitingPayment ? t('booking.success.awaiting.title') : t('booking.success.title')}
      </Title>
      <Text maw={480}>
        {waitlisted ? t('booking.success.waitlisted.text') : awaitingPayment ? t('booking.success.awaiting.text') : t('booking.success.text')}
      </Text>
      <Paper withBorder radius="md" p="sm" w="100%" maw={480}>
        <Table aria-label={t('booking.success.table')} variant="vertical" layout="fixed">
          <Table.Tbody>
            {rows.map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th w={90}>{label}</Table.Th>
                <Table.Td ta="left" style={{ overflowWrap: 'anywhere' }}>
                  {value}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Paper>
      <Group justify="center">
        {when !== '' && (
          <Button component="a" href={calendarHref} download="booking.ics" variant="light">
            {t('booking.success.addToCalendar')}
          </Button>
        )}
        <Button component={Link} to="/" variant="default">
          {t('booking.success.home')}
        </Button>
        <Button onClick={onBookAnother}>{t('booking.success.another')}</Button>
      </Group>
    </Stack>
  );
}
