// Book a consultation (/consultation), in three steps on one page: the type (cards), a day and time
// in the visitor's zone (a calendar beside the day's times), then the visitor's details beside a
// summary of the choice. A time taken meanwhile is said so, with the next free times to pick from.
import '@client/zod-config'; // before any schema of this chunk is created
import '@client/features/layout/page-styles';
import { Alert, Button, Container, Paper, Select, Skeleton, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { widgetPartner } from '@client/features/embed/widget-partner';
import { currentVisit, sendStep } from '@client/features/analytics/beacon';
import { bookConsultationInput } from '@server/consultations/consultations.schemas';
import { firmText } from '@server/shared/i18n/languages';
import { useTranslator } from '@client/i18n';
import { schemaMessageIn } from '@server/shared/i18n/schema-messages';
import { fieldErrorsOf, messageOf, type RouterOutputs, trpc } from '@client/trpc';
import { ConsentLine } from '@client/features/layout/ConsentLine';
import { type FreeTime, NextFreeTimes, TimePicker, useVisitorZone } from './TimePicker';
import { type ConsultationType, LOCATION_WORDS, TypeCards } from './TypeCards';
import { ConsultationBooked } from './ConsultationBooked';
import { ConsultationFacts } from './ConsultationFacts';
import classes from './consultation.module.css';

type Booked = RouterOutputs['consultations']['book'];

interface VisitorFields {
  visitorName: string;
  visitorEmail: string;
  visitorPhone: string;
  visitorCompany: string;
  message: string;
}

const EMPTY: VisitorFields = { visitorName: '', visitorEmail: '', visitorPhone: '', visitorCompany: '', message: '' };

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** A step's heading with its number, as a scheduling page numbers them. */
function StepTitle({ number, children }: { number: number; children: string }) {
  return (
    <Title order={2}>
      <Text span c="dimmed" fw={600} mr={8} aria-hidden>
        {number}.
      </Text>
      {children}
    </Title>
  );
}

export function ConsultationPage() {
  const words = useTranslator();
  const { t, language } = words;
  const titleOf = (type: ConsultationType) => firmText(type.title, type.translations, 'title', language);
  const types = trpc.consultations.types.list.useQuery(undefined, { refetchOnWindowFocus: false });
  const [typeId, setTypeId] = useState<string | null>(null);
  const [consultantId, setConsultantId] = useState<string | null>(null);
  const [timeZone, setTimeZone] = useVisitorZone();
  const [time, setTime] = useState<FreeTime | null>(null);
  const [fields, setFields] = useState<VisitorFields>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [taken, setTaken] = useState<{ message: string; after: string; next: FreeTime[] } | null>(null);
  const [booked, setBooked] = useState<Booked | null>(null);
  const utils = trpc.useUtils();
  const book = trpc.consultations.book.useMutation();
  // With one type there is nothing to choose: it is chosen, and the calendar shows at once.
  const only = types.data?.length === 1 ? types.data[0] : undefined;
  const type = types.data?.find((candidate) => candidate.id === (typeId ?? only?.id));
  // Once a time is picked the details come into view (below the fold on a phone).
  const details = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (time !== null) details.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [time]);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (type === undefined || time === null) return;
    const input = {
      typeId: type.id,
      startsAt: time.startsAt,
      timeZone,
      ...(consultantId === null ? {} : { consultantId }),
      ...fields,
      // Where the visit began, so the consultation is credited to it (none for an opted-out visitor).
      visit: currentVisit(),
      // Booked inside a partner's page (the booking widget): credited to that partner.
      partner: widgetPartner(),
    };
    const parsed = bookConsultationInput.safeParse(input);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= schemaMessageIn(words, issue.message);
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      setBooked(await book.mutateAsync(input));
    } catch (error) {
      const fieldErrors = fieldErrorsOf(error, words);
      if (fieldErrors.startsAt !== undefined) {
        const after = time.startsAt;
        const from = time.date;
        const next = await utils.consultations.freeTimes.fetch({ typeId: type.id, from, to: addDays(from, 30), timeZone }).catch(() => null);
        await utils.consultations.freeTimes.invalidate();
        setTime(null);
        setTaken({ message: fieldErrors.startsAt, after, next: next?.times ?? [] });
        return;
      }
      setErrors(fieldErrors);
    }
  }

  if (booked !== null) {
    return (
      <Container size="md" py="xl">
        <ConsultationBooked booked={booked} email={fields.visitorEmail} timeZone={timeZone} />
      </Container>
    );
  }

  const set = (name: keyof VisitorFields) => (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    // Read now: React clears the event's currentTarget once the handler returns.
    const value = event.currentTarget.value;
    setFields((current) => ({ ...current, [name]: value }));
  };

  return (
    <Container size="md" py="xl">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="xl">
          <div>
            <Title order={1}>
              {t('consultation.title')}
            </Title>
            <Text c="dimmed" mt={4}>
              {t('consultation.intro')}
            </Text>
          </div>

          {types.isPending ? (
            <Skeleton height={120} radius="md" />
          ) : (types.data ?? []).length === 0 ? (
            <Alert color="blue" title={t('consultation.none.title')}>
              {t('consultation.none.text')}
            </Alert>
          ) : (
            <TypeCards
              types={types.data ?? []}
              value={type?.id ?? null}
              onChange={(value) => {
                setTypeId(value);
                if (value !== null) sendStep('type-chosen');
                setConsultantId(null);
                setTime(null);
                setTaken(null);
              }}
            />
          )}

          {type !== undefined && (
            <Paper withBorder shadow="xs" radius="lg" p={{ base: 'md', sm: 'lg' }}>
              <Stack gap="md">
                <StepTitle number={2}>{t('consultation.when')}</StepTitle>
                {type.allowPickConsultant && type.consultants.length > 1 && (
                  <Select
                    label={t('consultation.consultant')}
                    placeholder={t('consultation.anyone')}
                    data={type.consultants.map((consultant) => ({ value: consultant.id, label: consultant.name }))}
                    value={consultantId}
                    clearable
                    maw={320}
                    onChange={(value) => {
                      setConsultantId(value);
                      setTime(null);
                    }}
                  />
                )}
                <TimePicker
                  typeId={type.id}
                  timeZone={timeZone}
                  onTimeZoneChange={setTimeZone}
                  selected={time}
                  consultantId={consultantId}
                  onSelect={(picked) => {
                    setTime(picked);
                    if (picked !== null) {
                      setTaken(null);
                      sendStep('time-chosen');
                    }
                  }}
                />
                {taken !== null && (
                  <Alert color="orange" title={taken.message} role="alert">
                    <NextFreeTimes
                      times={taken.next}
                      after={taken.after}
                      timeZone={timeZone}
                      onSelect={(picked) => {
                        setTime(picked);
                        setTaken(null);
                      }}
                    />
                  </Alert>
                )}
              </Stack>
            </Paper>
          )}

          {type !== undefined && time !== null && (
            <Paper withBorder shadow="xs" radius="lg" p={{ base: 'md', sm: 'lg' }} ref={details} style={{ scrollMarginTop: 96 }}>
              <Stack gap="md">
                <StepTitle number={3}>{t('consultation.details')}</StepTitle>
                <div className={classes.detailsLayout}>
                  <div className={classes.summary}>
                    <ConsultationFacts
                      label={t('consultation.chosenLabel')}
                      type={titleOf(type)}
                      startsAt={time.startsAt}
                      endsAt={time.endsAt}
                      timeZone={timeZone}
                      where={t(LOCATION_WORDS[type.locationKind])}
                    />
                  </div>
                  <Stack gap="sm">
                    <div className={classes.fieldPair}>
                      <TextInput label={t('consultation.name')} required autoComplete="name" value={fields.visitorName} onChange={set('visitorName')} error={errors.visitorName} />
                      <TextInput label={t('consultation.email')} type="email" required autoComplete="email" value={fields.visitorEmail} onChange={set('visitorEmail')} error={errors.visitorEmail} />
                    </div>
                    <div className={classes.fieldPair}>
                      <TextInput label={t('consultation.phone')} type="tel" autoComplete="tel" value={fields.visitorPhone} onChange={set('visitorPhone')} error={errors.visitorPhone} />
                      <TextInput label={t('consultation.company')} autoComplete="organization" value={fields.visitorCompany} onChange={set('visitorCompany')} error={errors.visitorCompany} />
                    </div>
                    <Textarea label={t('consultation.message')} autosize minRows={3} value={fields.message} onChange={set('message')} error={errors.message} />
                    {book.isError && Object.keys(fieldErrorsOf(book.error, words)).length === 0 && (
                      <Alert color="red" role="alert" title={t('consultation.failed')}>
                        {messageOf(book.error, t('common.pleaseTryAgain'), words)}
                      </Alert>
                    )}
                    <Button type="submit" size="md" loading={book.isPending}>
                      {t('consultation.submit')}
                    </Button>
                    <ConsentLine />
                  </Stack>
                </div>
              </Stack>
            </Paper>
          )}
        </Stack>
      </form>
    </Container>
  );
}
