// An event's public page (/events/<id>): the event's details, its sessions with their next slots and
// seats left (in the site's time zone, as the booking page gives them), and Register into the
// booking form with the event chosen. Rendered by the server with its data (client/event.tsx adopts
// it); like the home page it uses no Mantine component, so a phone downloads little to read it.
import { trpc, type RouterOutputs } from '@client/trpc';
import { uploadSrcSet } from '@server/shared/image-variants';
import { imageObjectPosition } from '@server/shared/image-focus';
import { bookingStateOf } from '@client/features/home/booking-state';
import { defaultEventBenefits, eventDefaults, organizerMailto } from '@client/features/home/content';
import { HydrateOnView } from '@client/hydration';
import { useTranslator } from '@client/i18n';
import { useDates } from '@client/use-dates';
import { seatsText } from './seats';
import { priceText } from './price';
import { eventDateText, firmText } from '@server/shared/i18n/languages';
import { CalendarIcon, CheckIcon, PinIcon } from '@client/features/home/icons';
import shared from '@client/features/home/shared.module.css';
import { SiteLink } from '@client/features/layout/site-links';
import { usePublicSettings } from '@client/features/layout/PublicLayout';
import classes from './EventPage.module.css';
import { textOr } from '@client/features/layout/text-or';

const SETTINGS_STALE_MS = 5 * 60_000;

type EventPageData = RouterOutputs['events']['page'];
type PageSession = EventPageData['sessions'][number];


/** The booking form with this event chosen. */
export function bookingPathOf(eventId: string): string {
  return `/booking/${encodeURIComponent(eventId)}`;
}

function SessionSlots({ session, title, timeZone }: { session: PageSession; title: string; timeZone: string }) {
  const { t } = useTranslator();
  const dates = useDates();
  if (session.nextSlots.length === 0) return <p className={classes.noSlots}>{t('event.noDates')}</p>;
  return (
    <>
      <ul className={classes.slots} aria-label={t('event.nextDates', { title })}>
        {session.nextSlots.map((slot) => {
          // The site's zone, named: the page is rendered on the server, which cannot know the visitor's.
          const label = dates.visitorSlot(slot.startTime, slot.endTime, timeZone, null);
          return (
            <li key={slot.id} className={classes.slot}>
              <span className={classes.slotWhen}>
                <span className={classes.slotDate}>{label.date}</span>{' '}
                <span>{`${label.time} ${label.zone}`}</span>
              </span>
              <span className={slot.isFull ? classes.seatsFull : classes.seats}>{seatsText(slot, t)}</span>
            </li>
          );
        })}
      </ul>
      {session.moreSlots && <p className={classes.moreSlots}>{t('event.moreDates')}</p>}
    </>
  );
}

function SessionCard({ session, timeZone, pricesIncludeTax }: { session: PageSession; timeZone: string; pricesIncludeTax: boolean }) {
  const words = useTranslator();
  const { t, language } = words;
  const price = priceText(session.price, pricesIncludeTax, words);
  // The session's own texts in the page's language when it has them, else in English.
  const title = firmText(session.title, session.translations, 'title', language);
  const description = firmText(session.description ?? '', session.translations, 'description', language);
  const facts = [session.location, session.facilitator === null ? null : t('event.with', { name: session.facilitator })].filter(
    (fact): fact is string => fact !== null && fact.trim() !== '',
  );
  return (
    <li className={classes.session}>
      <h3 className={classes.sessionTitle}>{title}</h3>
      {facts.length > 0 && <p className={classes.sessionFacts}>{facts.join(' · ')}</p>}
      {price !== null && <p className={classes.sessionPrice}>{price}</p>}
      {description.trim() !== '' && <p className={classes.sessionDescription}>{description}</p>}
      <SessionSlots session={session} title={title} timeZone={timeZone} />
    </li>
  );
}

function NotFound() {
  const { t } = useTranslator();
  return (
    <section className={shared.section}>
      <div className={shared.container}>
        <h1 className={classes.title}>{t('event.notFound.title')}</h1>
        <p>{t('event.notFound.text')}</p>
        <SiteLink to="/" hash="events" className={shared.textLink}>
          {t('event.notFound.link')}
        </SiteLink>
      </div>
    </section>
  );
}

