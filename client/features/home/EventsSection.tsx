// Upcoming Events on the home page: the first
// active event as the landing block, up to two more as cards, an empty state, and a built-in
// fallback event when the list cannot be loaded.
import { type ReactNode, type RefObject, useEffect, useLayoutEffect, useRef } from 'react';
import { type RouterOutputs, trpc } from '@client/trpc';
import { uploadSrcSet } from '@server/shared/image-variants';
import { imageObjectPosition } from '@server/shared/image-focus';
import type { BookingState } from './booking-state';
import { defaultEventBenefits, eventDefaults, fallbackEvent, organizerMailto } from './content';
import { type Translator, useTranslator } from '@client/i18n';
import { eventDateText, firmText } from '@server/shared/i18n/languages';
import shared from './shared.module.css';
import classes from './EventsSection.module.css';
import { Skeleton, VisuallyHidden } from '@client/features/layout/plain';
import { SiteLink } from '@client/features/layout/site-links';
import { CalendarFeedLink } from './CalendarFeedLink';
import { CalendarIcon, CheckIcon, PinIcon } from './icons';
import { Reveal } from './Reveal';
import { SectionHeader } from './SectionHeader';
import { textOr } from '@client/features/layout/text-or';

/** At most 3 events on the home page: the landing block shows the first, cards the next two. */
export const HOME_EVENT_LIMIT = 3;

type EventDto = RouterOutputs['events']['list'][number];

export interface HomeEvent {
  /** null for the built-in fallback event, whose Register Now goes to /booking. */
  id: string | null;
  title: string;
  description: string | null;
  date: string;
  location: string;
  imageUrl: string;
  /** The crop keeps the image's focal point in view: "30% 70%", the centre when none is set. */
  objectPosition: string;
  videoUrl: string | null;
  benefits: readonly string[];
}


function toHomeEvent(event: EventDto, { t, language }: Translator): HomeEvent {
  const benefits = event.benefits.map((benefit) => benefit.trim()).filter((benefit) => benefit !== '');
  return {
    id: event.id.trim() === '' ? null : event.id,
    title: textOr(firmText(event.title, event.translations, 'title', language), t('event.default.title')),
    description: firmText(event.description ?? '', event.translations, 'description', language).trim() || null,
    date: eventDateText(event, language) ?? t('event.default.date'),
    location: textOr(event.location, t('event.default.location')),
    imageUrl: textOr(event.imageUrl, eventDefaults.image),
    objectPosition: imageObjectPosition(event),
    videoUrl: event.videoUrl?.trim() || null,
    benefits: benefits.length > 0 ? benefits : defaultEventBenefits(t),
  };
}



interface RegisterLinkProps {
  event: HomeEvent;
  className: string | undefined;
  /** An accessible name beginning with the visible text, when the text alone is ambiguous. */
  label?: string;
  children: ReactNode;
}

function RegisterLink({ event, className, label, children }: RegisterLinkProps) {
  const to = event.id === null ? '/booking' : `/booking/${encodeURIComponent(event.id)}`;
  return (
    <SiteLink to={to} className={className} aria-label={label}>
      {children}
    </SiteLink>
  );
}

/** A link to an event's own page (sessions, dates, seats); none for the built-in fallback event. */
function EventDetailsLink({ event, className }: { event: HomeEvent; className: string | undefined }) {
  const { t } = useTranslator();
  if (event.id === null) return null;
  return (
    <SiteLink to={`/events/${encodeURIComponent(event.id)}`} className={className} aria-label={t('home.events.detailsOf', { title: event.title })}>
      {t('home.events.details')}
    </SiteLink>
  );
}

function EventMedia({ event }: { event: HomeEvent }) {
  const { t } = useTranslator();
  if (event.videoUrl !== null) {
    return (
      <video
        className={classes.eventMedia}
        controls
        preload="none"
        poster={event.imageUrl}
        style={{ objectPosition: event.objectPosition }}
        src={event.videoUrl}
        aria-label={t('home.events.video', { title: event.title })}
      >
        {t('home.events.noVideo')}
      </video>
    );
  }
  // The title sits right beside the picture, so the picture itself is decorative.
  // An uploaded picture comes in WebP at several widths: half the page beside the text on a wide
  // screen, the whole width on a phone.
  return (
    <img
      className={classes.eventMedia}
      src={event.imageUrl}
      srcSet={uploadSrcSet(event.imageUrl)}
      style={{ objectPosition: event.objectPosition }}
      sizes="(max-width: 48em) 100vw, 50vw"
      alt=""
      loading="lazy"
    />
  );
}

