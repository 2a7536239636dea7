// Sets a back-office date-and-time picker (kit/SiteDateTimePicker) as a person does: opens it, climbs
// from the month to the decade with the calendar's heading, picks the year, the month and the day,
// types the hours and the minutes, and sets the value with the check button.
import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { wallClockParts } from '@tests/support/wall-clock';

/** `wallClock`: the site's wall clock, 'YYYY-MM-DD HH:mm'. */
export async function pickDateTime(user: UserEvent, field: HTMLElement, wallClock: string) {
  const { year, monthName, dayName, hours, minutes } = wallClockParts(wallClock);

  await user.click(field);
  const levelControl = await screen.findByRole('button', { name: 'Choose a month' });
  // The calendar opens on the month of the value it has: the day may be there already.
  if (screen.queryByRole('button', { name: dayName }) === null) await climbTo(user, levelControl, year, monthName);
  await user.click(screen.getByRole('button', { name: dayName }));
  await user.type(screen.getByRole('spinbutton', { name: 'Hours' }), hours);
  await user.type(screen.getByRole('spinbutton', { name: 'Minutes' }), minutes);
  await user.click(screen.getByRole('button', { name: 'Set date and time' }));
}

async function climbTo(user: UserEvent, levelControl: HTMLElement, year: string, monthName: string) {
  await user.click(levelControl);
  await user.click(await screen.findByRole('button', { name: 'Choose a year' }));
  for (let step = 0; step < 10 && screen.queryByRole('button', { name: year }) === null; step++) {
    const shown = screen.getAllByRole('button', { name: /^\d{4}$/ }).map((button) => Number(button.textContent));
    await user.click(screen.getByRole('button', { name: Number(year) < Math.min(...shown) ? 'Previous decade' : 'Next decade' }));
  }
  await user.click(screen.getByRole('button', { name: year }));
  await user.click(await screen.findByRole('button', { name: monthName.slice(0, 3) }));
  await screen.findByRole('button', { name: 'Choose a month' });
}
