// The seats of a slot in words, as the booking form says them, in the page's language.
import type { Translator } from '@client/i18n';

export function seatsText(slot: { isFull: boolean; seatsLeft: number | null }, t: Translator['t']): string {
  if (slot.isFull) return t('event.seats.full');
  if (slot.seatsLeft === null) return t('event.seats.available');
  return t('event.seats.left', { count: slot.seatsLeft });
}
