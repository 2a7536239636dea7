// Table interfaces as Kysely sees them. Columns are snake_case in SQLite and camelCase here
// (CamelCasePlugin). Flags are 0/1 and times UTC ISO-8601 strings on both dialects: SQLite stores
// them so; PostgreSQL stores boolean and timestamptz, which db/postgres.ts reads back in this shape.
import type { ColumnType, Generated, Selectable } from 'kysely';

type CreatedAt = ColumnType<string, string | undefined, never>;
type UpdatedAt = ColumnType<string, string | undefined, string>;
type Flag = Generated<number>;

export type Role = 'admin' | 'user';
export const BOOKING_STATUSES = ['pending', 'confirmed', 'waitlisted', 'cancelled'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
/** The statuses that occupy a seat of a slot (docs/features.md, 'Booking rules'); waitlisted and cancelled do not. */
/** Where the money of a paid booking stands (null: a free booking). */
export const PAYMENT_STATUSES = ['awaiting', 'paid', 'refund-due', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const SEAT_HOLDING_STATUSES = ['pending', 'confirmed'] as const satisfies readonly BookingStatus[];
export const CONTACT_STATUSES = ['new', 'in-progress', 'completed', 'closed'] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];
/** pending: waiting for its next attempt; sending: claimed by the sender right now; failed: out of attempts. */
export const EMAIL_STATUSES = ['pending', 'sending', 'sent', 'failed'] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];
export const EMAIL_KINDS = [
  'booking-received',
  'booking-confirmed',
  'booking-cancelled',
  'waitlist-promoted',
  'admin-new-booking',
  'admin-new-contact',
  'booking-updated',
  'booking-reminder',
  'weekly-report',
  'system-alert',
  'account-email-changed',
  'booking-already-held',
  'waitlist-offer',
  'payment-reminder',
  'payment-expired',
  'payment-receipt',
  'consultation-booked',
  'consultation-notice',
  'consultation-cancelled',
  'consultation-rescheduled',
  'consultation-reminder',
  'calendar-failing',
] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];
export type IcsMethod = 'REQUEST' | 'CANCEL';

