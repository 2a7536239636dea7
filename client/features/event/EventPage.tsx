// An event's public page (/events/<id>): the event's details, its sessions with their next slots and
// seats left (in the site's time zone, as the booking page gives them), and Register into the
// booking form with the event chosen. Rendered by the server with its data (client/event.tsx adopts
// it); like the home page it uses no Mantine component, so a phone downloads little to read it.
import { trpc, type RouterOutputs } from '@client/trpc';
import { uploadSrcSet } from '@server/shared/image-variants';
import { BOOKINGS_CLOSED_MESSAGE } from '@server/shared/site-notices';
import { formatSlot } from '@server/shared/time';
import { bookingStateOf } from '../home/booking-state';
import { defaultEventBenefits, eventDefaults } from '../home/content';
import { CalendarIcon, CheckIcon, PinIcon } from '../home/icons';
import shared from '../home/shared.module.css';
import { SiteLink } from '../layout/site-links';
import { usePublicSettings } from '../layout/PublicLayout';
import classes from './EventPage.module.css';
import { seatsText } from './seats';

const SETTINGS_STALE_MS = 5 * 60_000;

type EventPageData = RouterOutputs['events']['page'];
type PageSession = EventPageData['sessions'][number];

function textOr(value: string | null | undefined, fallback: string): string {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? fallback : trimmed;
}

/** The booking form with this event chosen. */
export function bookingPathOf(eventId: string): string {
  return `/booking/${encodeURIComponent(eventId)}`;
}

function SessionSlots({ session, timeZone }: { session: PageSession; timeZone: string }) {
  if (session.nextSlots.length === 0) return <p className={classes.noSlots}>No upcoming dates yet.</p>;
  return (
    <>
      <ul className={classes.slots} aria-label={`Next dates of ${session.title}`}>
        {session.nextSlots.map((slot) => {
          const label = formatSlot(slot.startTime, slot.endTime, timeZone);
          return (
            <li key={slot.id} className={classes.slot}>
              <span className={classes.slotWhen}>
                <span className={classes.slotDate}>{label.date}</span>{' '}
                <span>{`${label.time} ${label.zone}`}</span>
              </span>
              <span className={slot.isFull ? classes.seatsFull : classes.seats}>{seatsText(slot)}</span>
            </li>
          );
        })}
      </ul>
      {session.moreSlots && <p className={classes.moreSlots}>More dates in the booking form.</p>}
    </>
  );
}

function SessionCard({ session, timeZone }: { session: PageSession; timeZone: string }) {
  const facts = [session.location, session.facilitator === null ? null : `With ${session.facilitator}`].filter(
    (fact): fact is string => fact !== null && fact.trim() !== '',
  );
  return (
    <li className={classes.session}>
      <h3 className={classes.sessionTitle}>{session.title}</h3>
      {facts.length > 0 && <p className={classes.sessionFacts}>{facts.join(' · ')}</p>}
      {session.description !== null && session.description.trim() !== '' && (
        <p className={classes.sessionDescription}>{session.description}</p>
      )}
      <SessionSlots session={session} timeZone={timeZone} />
    </li>
  );
}

function NotFound() {
  return (
    <section className={shared.section}>
      <div className={shared.container}>
        <h1 className={classes.title}>Event not found</h1>
        <p>This event does not exist or is no longer open.</p>
        <SiteLink to="/" hash="events" className={shared.textLink}>
          See the upcoming events
        </SiteLink>
      </div>
    </section>
  );
}

export function EventPage({ eventId }: { eventId: string }) {
  const settings = trpc.settings.public.useQuery(undefined, { staleTime: SETTINGS_STALE_MS });
  const bookingState = bookingStateOf(settings.data);
  const { identity } = usePublicSettings();
  const page = trpc.events.page.useQuery({ id: eventId }, { retry: false });
  if (page.isError) return <NotFound />;
  // The server renders the page with its data; only a page rendered in the browser waits here.
  if (page.data === undefined) return <p className={classes.loading} role="status">Loading the event…</p>;

  const { event, sessions } = page.data;
  const timeZone = settings.data?.timezone ?? 'UTC';
  const title = textOr(event.title, eventDefaults.title);
  const imageUrl = textOr(event.imageUrl, eventDefaults.image);
  const benefits = event.benefits.map((benefit) => benefit.trim()).filter((benefit) => benefit !== '');
  const register = bookingState === 'open' && (
    <SiteLink to={bookingPathOf(event.id)} className={shared.ctaNavy} aria-label={`Register for ${title}`}>
      Register
    </SiteLink>
  );

  return (
    <>
      <section className={`${shared.section} ${classes.intro}`} aria-labelledby="event-title">
        <div className={`${shared.container} ${classes.introGrid}`}>
          <div>
            <p className={shared.eyebrow}>Event</p>
            <h1 id="event-title" className={classes.title}>
              {title}
            </h1>
            <dl className={classes.facts}>
              <div>
                <dt className={classes.factLabel}>DATE</dt>
                <dd>
                  <CalendarIcon size={18} /> {textOr(event.date, eventDefaults.date)}
                </dd>
              </div>
              <div>
                <dt className={classes.factLabel}>LOCATION</dt>
                <dd>
                  <PinIcon size={18} /> {textOr(event.location, eventDefaults.location)}
                </dd>
              </div>
            </dl>
            {event.description !== null && event.description.trim() !== '' && (
              <p className={classes.description}>{event.description}</p>
            )}
            {bookingState === 'closed' && (
              <p className={shared.notice} role="status">
                {BOOKINGS_CLOSED_MESSAGE}
              </p>
            )}
            <div className={classes.actions}>
              {register}
              {identity.contactEmail !== null && (
                <a
                  href={`mailto:${identity.contactEmail}?subject=${encodeURIComponent(`Inquiry about ${title}`)}`}
                  className={shared.ctaOutline}
                >
                  Contact Organizer
                </a>
              )}
            </div>
          </div>
          {/* The largest thing on a phone's first screen: fetched at once, not lazily. */}
          <img
            className={classes.image}
            src={imageUrl}
            srcSet={uploadSrcSet(imageUrl)}
            sizes="(max-width: 62em) 100vw, 50vw"
            alt=""
            fetchPriority="high"
          />
        </div>
      </section>

      <section className={`${shared.section} ${shared.sectionTinted}`} aria-labelledby="event-sessions">
        <div className={shared.container}>
          <div className={classes.columns}>
            <div>
              <h2 id="event-sessions" className={classes.heading}>
                Sessions
              </h2>
              {sessions.length === 0 ? (
                <p>This event has no sessions open for booking yet.</p>
              ) : (
                <ul className={classes.sessions}>
                  {sessions.map((session) => (
                    <SessionCard key={session.id} session={session} timeZone={timeZone} />
                  ))}
                </ul>
              )}
              {sessions.length > 0 && register !== false && <div className={classes.actions}>{register}</div>}
            </div>
            <aside aria-labelledby="event-why">
              <h2 id="event-why" className={classes.heading}>
                Why attend
              </h2>
              <ul className={classes.benefits}>
                {(benefits.length > 0 ? benefits : defaultEventBenefits).map((benefit) => (
                  <li key={benefit}>
                    <CheckIcon size={20} className={classes.benefitIcon} />
                    <span>{benefit}</span>
                  </li>
                ))}
              </ul>
            </aside>
          </div>
        </div>
      </section>
    </>
  );
}
