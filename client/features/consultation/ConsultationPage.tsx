// Book a consultation (/consultation): the type, a day and time in the visitor's zone, then the
// visitor's details. A time taken meanwhile is said so, with the next free times to pick from.
import '@client/zod-config'; // before any schema of this chunk is created
import { Alert, Button, Container, Paper, Radio, Select, Skeleton, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { bookConsultationInput } from '@server/consultations/consultations.schemas';
import { formatSlotRange } from '@server/shared/time';
import { firmText } from '@server/shared/i18n/languages';
import { useTranslator } from '@client/i18n';
import { schemaMessageIn } from '@server/shared/i18n/schema-messages';
import { fieldErrorsOf, messageOf, type RouterOutputs, trpc } from '@client/trpc';
import { type FreeTime, NextFreeTimes, TimePicker, useVisitorZone } from './TimePicker';
import { ConsentLine } from '@client/features/layout/ConsentLine';

type Booked = RouterOutputs['consultations']['book'];

const LOCATION_WORDS = { video: 'consultation.location.video', phone: 'consultation.location.phone', address: 'consultation.location.address' } as const;

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

export function ConsultationPage() {
  const words = useTranslator();
  const { t, locale, language } = words;
  // The firm's texts in the page's language, English where a translation is missing.
  const titleOf = (candidate: { title: string; translations: Parameters<typeof firmText>[1] }) => firmText(candidate.title, candidate.translations, 'title', language);
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
  const type = types.data?.find((candidate) => candidate.id === typeId);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (type === undefined || time === null) return;
    const input = {
      typeId: type.id,
      startsAt: time.startsAt,
      timeZone,
      ...(consultantId === null ? {} : { consultantId }),
      ...fields,
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
      <Container size="sm" py="xl">
        <Paper withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }} radius="lg">
          <Stack gap="md">
            <Title order={1} size="h2">
              {t('consultation.booked.title')}
            </Title>
            <Text>{t('consultation.booked.with', { type: booked.typeTitle, consultant: booked.consultantName })}</Text>
            <Text fw={600}>{formatSlotRange(booked.startsAt, booked.endsAt, timeZone, locale)}</Text>
            <Text size="sm">{t('consultation.booked.text')}</Text>
          </Stack>
        </Paper>
      </Container>
    );
  }

  const set = (name: keyof VisitorFields) => (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    // Read now: React clears the event's currentTarget once the handler returns.
    const value = event.currentTarget.value;
    setFields((current) => ({ ...current, [name]: value }));
  };

  return (
    <Container size="sm" py="xl">
      <Paper withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }} radius="lg">
        <form onSubmit={(event) => void submit(event)} noValidate>
          <Stack gap="lg">
            <Title order={1} size="h2">
              {t('consultation.title')}
            </Title>
            {types.isPending ? (
              <Skeleton height={80} />
            ) : (types.data ?? []).length === 0 ? (
              <Alert color="blue" title={t('consultation.none.title')}>
                {t('consultation.none.text')}
              </Alert>
            ) : (
              <Radio.Group
                label={t('consultation.type.label')}
                value={typeId}
                onChange={(value) => {
                  setTypeId(value);
                  setConsultantId(null);
                  setTime(null);
                  setTaken(null);
                }}
              >
                <Stack gap="xs" mt="xs">
                  {(types.data ?? []).map((candidate) => (
                    <Radio.Card key={candidate.id} value={candidate.id} p="md" radius="md">
                      <Text fw={600}>{titleOf(candidate)}</Text>
                      <Text size="sm">
                        {t('consultation.type.summary', { minutes: candidate.durationMinutes, location: t(LOCATION_WORDS[candidate.locationKind]) })}
                      </Text>
                      {candidate.description !== null && <Text size="sm">{firmText(candidate.description, candidate.translations, 'description', language)}</Text>}
                    </Radio.Card>
                  ))}
                </Stack>
              </Radio.Group>
            )}

            {type !== undefined && type.allowPickConsultant && type.consultants.length > 1 && (
              <Select
                label={t('consultation.consultant')}
                placeholder={t('consultation.anyone')}
                data={type.consultants.map((consultant) => ({ value: consultant.id, label: consultant.name }))}
                value={consultantId}
                clearable
                onChange={(value) => {
                  setConsultantId(value);
                  setTime(null);
                }}
              />
            )}

            {type !== undefined && (
              <TimePicker
                typeId={type.id}
                timeZone={timeZone}
                onTimeZoneChange={setTimeZone}
                selected={time}
                consultantId={consultantId}
                onSelect={(picked) => {
                  setTime(picked);
                  if (picked !== null) setTaken(null);
                }}
              />
            )}

            {taken !== null && (
              <Alert color="orange" title={taken.message} role="alert">
                <NextFreeTimes times={taken.next} after={taken.after} timeZone={timeZone} onSelect={(picked) => {
                  setTime(picked);
                  setTaken(null);
                }} />
              </Alert>
            )}

            {type !== undefined && time !== null && (
              <Stack gap="sm">
                <Title order={2} size="h4">
                  {t('consultation.details')}
                </Title>
                <Text size="sm">{t('consultation.chosen', { type: titleOf(type), when: formatSlotRange(time.startsAt, time.endsAt, timeZone, locale) })}</Text>
                <TextInput label={t('consultation.name')} required autoComplete="name" value={fields.visitorName} onChange={set('visitorName')} error={errors.visitorName} />
                <TextInput label={t('consultation.email')} type="email" required autoComplete="email" value={fields.visitorEmail} onChange={set('visitorEmail')} error={errors.visitorEmail} />
                <TextInput label={t('consultation.phone')} type="tel" autoComplete="tel" value={fields.visitorPhone} onChange={set('visitorPhone')} error={errors.visitorPhone} />
                <TextInput label={t('consultation.company')} autoComplete="organization" value={fields.visitorCompany} onChange={set('visitorCompany')} error={errors.visitorCompany} />
                <Textarea label={t('consultation.message')} autosize minRows={3} value={fields.message} onChange={set('message')} error={errors.message} />
                {book.isError && Object.keys(fieldErrorsOf(book.error, words)).length === 0 && (
                  <Alert color="red" role="alert" title={t('consultation.failed')}>
                    {messageOf(book.error, t('common.pleaseTryAgain'), words)}
                  </Alert>
                )}
                <Button type="submit" loading={book.isPending}>
                  {t('consultation.submit')}
                </Button>
                <ConsentLine />
              </Stack>
            )}
          </Stack>
        </form>
      </Paper>
    </Container>
  );
}
