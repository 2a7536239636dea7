// A date and time in the site's zone: Mantine's calendar and hour and minute fields instead of the
// browser's datetime-local field (mm/dd/yyyy, a 12- or 24-hour clock, whichever the browser says).
// The value is the site's wall clock (site-wall-clock.ts), '' when empty; the field shows it as
// every back-office time is shown, through the page's date formatter with the zone named:
// 'Mar 10, 2026, 9:30 AM EDT'. The calendar opens in a popover, 292 px wide, which fits a 375 px
// phone too (a modal of its own would not do: Escape there also closed the form's modal under it).
import { DateTimePicker } from '@mantine/dates';
import type { ReactNode } from 'react';
import { useDates } from '@client/use-dates';
import { CALENDAR_LABELS, TIME_LABELS } from './calendar-labels';
import { fromSiteWallClock } from './site-wall-clock';

interface SiteDateTimePickerProps {
  label: string;
  description?: string;
  placeholder?: string;
  withAsterisk?: boolean;
  /** Can be emptied (its clear button is named 'Clear <label>'). */
  clearable?: boolean;
  timeZone: string;
  /** The site's wall clock, 'YYYY-MM-DD HH:mm:ss'; '' (or none) when empty. */
  value?: string;
  onChange: (value: string) => void;
  onFocus?: () => void;
  onBlur?: () => void;
  error?: ReactNode;
  'data-autofocus'?: boolean;
}

export function SiteDateTimePicker({ label, timeZone, value = '', onChange, clearable = false, ...rest }: SiteDateTimePickerProps) {
  const dates = useDates();
  return (
    <DateTimePicker
      {...rest}
      label={label}
      value={value === '' ? null : value}
      onChange={(next) => onChange(next ?? '')}
      valueFormat={(wallClock) => {
        const iso = fromSiteWallClock(wallClock, timeZone);
        return iso === '' ? '' : dates.dateTime(iso, timeZone);
      }}
      clearable={clearable}
      clearButtonProps={{ 'aria-label': `Clear ${label}` }}
      ariaLabels={CALENDAR_LABELS}
      timePickerProps={TIME_LABELS.timePicker}
      submitButtonProps={{ 'aria-label': TIME_LABELS.submit }}
    />
  );
}
