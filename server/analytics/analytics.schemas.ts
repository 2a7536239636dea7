// What a beacon may say, where a visit came from, and the analytics screen's inputs. Shared with the
// browser: the beacon script and the booking forms send these shapes.
import { z } from 'zod';
import { keyed } from '@server/shared/i18n/schema-messages';

/** The steps a page reports by beacon. The two "booked" steps are never beacons: they count stored rows. */
export const BEACON_STEPS = [
  'pageview',
  'event-viewed',
  'booking-started',
  'slot-chosen',
  'details-entered',
  'type-chosen',
  'time-chosen',
  'contact-sent',
] as const;
export type BeaconStep = (typeof BEACON_STEPS)[number];

/** An event's funnel, in order; its last step is the bookings stored. */
export const EVENT_FUNNEL = ['event-viewed', 'booking-started', 'slot-chosen', 'details-entered', 'booked'] as const;
/** The consultations' funnel, in order; its last step is the consultations stored. */
export const CONSULTATION_FUNNEL = ['type-chosen', 'time-chosen', 'booked'] as const;

export const DEVICE_CLASSES = ['mobile', 'tablet', 'desktop'] as const;
export type DeviceClass = (typeof DEVICE_CLASSES)[number];

/** The longest beacon body the server reads; anything longer is dropped unread. */
export const BEACON_MAX_BYTES = 2048;

const utmValue = z.string().trim().max(100).optional();
const host = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .regex(/^[a-z0-9.:-]*$/)
  .optional();

/**
 * Where a visit began, as the browser kept it for the visit (sessionStorage, no cookie): the host
 * of the landing page's referrer and its utm_* parameters.
 */
export const visitFields = z.object({ ref: host, us: utmValue, um: utmValue, uc: utmValue });
export type VisitFields = z.infer<typeof visitFields>;

/**
 * A booking form's `visit`: never a reason to refuse a booking, so a malformed one reads as none.
 */
export const visitInput = visitFields.optional().catch(undefined);

/** What a booking or a consultation stores about the visit that made it (columns visit_*). */
export interface VisitAttribution {
  visitSource: string | null;
  visitUtmSource: string | null;
  visitUtmMedium: string | null;
  visitUtmCampaign: string | null;
}

export const NO_VISIT: VisitAttribution = { visitSource: null, visitUtmSource: null, visitUtmMedium: null, visitUtmCampaign: null };

/** A beacon (short keys: the script that sends it must stay under 1 KB). */
export const beaconInput = visitFields.extend({
  /** The page's path (no query string; never a manage link's, whose address is a key). */
  p: z
    .string()
    .max(300)
    .regex(/^\/[^?#\s]*$/)
    .refine((path) => !path.includes('/manage/')),
  /** The step; a page view when absent. */
  s: z.enum(BEACON_STEPS).default('pageview'),
  /** The event it concerns, if any. */
  e: z.string().trim().max(64).regex(/^[A-Za-z0-9_-]*$/).optional(),
  l: z.string().max(8).optional(),
});
export type BeaconInput = z.infer<typeof beaconInput>;

const DAY = keyed('message.dateInvalid', 'Please enter a date as YYYY-MM-DD');
const day = z.string({ error: DAY }).regex(/^\d{4}-\d{2}-\d{2}$/, DAY);
const RANGE_REVERSED = keyed('api.bookings.rangeReversed', 'The end date must be on or after the start date');
const RANGE_TOO_LONG = keyed('api.analytics.rangeTooLong', 'Choose a range of at most three years');

/** The days of a range, both included (UTC days, like the aggregates'). */
const range = { from: day, to: day };
const rangeChecks = <T extends { from: string; to: string }>(schema: z.ZodType<T>) =>
  schema
    .refine((value) => value.from <= value.to, { message: RANGE_REVERSED, path: ['to'] })
    .refine((value) => Date.parse(value.to) - Date.parse(value.from) <= 3 * 366 * 86_400_000, { message: RANGE_TOO_LONG, path: ['from'] });

const filters = {
  eventId: z.string().trim().max(64).optional(),
  source: z.string().trim().max(253).optional(),
  language: z.string().trim().max(8).optional(),
  device: z.enum(DEVICE_CLASSES).optional(),
};

export const analyticsFilterInput = rangeChecks(z.object({ ...range, ...filters }));
export type AnalyticsFilterInput = z.infer<typeof analyticsFilterInput>;

/** `eventId` absent: the consultations' funnel. */
export const funnelInput = rangeChecks(z.object({ ...range, eventId: z.string().trim().max(64).optional() }));
export type FunnelInput = z.infer<typeof funnelInput>;
