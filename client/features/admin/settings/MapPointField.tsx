// The Site tab's map point: picked with a click on a map, shown read-only under it, cleared with one
// button; the latitude and longitude boxes stay as the keyboard's way in, behind a disclosure that
// opens by itself when one of them is refused.
import { Button, Collapse, Group, NumberInput, Skeleton, Stack, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { lazy, Suspense, useId, useState } from 'react';
import type { MapPoint } from '@server/shared/site-identity';
import type { SiteFormValues } from './SiteTab';

// Leaflet, its style sheet and the tiles only for the admin who opens this tab with a map chosen.
const MapPicker = lazy(() => import('./MapPicker').then((module) => ({ default: module.MapPicker })));

function numberOf(value: number | string): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (value.trim() === '') return null;
  const parsed = Number(value);
  return Number.isFinite(parsed) ? parsed : null;
}

/** Six decimals: about 10 cm, finer than a map needs and what the boxes show. */
function sixDecimals(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

export function MapPointField({ form }: { form: UseFormReturnType<SiteFormValues> }) {
  const coordinatesId = useId();
  const [typing, setTyping] = useState(false);
  const latitude = numberOf(form.values.mapLatitude);
  const longitude = numberOf(form.values.mapLongitude);
  const point: MapPoint | null = latitude !== null && longitude !== null ? { latitude, longitude } : null;
  const refused = form.errors.mapLatitude !== undefined || form.errors.mapLongitude !== undefined;
  const open = typing || refused;

  const setPoint = (picked: MapPoint | null) => {
    form.setFieldValue('mapLatitude', picked === null ? '' : sixDecimals(picked.latitude));
    form.setFieldValue('mapLongitude', picked === null ? '' : sixDecimals(picked.longitude));
  };

  return (
    <Stack gap="xs">
      <Suspense fallback={<Skeleton height={280} radius="md" aria-label="Loading the map" />}>
        <MapPicker point={point} onPick={setPoint} />
      </Suspense>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="sm" aria-live="polite">
          {point === null ? 'No point yet: click the map where the firm is.' : `Point: ${point.latitude.toFixed(6)}, ${point.longitude.toFixed(6)}`}
        </Text>
        <Group gap="xs">
          {point !== null && (
            <Button variant="subtle" color="red" size="compact-sm" onClick={() => setPoint(null)}>
              Clear
            </Button>
          )}
          <Button variant="subtle" size="compact-sm" aria-expanded={open} aria-controls={coordinatesId} onClick={() => setTyping(!open)}>
            Enter coordinates
          </Button>
        </Group>
      </Group>
      <Collapse expanded={open} id={coordinatesId}>
        <Group grow align="flex-start" wrap="wrap">
          <NumberInput label="Latitude" decimalScale={6} min={-90} max={90} clampBehavior="none" withAsterisk {...form.getInputProps('mapLatitude')} />
          <NumberInput label="Longitude" decimalScale={6} min={-180} max={180} clampBehavior="none" withAsterisk {...form.getInputProps('mapLongitude')} />
        </Group>
      </Collapse>
    </Stack>
  );
}
