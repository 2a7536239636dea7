import { lazy, Suspense } from 'react';
import { useHydrated } from '@client/hydration';
import { Skeleton } from '../layout/plain';
import { MAINTENANCE_MESSAGE } from '@server/shared/site-notices';
import type { BookingState } from './booking-state';
import { firm, mapLocation } from './content';
import shared from './shared.module.css';
import classes from './ContactSection.module.css';
import { MailIcon, PhoneIcon, PinIcon } from './icons';
import { Reveal } from './Reveal';
import { SectionHeader } from './SectionHeader';

// The form and its validation (zod, @mantine/form) load in their own chunk: the section sits far
// below the fold, so the first paint of the home page does not wait for them.
// It is built with Mantine, so it brings Mantine's theme along (the rest of the home page has none).
const ContactForm = lazy(() => import('../contact/ThemedContactForm').then((module) => ({ default: module.ThemedContactForm })));

function ContactFormPlaceholder() {
  return (
    // A named status region: a plain element may not carry a name (aria-label) of its own.
    <div className={classes.formPlaceholder} role="status" aria-busy="true" aria-label="Loading contact form">
      {[1, 2, 3].map((row) => (
        <Skeleton key={row} height={56} />
      ))}
      <Skeleton height={110} />
      <Skeleton height={42} />
    </div>
  );
}

export function ContactSection({ bookingState = 'open' }: { bookingState?: BookingState }) {
  // The server renders the placeholder; the form appears once it can be sent.
  const hydrated = useHydrated();
  return (
    <section id="contact" className={shared.section} aria-labelledby="contact-heading">
      <Reveal className={shared.container}>
        <SectionHeader id="contact-heading" eyebrow="Contact" title="Get In Touch">
          Tell us where you want to grow.{bookingState === 'open' && ` ${firm.replyPromise}`}
        </SectionHeader>
        <div className={classes.contactGrid}>
          <div className={classes.formCard}>
            {bookingState === 'maintenance' ? (
              // The server refuses messages during maintenance, so the form would only fail on send.
              <p className={`${shared.notice} ${classes.formNotice}`} role="status">
                {MAINTENANCE_MESSAGE}
              </p>
            ) : hydrated ? (
              <Suspense fallback={<ContactFormPlaceholder />}>
                <ContactForm />
              </Suspense>
            ) : (
              <ContactFormPlaceholder />
            )}
          </div>

          <div className={classes.contactAside}>
            <h3 className={shared.cardTitle}>Contact Details</h3>
            <ul className={classes.contactList}>
              <li>
                <MailIcon size={20} />
                <a href={`mailto:${firm.email}`}>{firm.email}</a>
              </li>
              <li>
                <PhoneIcon size={20} />
                <a href={firm.phoneHref}>{firm.phone}</a>
              </li>
              <li>
                <PinIcon size={20} />
                <span>
                  {firm.city}, {firm.country}
                  <br />
                  <span className={shared.muted}>West Africa desk: {mapLocation.city}</span>
                </span>
              </li>
            </ul>
            <p className={`${shared.muted} ${classes.hours}`}>{firm.hours}</p>

            <div className={classes.map}>
              <iframe
                title={`Map: ${mapLocation.label}`}
                src={mapLocation.embedUrl}
                width="100%"
                height="280"
                loading="lazy"
                referrerPolicy="no-referrer-when-downgrade"
              />
              <a href={mapLocation.largerMapUrl} target="_blank" rel="noopener noreferrer" className={shared.textLink}>
                View larger map<span className={shared.srOnly}> (opens in a new tab)</span>
              </a>
            </div>
          </div>
        </div>
      </Reveal>
    </section>
  );
}
