// The session wizard's values, their validation with the shared schemas, and how they become the
// one save call (sessions.create / sessions.update). Times are entered in the site's timezone and
// travel as UTC ISO strings; every conversion goes through server/shared/time.ts.
import type { FormErrors } from '@mantine/form';
import { schemaResolver } from '@mantine/form';
import { delegateFields, DEFAULT_MAX_PARTICIPANTS, sessionFields, timeSlotFields } from '@server/sessions/sessions.schemas';
import { utcToZonedParts, zonedDateTimeToUtc } from '@server/shared/time';
import type { RouterInputs, RouterOutputs } from '@client/trpc';
import { majorToMinor, minorToMajor } from '@server/shared/money';
import { fromSiteWallClock } from '@client/features/admin/kit/site-wall-clock';
import { emptyTranslations, type TranslatedFormTexts, translationsForForm } from '@client/features/admin/kit/TranslatedTextFields';

/** The session's texts that have a value per language. */
export const TRANSLATED_SESSION_FIELDS = [
  { key: 'title', label: 'title' },
  { key: 'description', label: 'description', multiline: true },
] as const;
const TRANSLATED_KEYS = TRANSLATED_SESSION_FIELDS.map((field) => field.key);

export type SessionDetail = RouterOutputs['sessions']['get'];
export type Delegate = RouterOutputs['delegates']['list']['items'][number];

export interface DetailsValues {
  eventId: string;
  title: string;
  description: string;
  /** The title and description in the other languages ('' for not translated). */
  translations: TranslatedFormTexts<(typeof TRANSLATED_KEYS)[number]>;
  location: string;
  facilitator: string;
  /** NumberInput gives '' when empty. */
  maxParticipants: number | string;
  unlimited: boolean;
  /** When a seat frees: 'now' promotes the first waitlisted at once, 'offer' offers it for offerHours. */
  waitlist: 'now' | 'offer';
  /** NumberInput gives '' when empty. */
  offerHours: number | string;
  /** A paid session: a price per seat and a tax rate; else free. */
  paid: boolean;
  /** In major units (119.50) as typed; NumberInput gives '' when empty. */
  priceAmount: number | string;
  /** The price's currency: the session's own, else the site's (Settings, System). */
  currency: string;
  /** NumberInput gives '' when empty. */
  taxRatePercent: number | string;
  isActive: boolean;
}

export interface DelegateFormValues {
  name: string;
  email: string;
  phone: string;
  organization: string;
  position: string;
}

/** A slot as the wizard holds it: `id` for stored slots, `key` for React and edits. */
export interface DraftSlot {
  key: string;
  id?: string;
  startTime: string;
  endTime: string;
}

export const EMPTY_DETAILS: DetailsValues = {
  eventId: '',
  title: '',
  description: '',
  translations: emptyTranslations(TRANSLATED_KEYS),
  location: '',
  facilitator: '',
  maxParticipants: DEFAULT_MAX_PARTICIPANTS,
  unlimited: false,
  waitlist: 'now',
  offerHours: 24,
  paid: false,
  priceAmount: '',
  currency: 'EUR',
  taxRatePercent: 0,
  isActive: true,
};

/** A new session's values, priced (when it is) in the site's currency. */
export function emptyDetails(siteCurrency: string): DetailsValues {
  return { ...EMPTY_DETAILS, currency: siteCurrency };
}

export const EMPTY_DELEGATE: DelegateFormValues = { name: '', email: '', phone: '', organization: '', position: '' };

export function detailsOf(session: SessionDetail, siteCurrency: string): DetailsValues {
  const { price } = session;
  return {
    eventId: session.eventId,
    title: session.title,
    description: session.description ?? '',
    translations: translationsForForm(TRANSLATED_KEYS, session.translations),
    location: session.location ?? '',
    facilitator: session.facilitator ?? '',
    maxParticipants: session.maxParticipants ?? DEFAULT_MAX_PARTICIPANTS,
    unlimited: session.maxParticipants === null,
    waitlist: session.offerHours === null ? 'now' : 'offer',
    offerHours: session.offerHours ?? 24,
    paid: price !== null,
    priceAmount: price === null ? '' : minorToMajor(price.amountMinor, price.currency),
    currency: price?.currency ?? siteCurrency,
    taxRatePercent: price?.taxRatePercent ?? 0,
    isActive: session.isActive,
  };
}

export function delegateFormOf(delegate: Delegate): DelegateFormValues {
  return {
    name: delegate.name,
    email: delegate.email,
    phone: delegate.phone ?? '',
    organization: delegate.organization ?? '',
    position: delegate.position ?? '',
  };
}

/** The session's fields as the API takes them; an empty capacity is 0 so it fails 'at least 1'. */
export function sessionFieldsOf(values: DetailsValues) {
  let maxParticipants: number | null = null;
  if (!values.unlimited) maxParticipants = typeof values.maxParticipants === 'number' ? values.maxParticipants : 0;
  return {
    eventId: values.eventId,
    title: values.title,
    description: values.description,
    translations: values.translations,
    location: values.location,
    facilitator: values.facilitator,
    maxParticipants,
    // An empty number of hours is 0, so it fails 'at least 1'.
    offerHours: values.waitlist === 'now' ? null : typeof values.offerHours === 'number' ? values.offerHours : 0,
    price: priceOf(values),
    isActive: values.isActive,
  };
}

/** An empty price is 0 and an empty tax rate -1, so each fails its own message. */
function priceOf(values: DetailsValues) {
  if (!values.paid) return null;
  return {
    amountMinor: typeof values.priceAmount === 'number' ? majorToMinor(values.priceAmount, values.currency) : 0,
    currency: values.currency,
    taxRatePercent: typeof values.taxRatePercent === 'number' ? values.taxRatePercent : -1,
  };
}

