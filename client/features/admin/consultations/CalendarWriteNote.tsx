// Under a consultation's status: whether it reached the consultant's own calendar.
import { Text } from '@mantine/core';
import type { RouterOutputs } from '@client/trpc';

type CalendarWrite = RouterOutputs['consultations']['list']['items'][number]['calendarWrite'];

const WORDS = { pending: 'Calendar: waiting to be written', written: 'Calendar: written', removed: 'Calendar: removed', failed: 'Calendar: not written' } as const;

export function CalendarWriteNote({ write }: { write: CalendarWrite }) {
  if (write === null) return null;
  return (
    <Text size="xs" c={write.state === 'failed' ? 'red.8' : 'dimmed'}>
      {WORDS[write.state]}
      {write.error === null ? '' : ` (${write.error}${write.state === 'pending' ? ', trying again' : ''})`}
    </Text>
  );
}
