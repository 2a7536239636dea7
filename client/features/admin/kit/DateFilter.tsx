// A day filter of a back-office list: Mantine's date picker (a calendar on every browser, the day
// written out, e.g. "13 Mar 2026") instead of the browser's own mm/dd/yyyy field. The value is the
// list's 'yyyy-mm-dd' day, or undefined for any day.
import { DatePickerInput } from '@mantine/dates';
import type { StyleProp } from '@mantine/core';
import type { CSSProperties } from 'react';
import { CALENDAR_LABELS } from './calendar-labels';

interface DateFilterProps {
  label: string;
  description?: string;
  value: string | undefined;
  onChange: (day: string | undefined) => void;
  /** The first and last days that can be picked ('yyyy-mm-dd'). */
  minDate?: string;
  maxDate?: string;
  error?: string;
  w?: StyleProp<CSSProperties['width']>;
}

export function DateFilter({ label, description, value, onChange, minDate, maxDate, error, w }: DateFilterProps) {
  return (
    <DatePickerInput
      label={label}
      description={description}
      placeholder="Any day"
      valueFormat="D MMM YYYY"
      clearable
      ariaLabels={CALENDAR_LABELS}
      clearButtonProps={{ 'aria-label': `Clear ${label}` }}
      value={value ?? null}
      onChange={(day) => onChange(day === null || day === '' ? undefined : day)}
      minDate={minDate}
      maxDate={maxDate}
      // An empty end of a range opens on the month of its other end.
      defaultDate={value ?? minDate ?? maxDate}
      error={error}
      w={w}
    />
  );
}