export interface UsersTable {
  id: string;
  email: string;
  name: string;
  passwordHash: string;
  role: Role;
  avatarUrl: string | null;
  twoFactorEnabled: Flag;
  sessionTimeoutMinutes: Generated<number>;
  notifyEmail: Flag;
  notifyNewBookings: Flag;
  notifyNewContacts: Flag;
  notifySystemAlerts: Flag;
  notifyWeeklyReports: Flag;
  /** The language of the notices this staff member receives. */
  language: Generated<string>;
  lastSignInAt: string | null;
  previousSignInAt: string | null;
  /** IANA zone of the staff member's consultation hours; null: the site's time zone. */
  timeZone: string | null;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

export interface SessionsTable {
  id: string;
  userId: string;
  expiresAt: string;
  createdAt: CreatedAt;
}

export interface SettingsTable {
  key: string;
  value: string;
  updatedAt: UpdatedAt;
}

export interface EventsTable {
  id: string;
  title: string;
  description: string | null;
  date: string | null;
  location: string | null;
  imageUrl: string | null;
  /** The image's focal point, percent of its width from the left (0-100); null with Y: the centre. */
  imageFocusX: ColumnType<number | null, number | null | undefined, number | null>;
  /** The image's focal point, percent of its height from the top (0-100); null with X: the centre. */
  imageFocusY: ColumnType<number | null, number | null | undefined, number | null>;
  videoUrl: string | null;
  registrationLink: string | null;
  attendees: string | null;
  benefits: Generated<string>;
  isActive: Flag;
  displayOrder: Generated<number>;
  /** JSON: the title and description in other languages than English, by language code. */
  translations: Generated<string>;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

export interface EventSessionsTable {
  id: string;
  eventId: string;
  title: string;
  description: string | null;
  location: string | null;
  facilitator: string | null;
  maxParticipants: number | null;
  isActive: Flag;
  /** Hours a freed seat is offered to the first waitlisted person (1-168); null: promoted at once. */
  offerHours: ColumnType<number | null, number | null | undefined, number | null>;
  /** JSON: the title and description in other languages ({"fr":{"title":…,"description":…}}). */
  translations: Generated<string>;
  /** The price per seat in minor units of priceCurrency (cents); null with the two below: free. */
  priceAmountMinor: ColumnType<number | null, number | null | undefined, number | null>;
  /** ISO 4217 code ('EUR'). */
  priceCurrency: ColumnType<string | null, string | null | undefined, string | null>;
  /** The tax rate in hundredths of a percent (19% is 1900). */
  taxRateBasisPoints: ColumnType<number | null, number | null | undefined, number | null>;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

export interface TimeSlotsTable {
  id: string;
  sessionId: string;
  startTime: string;
  endTime: string;
  createdAt: CreatedAt;
}

export interface DelegatesTable {
  id: string;
  sessionId: string | null;
  name: string;
  email: string;
  phone: string | null;
  organization: string | null;
  position: string | null;
  bio: string | null;
  photoUrl: string | null;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

export interface BookingsTable {
  id: string;
  timeSlotId: string;
  eventId: string;
  sessionId: string;
  bookingDate: Generated<string>;
  participantName: string;
  participantEmail: string;
  participantPhone: string | null;
  status: Generated<BookingStatus>;
  /** SHA-256 hex of the manage-my-booking token; the token itself is never stored. Null for old rows. */
  manageTokenHash: string | null;
  /** The .ics SEQUENCE of the latest calendar message about this booking. */
  icsSequence: Generated<number>;
  /** The language the booking was made in (a code of server/shared/i18n/languages.ts): its messages' language. */
  language: Generated<string>;
  /** A waitlisted booking offered a freed seat holds it until then; null: no open offer. */
  offerExpiresAt: ColumnType<string | null, string | null | undefined, string | null>;
  /** 10 characters shown in the confirmation e-mail (text and QR code) and scanned at the door. */
  checkInCode: ColumnType<string | null, string | null | undefined, string | null>;
  checkedInAt: ColumnType<string | null, string | null | undefined, string | null>;
  /** The staff member's name when checked in (a snapshot, like the audit log's). */
  checkedInBy: ColumnType<string | null, string | null | undefined, string | null>;
  attendance: ColumnType<'attended' | 'no-show' | null, 'attended' | 'no-show' | null | undefined, 'attended' | 'no-show' | null>;
  /** Where the visit that made it began (migration 470): a source class and the landing page's utm_* values. */
  visitSource: ColumnType<string | null, string | null | undefined, string | null>;
  visitUtmSource: ColumnType<string | null, string | null | undefined, string | null>;
  visitUtmMedium: ColumnType<string | null, string | null | undefined, string | null>;
  visitUtmCampaign: ColumnType<string | null, string | null | undefined, string | null>;
  /** The partner site whose widget made it (migration 640), an allowed origin; null elsewhere. */
  partner: ColumnType<string | null, string | null | undefined, string | null>;
  /** Paid bookings (migration 500): null for a free one; 'awaiting' until the money arrives. */
  paymentStatus: NullableColumn<PaymentStatus>;
  /** How it is paid (server/payments/payment-methods.ts); null for a free booking. */
  paymentMethod: NullableColumn<string>;
  /** The reference the payment must carry (RF creditor reference); unique. */
  paymentReference: NullableColumn<string>;
  /** An awaiting booking holds its seat until then; the scheduler cancels it at that time. */
  paymentDueAt: NullableColumn<string>;
  /** What was charged, frozen at booking time: minor units, net + tax = gross. */
  chargeNetMinor: NullableColumn<number>;
  chargeTaxMinor: NullableColumn<number>;
  chargeGrossMinor: NullableColumn<number>;
  chargeCurrency: NullableColumn<string>;
  chargeTaxRateBasisPoints: NullableColumn<number>;
  billingCompany: NullableColumn<string>;
  billingAddress: NullableColumn<string>;
  /** ISO 3166-1 alpha-2. */
  billingCountry: NullableColumn<string>;
  billingVatNumber: NullableColumn<string>;
  /** The voucher a paid booking used (migration 620), its code as typed then, and what it took off (minor units). */
  voucherId: NullableColumn<string>;
  voucherCode: NullableColumn<string>;
  chargeDiscountMinor: NullableColumn<number>;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

type NullableColumn<T> = ColumnType<T | null, T | null | undefined, T | null>;

export interface ContactFormsTable {
  id: string;
  name: string;
  email: string;
  company: string | null;
  message: string;
  status: Generated<ContactStatus>;
  notes: string | null;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

export interface EmailOutboxTable {
  id: string;
  kind: EmailKind;
  toAddress: string;
  subject: string;
  textBody: string;
  htmlBody: string;
  ics: string | null;
  icsMethod: IcsMethod | null;
  bookingId: string | null;
  status: Generated<EmailStatus>;
  attempts: Generated<number>;
  maxAttempts: Generated<number>;
  nextAttemptAt: ColumnType<string, string | undefined, string>;
  lastError: string | null;
  createdAt: CreatedAt;
  sentAt: string | null;
  updatedAt: UpdatedAt;
  /** 0 booking messages, 1 alerts, 2 reminders, 3 weekly reports: the sender takes lower first. */
  priority: Generated<number>;
  /** A booking's check-in code the message shows: the sender attaches it as an inline QR image. */
  checkInCode: ColumnType<string | null, string | null | undefined, string | null>;
  /** The invoice the message carries as a PDF (migration 621), rendered by the sender when it sends. */
  invoiceId: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface BookingRemindersTable {
  bookingId: string;
  /** The slot start the reminder was sent for. */
  startTime: string;
  sentAt: CreatedAt;
}

/** Scheduled work done once, by a unique key (per person per week, per alert kind per hour...). */
export interface NotificationClaimsTable {
  key: string;
  claimedAt: CreatedAt;
}

export interface EmailAttemptsTable {
  id: string;
  outboxId: string;
  attemptedAt: string;
  /** Null: the SMTP server accepted the message. */
  error: string | null;
}

/** An account's TOTP key; enabledAt is null while the enrolment waits for its first code. */
export interface TwoFactorCredentialsTable {
  userId: string;
  secret: string;
  enabledAt: string | null;
  /** The newest 30-second time step that was accepted; a code of this step or older is refused. */
  lastUsedStep: number | null;
  createdAt: string;
  updatedAt: string;
}

export interface TwoFactorRecoveryCodesTable {
  id: string;
  userId: string;
  /** SHA-256 hex of the normalised code; the code itself is shown once and never stored. */
  codeHash: string;
  usedAt: string | null;
  createdAt: string;
}

/** Between a right password and the code: the cookie holds a token, this table its SHA-256. */
export interface TwoFactorChallengesTable {
  id: string;
  userId: string;
  expiresAt: string;
  createdAt: string;
}

/** A single sign-on started at the identity provider, waiting for the person to come back. */
export interface SsoLoginsTable {
  stateHash: string;
  nonce: string;
  codeVerifier: string;
  returnTo: string;
  expiresAt: string;
}

export interface AuditLogTable {
  id: string;
  createdAt: CreatedAt;
  /** The account that acted (or, for a failed sign-in, the account tried); null when none. */
  userId: string | null;
  /** Snapshots at the time of the row: a later rename or deletion does not rewrite history. */
  actorName: string | null;
  actorEmail: string | null;
  ip: string;
  action: string;
  entity: string;
  entityId: string | null;
  /** A few words on what changed; never a password, token or secret. */
  summary: string;
}

/** The home page's editable content: one row (id 1), the whole document as JSON. */
export interface HomeContentTable {
  id: number;
  content: string;
  updatedAt: UpdatedAt;
}

export const QUESTION_KINDS = ['short_text', 'long_text', 'one_choice', 'many_choices', 'yes_no', 'country'] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];

/** A question an event asks on the booking form (migration 160). */
export interface RegistrationQuestionsTable {
  id: string;
  eventId: string;
  position: number;
  kind: QuestionKind;
  label: string;
  helpText: string | null;
  required: Flag;
  /** JSON array of strings: the choices of one_choice and many_choices, else '[]'. */
  choices: Generated<string>;
  /** JSON: label, help text and choices in other languages; an answer stores the English choice. */
  translations: Generated<string>;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

/** One answer of a booking, with a copy of its question as asked (label, kind). */
export interface BookingAnswersTable {
  id: string;
  bookingId: string;
  /** Null once the question was deleted. */
  questionId: string | null;
  position: number;
  label: string;
  kind: QuestionKind;
  /** As a person reads it: choices joined with ', ', Yes or No, a country's name. */
  value: string;
  createdAt: CreatedAt;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  settings: SettingsTable;
  events: EventsTable;
  eventSessions: EventSessionsTable;
  timeSlots: TimeSlotsTable;
  delegates: DelegatesTable;
  bookings: BookingsTable;
  contactForms: ContactFormsTable;
  emailOutbox: EmailOutboxTable;
  emailAttempts: EmailAttemptsTable;
  twoFactorCredentials: TwoFactorCredentialsTable;
  twoFactorRecoveryCodes: TwoFactorRecoveryCodesTable;
  twoFactorChallenges: TwoFactorChallengesTable;
  ssoLogins: SsoLoginsTable;
  auditLog: AuditLogTable;
  bookingReminders: BookingRemindersTable;
  notificationClaims: NotificationClaimsTable;
  homeContent: HomeContentTable;
  rateLimits: RateLimitsTable;
  setupLinks: SetupLinksTable;
  registrationQuestions: RegistrationQuestionsTable;
  bookingAnswers: BookingAnswersTable;
  consultationTypes: ConsultationTypesTable;
  consultationTypeStaff: ConsultationTypeStaffTable;
  availabilityWeekly: AvailabilityWeeklyTable;
  availabilityOverrides: AvailabilityOverridesTable;
  consultations: ConsultationsTable;
  calendarConnections: CalendarConnectionsTable;
  calendarBusy: CalendarBusyTable;
  calendarWrites: CalendarWritesTable;
  apiTokens: ApiTokensTable;
  webhookEndpoints: WebhookEndpointsTable;
  webhookDeliveries: WebhookDeliveriesTable;
  analyticsDaily: AnalyticsDailyTable;
  analyticsSalts: AnalyticsSaltsTable;
  analyticsVisitors: AnalyticsVisitorsTable;
  invoiceCounters: InvoiceCountersTable;
  invoices: InvoicesTable;
  invoiceLines: InvoiceLinesTable;
  payments: PaymentsTable;
  vouchers: VouchersTable;
  voucherEvents: VoucherEventsTable;
}

export const CONSULTATION_LOCATION_KINDS = ['video', 'phone', 'address'] as const;
export type ConsultationLocationKind = (typeof CONSULTATION_LOCATION_KINDS)[number];
export const CONSULTATION_STATUSES = ['booked', 'cancelled'] as const;
/** fixed: the type's one video link for everyone; per-consultation: a room made from the settings' meeting base URL. */
export const MEETING_LINK_KINDS = ['fixed', 'per-consultation'] as const;
export type MeetingLinkKind = (typeof MEETING_LINK_KINDS)[number];
export type ConsultationStatus = (typeof CONSULTATION_STATUSES)[number];

/** A kind of consultation visitors can book (migration 200). */
export interface ConsultationTypesTable {
  id: string;
  title: string;
  description: string | null;
  durationMinutes: number;
  locationKind: ConsultationLocationKind;
  /** The video-call link, or the address; for a phone call, unused (the consultant calls the visitor). */
  locationDetail: string | null;
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
  minNoticeHours: number;
  horizonDays: number;
  /** At most this many a day per consultant; null: no limit. */
  maxPerDay: number | null;
  isActive: Flag;
  allowPickConsultant: Flag;
  /** For a video call: one fixed link, or a room of its own per consultation (migration 340). */
  meetingLinks: ColumnType<MeetingLinkKind, MeetingLinkKind | undefined, MeetingLinkKind>;
  /** JSON: the title and description in other languages ({"fr":{"title":…,"description":…}}). */
  translations: Generated<string>;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

export interface ConsultationTypeStaffTable {
  typeId: string;
  userId: string;
}

/** Weekly hours: minutes after local midnight in the staff member's zone, several ranges a day. */
export interface AvailabilityWeeklyTable {
  id: string;
  userId: string;
  /** 0 Sunday ... 6 Saturday. */
  weekday: number;
  startMinute: number;
  endMinute: number;
}

/** One date's own hours; a row without minutes makes the date a day off. */
export interface AvailabilityOverridesTable {
  id: string;
  userId: string;
  /** YYYY-MM-DD in the staff member's zone. */
  date: string;
  startMinute: number | null;
  endMinute: number | null;
}

export interface ConsultationsTable {
  id: string;
  typeId: string;
  consultantId: string;
  startsAt: string;
  endsAt: string;
  /** The span the consultation keeps the consultant busy: its time widened by the type's buffers. */
  blockedFrom: string;
  blockedUntil: string;
  visitorName: string;
  visitorEmail: string;
  visitorPhone: string | null;
  visitorCompany: string | null;
  /** The zone the visitor booked in: their messages show times in it. */
  visitorTimeZone: string;
  message: string | null;
  status: Generated<ConsultationStatus>;
  /** SHA-256 hex of the manage-link token; the token itself is never stored. */
  manageTokenHash: string;
  icsSequence: Generated<number>;
  /** The language it was booked in ('en', 'fr'): the visitor's messages and calendar files use it. */
  language: Generated<string>;
  /** Its own meeting room, when its type makes one per consultation (migration 340). */
  meetingUrl: ColumnType<string | null, string | null | undefined, string | null>;
  /** Where the visit that booked it began (migration 470), like a booking's. */
  visitSource: ColumnType<string | null, string | null | undefined, string | null>;
  visitUtmSource: ColumnType<string | null, string | null | undefined, string | null>;
  visitUtmMedium: ColumnType<string | null, string | null | undefined, string | null>;
  visitUtmCampaign: ColumnType<string | null, string | null | undefined, string | null>;
  /** The partner site whose widget booked it (migration 640), like a booking's. */
  partner: ColumnType<string | null, string | null | undefined, string | null>;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

export const CALENDAR_KINDS = ['caldav', 'feed'] as const;
export type CalendarKind = (typeof CALENDAR_KINDS)[number];

/** A staff member's own calendar (migration 340): a CalDAV account or a read-only feed. */
export interface CalendarConnectionsTable {
  id: string;
  userId: string;
  kind: CalendarKind;
  name: string;
  /** CalDAV: the server's address; a feed: its host only (the whole address is secret). */
  serverUrl: string;
  username: string | null;
  /** Encrypted (server/calendars/calendar-secrets.ts): the app password, or the feed's address. */
  secret: string;
  /** JSON [{ url, name }]: the calendars the server offers. */
  calendars: Generated<string>;
  /** JSON [url]: those whose events count as busy. */
  busyCalendars: Generated<string>;
  /** The calendar consultations are written to; null: none. */
  writeCalendar: ColumnType<string | null, string | null | undefined, string | null>;
  lastOkAt: ColumnType<string | null, string | null | undefined, string | null>;
  lastAttemptAt: ColumnType<string | null, string | null | undefined, string | null>;
  /** Why the last read failed, in words; null when it worked. */
  error: ColumnType<string | null, string | null | undefined, string | null>;
  failingSince: ColumnType<string | null, string | null | undefined, string | null>;
  /** Whether this failing spell's e-mail went out (one per spell). */
  failureNotified: Flag;
  nextRefreshAt: ColumnType<string, string | undefined, string>;
  leaseUntil: ColumnType<string | null, string | null | undefined, string | null>;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

/** A busy interval last read from a connection (at most a week long; longer ones are split). */
export interface CalendarBusyTable {
  connectionId: string;
  userId: string;
  startsAt: string;
  endsAt: string;
}

export const CALENDAR_WRITE_STATUSES = ['pending', 'done', 'failed'] as const;
export type CalendarWriteStatus = (typeof CALENDAR_WRITE_STATUSES)[number];

/** A consultation to put into (or delete from) a consultant's calendar, retried until done. */
export interface CalendarWritesTable {
  id: string;
  consultationId: string;
  connectionId: string | null;
  objectUrl: string;
  action: 'put' | 'delete';
  status: Generated<CalendarWriteStatus>;
  attempts: Generated<number>;
  nextAttemptAt: ColumnType<string, string | undefined, string>;
  lastError: ColumnType<string | null, string | null | undefined, string | null>;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

/** First-run setup links (migration 090): the SHA-256 of each printed token while no account exists. */
export interface SetupLinksTable {
  tokenHash: string;
  createdAt: string;
}

/** rate-limiter-flexible's PostgreSQL store (migration 080); empty on SQLite, where counters stay in memory. */
export interface RateLimitsTable {
  key: string;
  points: Generated<number>;
  /** Epoch milliseconds; null: never. */
  expire: number | null;
}

export type UserRow = Selectable<UsersTable>;
export type EventRow = Selectable<EventsTable>;
export type EventSessionRow = Selectable<EventSessionsTable>;
export type TimeSlotRow = Selectable<TimeSlotsTable>;
/** An admin's API token (migration 430): only its SHA-256 is kept. */
export interface ApiTokensTable {
  id: string;
  /** The admin who made it; the token acts with this account's rights at most. */
  userId: string;
  name: string;
  tokenHash: string;
  /** JSON list of scopes (server/api-tokens/api-tokens.schemas.ts). */
  scopes: string;
  expiresAt: string | null;
  lastUsedAt: ColumnType<string | null, string | null | undefined, string | null>;
  revokedAt: ColumnType<string | null, string | null | undefined, string | null>;
  createdAt: CreatedAt;
}

export type ApiTokenRow = Selectable<ApiTokensTable>;

/** A receiver of signed webhooks (migration 540). */
export interface WebhookEndpointsTable {
  id: string;
  url: string;
  description: string | null;
  /** JSON list of event types (server/webhooks/webhooks.schemas.ts). */
  events: string;
  /** The whsec_ secret, encrypted (server/calendars/calendar-secrets.ts). */
  secret: string;
  enabled: Flag;
  /** 'failing': turned off after a day without a success; null otherwise. */
  disabledReason: ColumnType<string | null, string | null | undefined, string | null>;
  failingSince: ColumnType<string | null, string | null | undefined, string | null>;
  createdBy: string | null;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** One event for one endpoint: the webhooks' outbox (migration 540). */
export interface WebhookDeliveriesTable {
  id: string;
  endpointId: string;
  eventType: string;
  /** 'booking:<id>', 'consultation:<id>', 'contact:<id>': one subject's deliveries go in order. */
  subject: string;
  payload: string;
  status: Generated<WebhookDeliveryStatus>;
  attempts: Generated<number>;
  nextAttemptAt: ColumnType<string, string | undefined, string>;
  responseStatus: ColumnType<number | null, number | null | undefined, number | null>;
  responseExcerpt: ColumnType<string | null, string | null | undefined, string | null>;
  lastAttemptAt: ColumnType<string | null, string | null | undefined, string | null>;
  createdAt: CreatedAt;
}

export type WebhookEndpointRow = Selectable<WebhookEndpointsTable>;
export type WebhookDeliveryRow = Selectable<WebhookDeliveriesTable>;
export type DelegateRow = Selectable<DelegatesTable>;
export type BookingRow = Selectable<BookingsTable>;
export type ContactRow = Selectable<ContactFormsTable>;
export type EmailOutboxRow = Selectable<EmailOutboxTable>;
export type EmailAttemptRow = Selectable<EmailAttemptsTable>;
export type AuditLogRow = Selectable<AuditLogTable>;
export type RegistrationQuestionRow = Selectable<RegistrationQuestionsTable>;
export type BookingAnswerRow = Selectable<BookingAnswersTable>;
export type ConsultationTypeRow = Selectable<ConsultationTypesTable>;
export type ConsultationRow = Selectable<ConsultationsTable>;
export type CalendarConnectionRow = Selectable<CalendarConnectionsTable>;
export type CalendarWriteRow = Selectable<CalendarWritesTable>;

/** One day's counts for one combination of page, step, event, source, campaign, language and device (migration 470). */
export interface AnalyticsDailyTable {
  /** YYYY-MM-DD, UTC. */
  day: string;
  path: string;
  /** 'pageview' or a booking step (server/analytics/analytics.schemas.ts). */
  step: string;
  /** '' when the hit concerns no event. */
  eventId: string;
  source: string;
  utmSource: string;
  utmMedium: string;
  utmCampaign: string;
  language: string;
  device: string;
  hits: number;
  /** Distinct visitors of the day who reached this page (a page view) or this step of this event. */
  visitors: number;
  /** Visitors whose first page view of the day this was: summed, the day's visitors. */
  entries: number;
}

/** The day's secret salt of the visitor hash; deleted once the day is over. */
export interface AnalyticsSaltsTable {
  day: string;
  salt: string;
}

/** Today's visitor hashes (one per visitor and step reached); deleted with the day's salt. */
export interface AnalyticsVisitorsTable {
  day: string;
  hash: string;
}

export const INVOICE_KINDS = ['invoice', 'credit-note'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

/** The last number given per kind of document and year (migration 520): taken in the issuing transaction. */
export interface InvoiceCountersTable {
  kind: InvoiceKind;
  year: number;
  lastNumber: number;
}

/**
 * An issued invoice or credit note (migration 520): never updated nor deleted (triggers refuse it).
 * It keeps its own copy of everything it prints; bookingId has no foreign key, so it outlives its booking.
 */
export interface InvoicesTable {
  id: string;
  kind: InvoiceKind;
  /** 'INV-2026-00042'. */
  number: string;
  year: number;
  sequence: number;
  bookingId: string;
  creditedInvoiceId: string | null;
  creditedInvoiceNumber: string | null;
  /** Why a credit note was issued. */
  reason: string | null;
  issuedAt: string;
  /** YYYY-MM-DD in the site's time zone. */
  issueDate: string;
  dueDate: string | null;
  paymentReference: string | null;
  currency: string;
  /** 1: the lines' unit prices include tax. */
  amountsIncludeTax: number;
  netMinor: number;
  taxMinor: number;
  grossMinor: number;
  /** JSON: one entry per tax rate. */
  taxBreakdown: string;
  /** JSON: the buyer's billing details. */
  buyer: string;
  /** JSON: the issuer's billing settings at issue. */
  issuer: string;
  language: string;
  createdAt: CreatedAt;
}

export const PAYMENT_SOURCES = ['manual', 'statement'] as const;
export type PaymentSource = (typeof PAYMENT_SOURCES)[number];

/** A payment received for a paid booking (migration 600); bookingId has no foreign key, as an invoice's. */
export interface PaymentsTable {
  id: string;
  bookingId: string;
  amountMinor: number;
  currency: string;
  /** YYYY-MM-DD: the day the bank booked it. */
  paidOn: string;
  method: string;
  source: PaymentSource;
  /** The statement line that paid it (entry reference or hash), unique; null when recorded by hand. */
  statementLineKey: string | null;
  recordedBy: string | null;
  createdAt: CreatedAt;
}
export type PaymentRow = Selectable<PaymentsTable>;

export interface InvoiceLinesTable {
  invoiceId: string;
  position: number;
  description: string;
  quantity: number;
  /** Net, or including tax when the invoice's amountsIncludeTax; negative on a credit note. */
  unitPriceMinor: number;
  taxRateBasisPoints: number;
  /** quantity * unitPriceMinor. */
  amountMinor: number;
}

export const VOUCHER_KINDS = ['percent', 'amount'] as const;
export type VoucherKind = (typeof VOUCHER_KINDS)[number];

/** A discount code (migration 620): a percentage or an amount off a paid seat. */
export interface VouchersTable {
  id: string;
  /** As the admin typed it. */
  code: string;
  /** The code upper-cased: unique, and what a visitor's code is looked up by. */
  codeKey: string;
  kind: VoucherKind;
  /** Percent vouchers: hundredths of a percent (10% is 1000). */
  percentBasisPoints: NullableColumn<number>;
  /** Amount vouchers: minor units of `currency`. */
  amountMinor: NullableColumn<number>;
  currency: NullableColumn<string>;
  /** Days (YYYY-MM-DD) in the site's time zone, both included; null: open on that side. */
  validFrom: NullableColumn<string>;
  validUntil: NullableColumn<string>;
  /** Null: any number of uses. */
  maxUses: NullableColumn<number>;
  usedCount: Generated<number>;
  appliesTo: 'all' | 'events';
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

/** The events a voucher with `appliesTo` 'events' is valid for. */
export interface VoucherEventsTable {
  voucherId: string;
  eventId: string;
}

export type VoucherRow = Selectable<VouchersTable>;