/** The schema names the price's parts `price.amountMinor`...; the form's fields are priceAmount and taxRatePercent. */
export function detailErrorsOf(errors: FormErrors): FormErrors {
  const result: FormErrors = {};
  for (const [field, error] of Object.entries(errors)) {
    if (field === 'price.amountMinor' || field === 'price.currency') result.priceAmount = error;
    else if (field === 'price.taxRatePercent') result.taxRatePercent = error;
    else result[field] = error;
  }
  return result;
}

const resolveSessionFields = schemaResolver(sessionFields, { sync: true });
export const validateDelegate = schemaResolver(delegateFields, { sync: true });
const resolveSlot = schemaResolver(timeSlotFields, { sync: true });

export function validateDetails(values: DetailsValues): FormErrors {
  return detailErrorsOf(resolveSessionFields(sessionFieldsOf(values)));
}

// ---- Time slots -------------------------------------------------------------------------------

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
export const DEFAULT_SLOT_MINUTES = 120;

let keyCounter = 0;
export function newSlotKey(): string {
  keyCounter += 1;
  return `new-${keyCounter}`;
}

export function durationMinutes(startIso: string, endIso: string): number {
  return Math.round((Date.parse(endIso) - Date.parse(startIso)) / MINUTE_MS);
}

const QUARTER_MINUTES = 15;

/**
 * A new slot starts one day ahead, rounded up to the next quarter hour of the site's wall clock
 * (10:07:30 becomes 10:15; 10:15:00 stays), and lasts 2 hours. People pick round times; an
 * unrounded minute only had to be corrected by hand.
 */
export function defaultSlotTimes(timeZone: string, now = Date.now()): { startTime: string; endTime: string } {
  const startTime = nextQuarterHour(now + DAY_MS, timeZone);
  return { startTime, endTime: new Date(Date.parse(startTime) + DEFAULT_SLOT_MINUTES * MINUTE_MS).toISOString() };
}

/** The first instant at or after `instant` whose wall-clock time in `timeZone` is on :00, :15, :30 or :45. */
export function nextQuarterHour(instant: number, timeZone: string): string {
  const local = utcToZonedParts(new Date(instant).toISOString(), timeZone);
  const [hours = 0, minutes = 0] = local.time.split(':').map(Number);
  // Every zone's offset is whole minutes, so the seconds past the minute are the same everywhere.
  const pastTheMinute = ((instant % MINUTE_MS) + MINUTE_MS) % MINUTE_MS > 0 ? 1 : 0;
  const rounded = Math.ceil((hours * 60 + minutes + pastTheMinute) / QUARTER_MINUTES) * QUARTER_MINUTES;
  let date = local.date;
  let minuteOfDay = rounded;
  if (minuteOfDay >= 24 * 60) {
    const next = new Date(`${date}T00:00:00Z`);
    next.setUTCDate(next.getUTCDate() + 1);
    date = next.toISOString().slice(0, 10);
    minuteOfDay -= 24 * 60;
  }
  const time = `${String(Math.floor(minuteOfDay / 60)).padStart(2, '0')}:${String(minuteOfDay % 60).padStart(2, '0')}`;
  // A wall time in a spring-forward gap moves forward by the gap, which keeps it on a quarter hour.
  return zonedDateTimeToUtc(date, time, timeZone);
}

/** The slot modal's fields: the site's wall clock ('YYYY-MM-DD HH:mm:ss', kit/site-wall-clock.ts), '' when empty. */
export interface SlotFormValues {
  start: string;
  end: string;
}

export function validateSlotForm(values: SlotFormValues, timeZone: string): FormErrors {
  const errors = resolveSlot({ startTime: fromSiteWallClock(values.start, timeZone), endTime: fromSiteWallClock(values.end, timeZone) });
  // The form's fields are `start` and `end`; the schema's are startTime and endTime.
  const result: FormErrors = {};
  if (errors.startTime !== undefined) result.start = errors.startTime;
  if (errors.endTime !== undefined) result.end = errors.endTime;
  return result;
}

export function sortSlots(slots: DraftSlot[]): DraftSlot[] {
  return [...slots].sort((a, b) => Date.parse(a.startTime) - Date.parse(b.startTime));
}

// ---- The save ---------------------------------------------------------------------------------

/** Stored delegates keep their bio and photo: the wizard does not edit them, the save must not wipe them. */
function storedDelegateInput(delegate: Delegate) {
  return {
    id: delegate.id,
    name: delegate.name,
    email: delegate.email,
    phone: delegate.phone,
    organization: delegate.organization,
    position: delegate.position,
    bio: delegate.bio,
    photoUrl: delegate.photoUrl,
  };
}

export function createInputOf(
  details: DetailsValues,
  slots: DraftSlot[],
  newDelegate: DelegateFormValues | null,
): RouterInputs['sessions']['create'] {
  return {
    ...sessionFieldsOf(details),
    timeSlots: slots.map((slot) => ({ startTime: slot.startTime, endTime: slot.endTime })),
    delegates: newDelegate === null ? [] : [newDelegate],
  };
}

/** The full wanted lists: the server keeps items with ids, creates the others, removes the rest. */
export function updateInputOf(
  id: string,
  details: DetailsValues,
  slots: DraftSlot[],
  ownDelegates: Delegate[],
  newDelegate: DelegateFormValues | null,
): RouterInputs['sessions']['update'] {
  const fields = sessionFieldsOf(details);
  return {
    id,
    ...fields,
    timeSlots: slots.map((slot) => ({ ...(slot.id === undefined ? {} : { id: slot.id }), startTime: slot.startTime, endTime: slot.endTime })),
    delegates: [...ownDelegates.map(storedDelegateInput), ...(newDelegate === null ? [] : [newDelegate])],
  };
}
