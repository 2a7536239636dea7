// What a person reads and types to set a back-office date-and-time picker (kit/SiteDateTimePicker)
// to the site's wall clock 'YYYY-MM-DD HH:mm': the year and the month's name to climb to, the
// day's name in the calendar ('1 July 2031'), the hours and the minutes. The jsdom driver
// (tests/client/pick-date-time.ts) and the browser's (tests/e2e/support.ts) both read it.
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

export interface WallClockParts {
  year: string;
  monthName: string;
  dayName: string;
  hours: string;
  minutes: string;
}

export function wallClockParts(wallClock: string): WallClockParts {
  const match = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2})$/.exec(wallClock);
  if (match === null) throw new Error(`Not a wall-clock time: ${wallClock}`);
  const [year, month, day, hours, minutes] = match.slice(1) as [string, string, string, string, string];
  const monthName = MONTHS[Number(month) - 1] ?? '';
  return { year, monthName, dayName: `${Number(day)} ${monthName} ${year}`, hours, minutes };
}
