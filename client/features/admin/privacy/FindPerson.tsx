// "Find a person" (Privacy screen): an e-mail address, then every record that holds it, grouped by
// kind; Export as JSON downloads them as one file, Erase (after a confirmation naming what goes)
// anonymises or deletes them in one audited action and says how many.
import { Alert, Button, Group, List, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { personInput } from '@server/privacy/privacy.schemas';
import { type RouterOutputs, trpc } from '@client/trpc';
import { ConfirmDialog } from '@client/features/admin/kit/ConfirmDialog';
import { FormError } from '@client/features/admin/kit/FormError';
import { useSiteTimezone } from '@client/features/admin/kit/use-site-timezone';
import { useDates } from '@client/use-dates';
import { countOf, countsText, describeRecord, kindTitle } from './person-records';

type Found = RouterOutputs['privacy']['findPerson'];

/** The export as a file the browser saves: `person-<address>.json`. */
function downloadJson(found: Found): void {
  const blob = new Blob([JSON.stringify(found, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `person-${found.email}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

function countsOf(found: Found): Record<string, number> {
  return Object.fromEntries(Object.entries(found.records).map(([kind, records]) => [kind, records.length]));
}

function Records({ found }: { found: Found }) {
  const { timeZone } = useSiteTimezone();
  const dates = useDates();
  const kinds = Object.entries(found.records);
  if (kinds.every(([, records]) => records.length === 0)) return <Text>{`Nothing is stored about ${found.email}.`}</Text>;
  return (
    <Stack gap="md">
      {kinds.map(([kind, records]) => (
        <section key={kind} aria-label={kindTitle(kind)}>
          <Title order={3}>
            {`${kindTitle(kind)} (${records.length})`}
          </Title>
          {records.length === 0 ? (
            <Text size="sm" c="dimmed">
              None.
            </Text>
          ) : (
            <List size="sm" spacing={2}>
              {records.map((record, index) => (
                <List.Item key={index}>{describeRecord(kind, record, timeZone, dates)}</List.Item>
              ))}
            </List>
          )}
        </section>
      ))}
    </Stack>
  );
}

export function FindPerson() {
  const utils = trpc.useUtils();
  const [email, setEmail] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [erased, setErased] = useState<{ email: string; text: string } | null>(null);
  const form = useForm({
    initialValues: { email: '' },
    validate: (values) => {
      const parsed = personInput.safeParse(values);
      return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
    },
  });
  const found = trpc.privacy.findPerson.useQuery({ email: email ?? '' }, { enabled: email !== null, staleTime: 0 });
  const erase = trpc.privacy.erasePerson.useMutation({
    onSuccess: async (counts, input) => {
      setConfirming(false);
      setErased({ email: input.email, text: `Erased ${countsText(counts)} of ${input.email}.` });
      await utils.privacy.findPerson.invalidate();
    },
  });
  const data = found.data;

  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="find-person-title">
      <Stack gap="md">
        <div>
          <Title order={2} id="find-person-title">
            Find a person
          </Title>
          <Text size="sm" c="dimmed">
            Every booking, consultation, contact message, e-mail and audit mention of an address: to answer
            &quot;what do you hold about me&quot; or &quot;delete me&quot;.
          </Text>
        </div>
        <form
          noValidate
          onSubmit={form.onSubmit((values) => {
            setErased(null);
            setEmail(values.email.trim().toLowerCase());
          })}
        >
          <Group align="flex-start" gap="sm">
            <TextInput label="E-mail address" type="email" withAsterisk style={{ flex: '1 1 16rem' }} {...form.getInputProps('email')} />
            <Button type="submit" mt={25} loading={found.isFetching}>
              Find
            </Button>
          </Group>
        </form>
        <FormError error={found.error} />
        {erased !== null && (
          <Alert color="teal" role="status" title="Erased">
            {erased.text}
          </Alert>
        )}
        {data !== undefined && email !== null && (
          <Stack gap="md">
            <Group justify="space-between" align="center" wrap="wrap">
              <Text fw={600}>{`Records of ${data.email}: ${countsText(countsOf(data))}`}</Text>
              <Group gap="sm">
                <Button variant="default" onClick={() => downloadJson(data)}>
                  Export as JSON
                </Button>
                <Button color="red" onClick={() => setConfirming(true)} disabled={Object.values(countsOf(data)).every((count) => count === 0)}>
                  Erase
                </Button>
              </Group>
            </Group>
            <Records found={data} />
          </Stack>
        )}
      </Stack>
      {data !== undefined && (
        <ConfirmDialog
          opened={confirming}
          onClose={() => setConfirming(false)}
          title="Erase this person's records?"
          confirmLabel="Erase"
          pending={erase.isPending}
          onConfirm={() => erase.mutate({ email: data.email })}
        >
          <Text>{`Erase every record of ${data.email}: ${Object.entries(countsOf(data))
            .filter(([, count]) => count > 0)
            .map(([kind, count]) => countOf(kind, count))
            .join(', ')}?`}</Text>
          <Text size="sm">
            Names, e-mail addresses, phone numbers and answers are replaced by a marker, and the e-mails about them are deleted;
            bookings keep their status, so counts and statistics stay. This cannot be undone.
          </Text>
          <FormError error={erase.error} />
        </ConfirmDialog>
      )}
    </Paper>
  );
}