function ClosedNotice() {
  const { t } = useTranslator();
  return (
    <p className={`${shared.notice} ${classes.closedNotice}`} role="status">
      {t('notice.bookingsClosed')}
    </p>
  );
}

function LandingEvent({ event, bookingOpen, contactEmail }: { event: HomeEvent; bookingOpen: boolean; contactEmail: string | null }) {
  const { t } = useTranslator();
  return (
    <article className={classes.landingEvent} aria-labelledby="landing-event-title">
      <div className={classes.landingMedia}>
        <EventMedia event={event} />
      </div>
      <div className={classes.landingBody}>
        <h3 id="landing-event-title" className={classes.landingTitle}>
          {event.title}
        </h3>
        {event.description !== null && <p className={classes.landingDescription}>{event.description}</p>}

        <h4 className={classes.eventLabel}>{t('home.events.whyAttend')}</h4>
        <ul className={classes.benefitList}>
          {event.benefits.map((benefit) => (
            <li key={benefit}>
              <CheckIcon size={20} className={classes.benefitIcon} />
              <span>{benefit}</span>
            </li>
          ))}
        </ul>

        <dl className={classes.eventFacts}>
          <div>
            <dt className={classes.eventLabel}>{t('home.events.location')}</dt>
            <dd>
              <PinIcon size={18} /> {event.location}
            </dd>
          </div>
          <div>
            <dt className={classes.eventLabel}>{t('home.events.date')}</dt>
            <dd>
              <CalendarIcon size={18} /> {event.date}
            </dd>
          </div>
        </dl>

        <div className={classes.eventActions}>
          {bookingOpen && (
            <RegisterLink event={event} className={shared.ctaNavy}>
              {t('home.events.registerNow')}
            </RegisterLink>
          )}
          <EventDetailsLink event={event} className={shared.ctaOutline} />
          {bookingOpen && event.id !== null && <CalendarFeedLink className={`${shared.textLink} ${classes.feedLink}`} />}
          {/* Only once the firm has given an address (Settings, Site). */}
          {contactEmail !== null && (
            <a href={organizerMailto(contactEmail, event.title, t)} className={shared.ctaOutline}>
              {t('home.events.contactOrganizer')}
            </a>
          )}
        </div>
      </div>
    </article>
  );
}

function EventCard({ event, bookingOpen }: { event: HomeEvent; bookingOpen: boolean }) {
  const { t } = useTranslator();
  return (
    <article className={classes.eventCard}>
      <img
        className={classes.eventCardImage}
        src={event.imageUrl}
        srcSet={uploadSrcSet(event.imageUrl)}
        style={{ objectPosition: event.objectPosition }}
        sizes="(max-width: 48em) 100vw, 50vw"
        alt=""
        loading="lazy"
      />
      <div className={classes.eventCardBody}>
        <h3 className={classes.eventCardTitle}>{event.title}</h3>
        <p className={classes.eventCardFact}>
          <CalendarIcon size={18} /> {event.date}
        </p>
        <p className={classes.eventCardFact}>
          <PinIcon size={18} /> {event.location}
        </p>
        <div className={classes.cardLinks}>
          <EventDetailsLink event={event} className={shared.textLink} />
          {bookingOpen && (
            <RegisterLink event={event} className={shared.textLink} label={t('home.events.registerFor', { title: event.title })}>
              {t('home.events.register')}
            </RegisterLink>
          )}
        </div>
      </div>
    </article>
  );
}

