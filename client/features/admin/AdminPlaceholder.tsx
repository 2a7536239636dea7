// Stand-in for back-office screens not built yet: names the screen so navigation can be tested.
import { Stack, Text, Title } from '@mantine/core';
import { useMatches } from '@tanstack/react-router';

export function AdminPlaceholder() {
  const title = useMatches({ select: (matches) => matches.at(-1)?.staticData.title ?? 'Back office' });
  return (
    <Stack>
      <Title order={1} size="h2">
        {title}
      </Title>
      <Text c="dimmed">This screen is being built.</Text>
    </Stack>
  );
}
