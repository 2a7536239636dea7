// The seats of a slot in words, as the booking form says them.
export function seatsText(slot: { isFull: boolean; seatsLeft: number | null }): string {
  if (slot.isFull) return 'Full – join the waitlist';
  if (slot.seatsLeft === null) return 'Seats available';
  return `${slot.seatsLeft} ${slot.seatsLeft === 1 ? 'seat' : 'seats'} left`;
}
