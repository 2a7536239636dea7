// The names a screen reader gives the arrows and headings of a Mantine date picker's calendar
// (`ariaLabels`): without them the month arrows are unnamed buttons. One set for every date picker
// of the back office.
export const CALENDAR_LABELS = {
  previousMonth: 'Previous month',
  nextMonth: 'Next month',
  previousYear: 'Previous year',
  nextYear: 'Next year',
  previousDecade: 'Previous decade',
  nextDecade: 'Next decade',
  monthLevelControl: 'Choose a month',
  yearLevelControl: 'Choose a year',
};

/** The hour and minute fields of a date-and-time picker, and its button that sets the value. */
export const TIME_LABELS = {
  timePicker: { hoursInputLabel: 'Hours', minutesInputLabel: 'Minutes' },
  submit: 'Set date and time',
};
