import { lazy, Suspense } from 'react';
import { useHydrated } from '@client/hydration';
import { Skeleton } from '@client/features/layout/plain';
import { useTranslator } from '@client/i18n';
import type { BookingState } from './booking-state';
import type { StoredIdentity } from '@server/settings/site-identity.schemas';
import { hasContactDetails, mapPointOf, osmEmbedUrl, osmLinkUrl, phoneHref } from '@server/shared/site-identity';
import shared from './shared.module.css';
import classes from './ContactSection.module.css';
import { MailIcon, PhoneIcon, PinIcon } from './icons';
import { Reveal } from './Reveal';
import { SectionHeader } from './SectionHeader';

// The form and its validation (zod, @mantine/form) load in their own chunk: the section sits far
// below the fold, so the first paint of the home page does not wait for them.
// It is built with Mantine, so it brings Mantine's theme along (the rest of the home page has none).
const ContactForm = lazy(() => import('@client/features/contact/ThemedContactForm').then((module) => ({ default: module.ThemedContactForm })));

function ContactFormPlaceholder() {
  const { t } = useTranslator();
  return (
    // A named status region: a plain element may not carry a name (aria-label) of its own.
    <div className={classes.formPlaceholder} role="status" aria-busy="true" aria-label={t('home.contact.loadingForm')}>
      {[1, 2, 3].map((row) => (
        <Skeleton key={row} height={56} />
      ))}
      <Skeleton height={110} />
      <Skeleton height={42} />
    </div>
  );
}

/** The firm's contact details and map from Settings, Site; nothing until there are some. */
function ContactDetails({ identity, siteName }: { identity: StoredIdentity; siteName: string }) {
  const { t } = useTranslator();
  const point = mapPointOf(identity);
  if (!hasContactDetails(identity) && identity.openingHours === null && point === null) return null;
  const place = identity.addressLines.join(', ') || siteName;
  return (
    <div className={classes.contactAside}>
      <h3 className={shared.cardTitle}>{t('home.contact.details')}</h3>
      {hasContactDetails(identity) && (
        <ul className={classes.contactList}>
          {identity.contactEmail !== null && (
            <li>
              <MailIcon size={20} />
              <a href={`mailto:${identity.contactEmail}`}>{identity.contactEmail}</a>
            </li>
          )}
          {identity.contactPhone !== null && (
            <li>
              <PhoneIcon size={20} />
              <a href={phoneHref(identity.contactPhone)}>{identity.contactPhone}</a>
            </li>
          )}
          {identity.addressLines.length > 0 && (
            <li>
              <PinIcon size={20} />
              <span>
                {identity.addressLines.map((line, index) => (
                  <span key={index}>
                    {index > 0 && <br />}
                    {line}
                  </span>
                ))}
              </span>
            </li>
          )}
        </ul>
      )}
      {identity.openingHours !== null && <p className={`${shared.muted} ${classes.hours}`}>{identity.openingHours}</p>}

      {point !== null && (
        // The card works offline and without frames; in the OpenStreetMap view the map follows it.
        <div className={classes.map}>
          <div className={classes.mapCard}>
            <PinIcon size={24} />
            <p>
              <span className={classes.mapPlace}>{place}</span>
              <a href={osmLinkUrl(point)} target="_blank" rel="noopener noreferrer" className={shared.textLink}>
                {t('home.contact.openMap')}
                <span className={shared.srOnly}> {t('layout.newTab')}</span>
              </a>
            </p>
          </div>
          {identity.mapMode === 'embed' && (
            <iframe
              title={t('home.contact.map', { place })}
              src={osmEmbedUrl(point)}
              width="100%"
              height="280"
              loading="lazy"
              referrerPolicy="no-referrer-when-downgrade"
            />
          )}
        </div>
      )}
    </div>
  );
}

export function ContactSection({
  bookingState = 'open',
  identity,
  siteName,
}: {
  bookingState?: BookingState;
  identity: StoredIdentity;
  siteName: string;
}) {
  // The server renders the placeholder; the form appears once it can be sent.
  const hydrated = useHydrated();
  const { t } = useTranslator();
  return (
    <section id="contact" className={shared.section} aria-labelledby="contact-heading">
      <Reveal className={shared.container}>
        <SectionHeader id="contact-heading" eyebrow={t('home.contact.eyebrow')} title={t('home.contact.title')}>
          {t('home.contact.intro')}{bookingState === 'open' && identity.replyPromise !== null && ` ${identity.replyPromise}`}
        </SectionHeader>
        <div className={classes.contactGrid}>
          <div className={classes.formCard}>
            {bookingState === 'maintenance' ? (
              // The server refuses messages during maintenance, so the form would only fail on send.
              <p className={`${shared.notice} ${classes.formNotice}`} role="status">
                {t('notice.maintenance')}
              </p>
            ) : hydrated ? (
              <Suspense fallback={<ContactFormPlaceholder />}>
                <ContactForm />
              </Suspense>
            ) : (
              <ContactFormPlaceholder />
            )}
          </div>

          <ContactDetails identity={identity} siteName={siteName} />
        </div>
      </Reveal>
    </section>
  );
}
