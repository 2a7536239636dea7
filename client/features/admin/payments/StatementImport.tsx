// The Payments screen's statement upload: the bank's statement (CAMT.053 or CSV) sent whole; every
// line that carries an awaiting booking's reference with its total pays it (the participant gets the
// receipt), and the lines that paid nothing are listed with the reason, for a person to decide.
import { Badge, Button, FileInput, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { formatPaymentReference, type StatementImportResult, UNMATCHED_REASON_LABELS } from '@server/payments/payments.schemas';
import { formatMoney } from '@server/shared/money';
import { ScrollTable } from '@client/features/admin/kit/ScrollTable';
import { useDates } from '@client/use-dates';
import { StatementUploadError, STATEMENT_MAX_MB, uploadStatement } from './statement-upload';

type Line = StatementImportResult['paid'][number];

function plural(count: number, one: string, many: string): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;
}

function LinesTable({ label, lines, reasons }: { label: string; lines: (Line & { reason?: keyof typeof UNMATCHED_REASON_LABELS })[]; reasons: boolean }) {
  const dates = useDates();
  return (
    <ScrollTable minWidth={640} label={label}>
      <Table withTableBorder striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Line</Table.Th>
            <Table.Th>Booked on</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
            <Table.Th>Reference</Table.Th>
            <Table.Th>{reasons ? 'Why it paid nothing' : 'Outcome'}</Table.Th>
            <Table.Th>Text</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((line) => (
            <Table.Tr key={line.position}>
              <Table.Td>{line.position}</Table.Td>
              <Table.Td>{line.bookedOn === null ? '–' : dates.shortDate(`${line.bookedOn}T12:00:00Z`, 'UTC')}</Table.Td>
              <Table.Td ta="right">{line.amountMinor === null ? '–' : formatMoney(line.amountMinor, line.currency ?? 'EUR', 'en-US')}</Table.Td>
              <Table.Td>{line.reference === null ? '–' : formatPaymentReference(line.reference)}</Table.Td>
              <Table.Td>
                <Text size="sm">{line.reason === undefined ? 'Paid: receipt sent' : UNMATCHED_REASON_LABELS[line.reason]}</Text>
              </Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{line.text === '' ? '–' : line.text}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}

function ImportResult({ result }: { result: StatementImportResult }) {
  return (
    <Stack gap="md" aria-live="polite">
      <Group gap="xs">
        <Badge color="green" variant="light">
          {plural(result.paid.length, 'booking paid', 'bookings paid')}
        </Badge>
        <Badge color={result.unmatched.length === 0 ? 'gray' : 'orange'} variant="light">
          {plural(result.unmatched.length, 'line to check', 'lines to check')}
        </Badge>
        {result.alreadyImported > 0 && (
          <Badge color="gray" variant="light">
            {plural(result.alreadyImported, 'line already imported', 'lines already imported')}
          </Badge>
        )}
        {result.outgoing > 0 && (
          <Badge color="gray" variant="light">
            {plural(result.outgoing, 'outgoing payment skipped', 'outgoing payments skipped')}
          </Badge>
        )}
      </Group>
      <Text size="sm" c="dimmed">
        {plural(result.lines, 'line', 'lines')} read from the {result.format === 'camt053' ? 'CAMT.053' : 'CSV'} statement.
      </Text>
      {result.unmatched.length > 0 && (
        <Stack gap={4}>
          <Text fw={600} component="h3">
            Lines to check
          </Text>
          <Text size="sm" c="dimmed">
            These paid nothing. Look at each with the payer: a booking is paid only by its full total, by hand from the booking if need be.
          </Text>
          <LinesTable label="Lines to check" lines={result.unmatched} reasons />
        </Stack>
      )}
      {result.paid.length > 0 && (
        <Stack gap={4}>
          <Text fw={600} component="h3">
            Bookings paid
          </Text>
          <LinesTable label="Bookings paid" lines={result.paid} reasons={false} />
        </Stack>
      )}
    </Stack>
  );
}

export function StatementImport() {
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<StatementImportResult | null>(null);
  const send = async () => {
    if (file === null) {
      setError('Choose the statement file first.');
      return;
    }
    setSending(true);
    setError(null);
    try {
      const answer = await uploadStatement(file);
      setResult(answer);
      // Bookings just paid show their new status everywhere.
      await queryClient.invalidateQueries();
    } catch (caught) {
      setError(caught instanceof StatementUploadError ? caught.message : 'The statement could not be imported. Please try again.');
    } finally {
      setSending(false);
    }
  };
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="statement-heading">
      <Stack gap="md">
        <div>
          <Text fw={700} component="h2" size="lg" id="statement-heading">
            Import a Bank Statement
          </Text>
          <Text size="sm" c="dimmed">
            The statement your bank exports: CAMT.053 (XML) or CSV with date, amount and reference columns, at most {STATEMENT_MAX_MB} MB. Uploading the same statement again pays nothing twice. A single transfer can also be recorded by hand: open the booking and use Mark Paid.
          </Text>
        </div>
        <Group align="flex-end" wrap="wrap">
          <FileInput
            label="Statement file"
            placeholder="Choose a .xml or .csv file"
            accept=".xml,.csv,.txt,text/xml,application/xml,text/csv"
            clearable
            clearButtonProps={{ 'aria-label': 'Clear statement file' }}
            value={file}
            onChange={(picked) => {
              setFile(picked);
              setError(null);
            }}
            error={error}
            w={{ base: '100%', sm: 360 }}
          />
          <Button onClick={() => void send()} loading={sending}>
            Import Statement
          </Button>
        </Group>
        {result !== null && <ImportResult result={result} />}
      </Stack>
    </Paper>
  );
}
