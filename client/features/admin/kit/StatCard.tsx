import { Group, Paper, Skeleton, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export function StatCard({ label, value, icon, loading = false }: { label: string; value: ReactNode; icon?: ReactNode; loading?: boolean }) {
  return (
    <Paper withBorder p="md" radius="md" aria-label={label}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div>
          <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
            {label}
          </Text>
          {loading ? (
            <Skeleton height={28} width={60} mt={6} />
          ) : (
            <Text fw={700} size="xl" mt={4}>
              {value}
            </Text>
          )}
        </div>
        {icon}
      </Group>
    </Paper>
  );
}
