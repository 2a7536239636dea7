// How full a slot is, as a colour for the eye and a word for everyone (colour alone tells nothing to
// a screen reader or to a reader who cannot tell green from red).

export interface Fullness {
  /** A Mantine colour: green under half, yellow under full, red full, blue with no limit. */
  color: 'green' | 'yellow' | 'red' | 'blue';
  label: 'Seats free' | 'Filling up' | 'Full' | 'No limit';
  /** '3 / 20' or, with no limit, '3 booked'. */
  seats: string;
}

export function slotFullness(booked: number, capacity: number | null): Fullness {
  if (capacity === null) return { color: 'blue', label: 'No limit', seats: `${booked} booked` };
  const seats = `${booked} / ${capacity}`;
  if (booked >= capacity) return { color: 'red', label: 'Full', seats };
  if (booked * 2 >= capacity) return { color: 'yellow', label: 'Filling up', seats };
  return { color: 'green', label: 'Seats free', seats };
}
