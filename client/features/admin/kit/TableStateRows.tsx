// Placeholder rows inside a table body: skeletons while loading, one message row when empty.
import { Skeleton, Table, Text } from '@mantine/core';

export function TableStateRows({
  loading,
  empty,
  columns,
  emptyText,
}: {
  loading: boolean;
  empty: boolean;
  columns: number;
  emptyText: string;
}) {
  if (loading) {
    return [0, 1, 2].map((row) => (
      <Table.Tr key={row}>
        <Table.Td colSpan={columns}>
          <Skeleton height={20} />
        </Table.Td>
      </Table.Tr>
    ));
  }
  if (!empty) return null;
  return (
    <Table.Tr>
      <Table.Td colSpan={columns}>
        <Text ta="center" c="dimmed" py="md">
          {emptyText}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}
