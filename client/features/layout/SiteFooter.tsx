// The public footer: services (from the editable home content), contact details and the copyright line.
import { firm, type Service } from '../home/content';
import classes from './public-layout.module.css';
import { LogoMark } from './SiteHeader';
import { SiteLink } from './site-links';

/** The copyright line names a fixed year, 2025, the firm's choice; it does not follow the clock. */
export const COPYRIGHT_YEAR = 2025;

interface SiteFooterProps {
  siteName: string;
  siteDescription: string;
  /** The home page's services, as staff last saved them: the footer lists their titles. */
  services: readonly Pick<Service, 'title'>[];
  /** False while bookings cannot be made (maintenance, registrations closed): no Book Consultation. */
  bookingOpen?: boolean;
}

export function SiteFooter({ siteName, siteDescription, services, bookingOpen = true }: SiteFooterProps) {
  return (
    <footer className={classes.footer}>
      <div className={classes.footerGrid}>
        <div>
          <p className={classes.footerBrand}>
            <LogoMark size={32} />
            <span>{siteName}</span>
          </p>
          <p className={classes.footerText}>{siteDescription}</p>
          {bookingOpen && (
            <SiteLink to="/booking" className={classes.headerCta}>
              Book Consultation
            </SiteLink>
          )}
        </div>

        <div>
          <h2 className={classes.footerHeading}>Services</h2>
          <ul className={classes.footerList}>
            {services.map((service) => (
              <li key={service.title}>{service.title}</li>
            ))}
          </ul>
        </div>

        <div>
          <h2 className={classes.footerHeading}>Contact</h2>
          <address className={classes.footerAddress}>
            <a href={`mailto:${firm.email}`} className={classes.footerLink}>
              {firm.email}
            </a>
            <a href={firm.phoneHref} className={classes.footerLink}>
              {firm.phone}
            </a>
            <span>
              {firm.city}, {firm.country}
            </span>
          </address>
        </div>
      </div>

      <div className={classes.footerBottom}>
        <p>
          © {COPYRIGHT_YEAR} {siteName}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