export function EventPage({ eventId }: { eventId: string }) {
  const { t, language } = useTranslator();
  const settings = trpc.settings.public.useQuery(undefined, { staleTime: SETTINGS_STALE_MS });
  const bookingState = bookingStateOf(settings.data);
  const { identity, pricesIncludeTax } = usePublicSettings();
  const page = trpc.events.page.useQuery({ id: eventId }, { retry: false });
  if (page.isError) return <NotFound />;
  // The server renders the page with its data; only a page rendered in the browser waits here.
  if (page.data === undefined) return <p className={classes.loading} role="status">{t('event.loading')}</p>;

  const { event, sessions } = page.data;
  const timeZone = settings.data?.timezone ?? 'UTC';
  // The firm's texts in the page's language when it has them, else in English.
  const title = textOr(firmText(event.title, event.translations, 'title', language), t('event.default.title'));
  const description = firmText(event.description ?? '', event.translations, 'description', language);
  const imageUrl = textOr(event.imageUrl, eventDefaults.image);
  const benefits = event.benefits.map((benefit) => benefit.trim()).filter((benefit) => benefit !== '');
  const register = bookingState === 'open' && (
    <SiteLink to={bookingPathOf(event.id)} className={shared.ctaNavy} aria-label={t('home.events.registerFor', { title })}>
      {t('home.events.register')}
    </SiteLink>
  );

  return (
    <>
      <section className={`${shared.section} ${classes.intro}`} aria-labelledby="event-title">
        <div className={`${shared.container} ${classes.introGrid}`}>
          <div>
            <p className={shared.eyebrow}>{t('event.eyebrow')}</p>
            <h1 id="event-title" className={classes.title}>
              {title}
            </h1>
            <dl className={classes.facts}>
              <div>
                <dt className={classes.factLabel}>{t('home.events.date')}</dt>
                <dd>
                  <CalendarIcon size={18} /> {eventDateText(event, language) ?? t('event.default.date')}
                </dd>
              </div>
              <div>
                <dt className={classes.factLabel}>{t('home.events.location')}</dt>
                <dd>
                  <PinIcon size={18} /> {textOr(event.location, t('event.default.location'))}
                </dd>
              </div>
            </dl>
            {description.trim() !== '' && <p className={classes.description}>{description}</p>}
            {bookingState === 'closed' && (
              <p className={shared.notice} role="status">
                {t('notice.bookingsClosed')}
              </p>
            )}
            <div className={classes.actions}>
              {register}
              {identity.contactEmail !== null && (
                <a
                  href={organizerMailto(identity.contactEmail, title, t)}
                  className={shared.ctaOutline}
                >
                  {t('home.events.contactOrganizer')}
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
            // The crop keeps the image's focal point (set in the back office) in view.
            style={{ objectPosition: imageObjectPosition(event) }}
            alt=""
            fetchPriority="high"
          />
        </div>
      </section>

      {/* Below the fold on a phone, and nothing in it needs a script (its links are plain links):
          adopted only once it shows, so the first date its slots format is not paid while the page
          opens. That first Intl.DateTimeFormat loads the browser's date data, 45-55 ms on this
          machine and a long task on a slow phone. Its markup shows from the server at once. */}
      <HydrateOnView id="event-sessions" margin="0px">
        <section className={`${shared.section} ${shared.sectionTinted}`} aria-labelledby="event-sessions">
          <div className={shared.container}>
            <div className={classes.columns}>
              <div>
                <h2 id="event-sessions" className={classes.heading}>
                  {t('event.sessions')}
                </h2>
                {sessions.length === 0 ? (
                  <p>{t('event.noSessions')}</p>
                ) : (
                  <ul className={classes.sessions}>
                    {sessions.map((session) => (
                      <SessionCard key={session.id} session={session} timeZone={timeZone} pricesIncludeTax={pricesIncludeTax} />
                    ))}
                  </ul>
                )}
                {sessions.length > 0 && register !== false && <div className={classes.actions}>{register}</div>}
              </div>
              <aside aria-labelledby="event-why">
                <h2 id="event-why" className={classes.heading}>
                  {t('event.whyAttend')}
                </h2>
                <ul className={classes.benefits}>
                  {(benefits.length > 0 ? benefits : defaultEventBenefits(t)).map((benefit) => (
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
      </HydrateOnView>
    </>
  );
}
