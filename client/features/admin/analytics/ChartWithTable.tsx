// A chart and the same figures as a table. The chart is a picture for sighted readers (hidden from
// screen readers, which cannot read an SVG of lines); the table is what a screen reader reads, and
// anyone can show it with "Show as table" (to copy a figure, or read exact values).
import { Button, Group, Paper, Table, Text, VisuallyHidden } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { ScrollTable } from '@client/features/admin/kit/ScrollTable';

export interface ChartColumn<Row> {
  label: string;
  value: (row: Row) => string | number;
}

interface FigureTableProps<Row> {
  rows: Row[];
  columns: ChartColumn<Row>[];
  rowKey: (row: Row) => string;
}

/** Figures as a plain table: a column per figure, a row per day, page or step. */
export function FigureTable<Row>({ rows, columns, rowKey }: FigureTableProps<Row>) {
  return (
    <Table striped>
      <Table.Thead>
        <Table.Tr>
          {columns.map((column) => (
            <Table.Th key={column.label}>{column.label}</Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={rowKey(row)}>
            {columns.map((column) => (
              // A long page address breaks anywhere rather than widen the table.
              <Table.Td key={column.label} style={{ overflowWrap: 'anywhere' }}>
                {column.value(row)}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

export function ChartWithTable<Row>({
  title,
  chart,
  rows,
  columns,
  rowKey,
  empty,
}: FigureTableProps<Row> & {
  title: string;
  chart: ReactNode;
  /** Shown instead of the chart when there is nothing to draw. */
  empty?: string;
}) {
  const [shown, { toggle }] = useDisclosure(false);
  // Unframed when visually hidden: a scrolling frame takes keyboard focus, which an unseen one must not.
  const table = <FigureTable rows={rows} columns={columns} rowKey={rowKey} />;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={title}>
      <Group justify="space-between" mb="sm">
        <Text fw={700} component="h2" size="lg">
          {title}
        </Text>
        {empty === undefined && (
          <Button variant="subtle" size="compact-sm" onClick={toggle} aria-expanded={shown}>
            {shown ? 'Show as chart' : 'Show as table'}
          </Button>
        )}
      </Group>
      {empty !== undefined ? (
        <Text c="dimmed">{empty}</Text>
      ) : shown ? (
        <ScrollTable minWidth={360} label={`${title} as a table`}>
          {table}
        </ScrollTable>
      ) : (
        <>
          <div aria-hidden="true">{chart}</div>
          <VisuallyHidden>{table}</VisuallyHidden>
        </>
      )}
    </Paper>
  );
}
