// The event image's focal point: a small preview of the picture where a click marks its subject
// (a marker shows the point), with two number inputs for the keyboard and "Reset to centre". The
// public pages crop the picture around this point (object-position); no point is the centre.
import { Button, Group, Input, NumberInput, Stack } from '@mantine/core';
import { type MouseEvent, type ReactNode, useRef } from 'react';
import { FOCUS_CENTRE } from '@server/shared/image-focus';
import classes from './ImageFocusField.module.css';

/** NumberInput's value: '' while empty. */
export type FocusValue = number | string;

export interface ImageFocusFieldProps {
  imageUrl: string;
  x: FocusValue;
  y: FocusValue;
  onChange: (x: FocusValue, y: FocusValue) => void;
  errorX?: ReactNode;
  errorY?: ReactNode;
}

/** A percentage of `size` for a click at `offset` pixels into it, whole and within 0-100. */
/** Both coordinates: whole percents, out-of-range values left for the form's message (not clamped). */
const PERCENT_INPUT = { placeholder: '50', min: 0, max: 100, clampBehavior: 'none', allowDecimal: false, allowNegative: false } as const;

export function percentAt(offset: number, size: number): number {
  if (!(size > 0)) return FOCUS_CENTRE;
  return Math.min(100, Math.max(0, Math.round((offset / size) * 100)));
}

function shownPercent(value: FocusValue): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? Math.min(100, Math.max(0, value)) : null;
  return null;
}

export function ImageFocusField({ imageUrl, x, y, onChange, errorX, errorY }: ImageFocusFieldProps) {
  const markX = shownPercent(x);
  const markY = shownPercent(y);
  const set = markX !== null && markY !== null;

  const image = useRef<HTMLImageElement>(null);
  // Measured on the picture itself: the point is a share of the picture, whatever frames it.
  const pick = (event: MouseEvent<HTMLDivElement>) => {
    const box = (image.current ?? event.currentTarget).getBoundingClientRect();
    onChange(percentAt(event.clientX - box.left, box.width), percentAt(event.clientY - box.top, box.height));
  };

  return (
    <Input.Wrapper
      label="Image focus"
      description="Click the picture where its subject is: the site's crops keep that point in view. Empty is the centre."
    >
      <Group align="flex-start" gap="md" mt={6} wrap="wrap">
        {imageUrl.trim() !== '' && (
          // The number inputs beside it are the keyboard's way to the same values.
          <div className={classes.preview} onClick={pick} aria-hidden="true" data-testid="image-focus-preview">
            <img ref={image} className={classes.image} src={imageUrl} alt="" draggable={false} />
            <span
              className={set ? classes.marker : `${classes.marker} ${classes.markerCentre}`}
              style={{ left: `${markX ?? FOCUS_CENTRE}%`, top: `${markY ?? FOCUS_CENTRE}%` }}
            />
          </div>
        )}
        <Stack gap="xs" className={classes.inputs}>
          <Group gap="sm" grow wrap="nowrap">
            <NumberInput label="Focus X (%)" {...PERCENT_INPUT} value={x} onChange={(value) => onChange(value, y)} error={errorX} />
            <NumberInput label="Focus Y (%)" {...PERCENT_INPUT} value={y} onChange={(value) => onChange(x, value)} error={errorY} />
          </Group>
          <Button variant="default" size="xs" onClick={() => onChange('', '')} disabled={x === '' && y === ''} className={classes.reset}>
            Reset to centre
          </Button>
        </Stack>
      </Group>
    </Input.Wrapper>
  );
}