function EventsLoading() {
  const { t } = useTranslator();
  return (
    <div className={classes.landingEvent} aria-busy="true">
      <VisuallyHidden role="status">{t('home.events.loading')}</VisuallyHidden>
      <Skeleton className={classes.landingMedia} height={320} />
      <div className={classes.landingBody}>
        <Skeleton height={32} width="70%" marginBottom={1.25} />
        <Skeleton height={14} marginBottom={0.75} />
        <Skeleton height={14} marginBottom={0.75} />
        <Skeleton height={14} width="80%" marginBottom={2} />
        <Skeleton height={44} width={180} />
      </div>
    </div>
  );
}

function NoEvents() {
  const { t } = useTranslator();
  return (
    <div className={classes.noEvents}>
      <CalendarIcon size={40} />
      <h3 className={classes.noEventsTitle}>{t('home.events.none')}</h3>
      <p>{t('home.events.noneText')}</p>
    </div>
  );
}

/** How long after the page opens a late answer may still re-align the section named in the address. */
const REALIGN_WINDOW_MS = 4000;

/**
 * A visitor sent to /#about from another page is scrolled there at once, while this section still
 * shows its placeholder; when the events arrive the section changes height and would push the
 * target out of place. So, once, re-align the target if it lies below this section, unless the
 * visitor has started scrolling or typing, or the answer came late.
 */
function useRealignHashTarget(section: RefObject<HTMLElement | null>, settled: boolean) {
  const openedAt = useRef(0);
  const interacted = useRef(false);

  useEffect(() => {
    openedAt.current = performance.now();
    const stop = () => {
      interacted.current = true;
    };
    const kinds = ['wheel', 'touchstart', 'keydown', 'mousedown'] as const;
    for (const kind of kinds) window.addEventListener(kind, stop, { passive: true });
    return () => {
      for (const kind of kinds) window.removeEventListener(kind, stop);
    };
  }, []);

  useLayoutEffect(() => {
    if (!settled || interacted.current || performance.now() - openedAt.current > REALIGN_WINDOW_MS) return;
    const id = decodeURIComponent(window.location.hash.slice(1));
    const target = id === '' ? null : document.getElementById(id);
    const events = section.current;
    if (target === null || events === null) return;
    if (events.compareDocumentPosition(target) & Node.DOCUMENT_POSITION_FOLLOWING) target.scrollIntoView();
  }, [section, settled]);
}

export function EventsSection({ bookingState = 'open', contactEmail }: { bookingState?: BookingState; contactEmail: string | null }) {
  const translator = useTranslator();
  const { t } = translator;
  const bookingOpen = bookingState === 'open';
  const query = trpc.events.list.useQuery({ limit: HOME_EVENT_LIMIT });
  const sectionRef = useRef<HTMLElement>(null);
  useRealignHashTarget(sectionRef, !query.isPending);

  useEffect(() => {
    if (query.error) console.error('Failed to load events', query.error);
  }, [query.error]);

  let body: ReactNode;
  if (query.error) {
    body = <LandingEvent event={fallbackEvent} bookingOpen={bookingOpen} contactEmail={contactEmail} />;
  } else if (query.data === undefined) {
    body = <EventsLoading />;
  } else if (query.data.length === 0) {
    body = <NoEvents />;
  } else {
    const [first, ...others] = query.data.slice(0, HOME_EVENT_LIMIT).map((event) => toHomeEvent(event, translator));
    body = (
      <>
        {first !== undefined && <LandingEvent event={first} bookingOpen={bookingOpen} contactEmail={contactEmail} />}
        {others.length > 0 && (
          <div className={`${shared.grid} ${classes.eventCards}`}>
            {others.map((event) => (
              <EventCard key={event.id ?? event.title} event={event} bookingOpen={bookingOpen} />
            ))}
          </div>
        )}
      </>
    );
  }

  return (
    <section ref={sectionRef} id="events" className={`${shared.section} ${shared.sectionTinted}`} aria-labelledby="events-heading">
      <Reveal className={shared.container}>
        <SectionHeader id="events-heading" eyebrow={t('home.events.eyebrow')} title={t('home.events.title')}>
          {t('home.events.intro')}
        </SectionHeader>
        {bookingState === 'closed' && <ClosedNotice />}
        {body}
      </Reveal>
    </section>
  );
}
