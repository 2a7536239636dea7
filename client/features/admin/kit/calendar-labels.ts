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
