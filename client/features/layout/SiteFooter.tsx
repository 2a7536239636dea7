// The public footer: the firm's mark and tagline, services (from the editable home content), the
// contact details and social links from Settings, Site, the footer text and the copyright line.
import type { StoredIdentity } from '@server/settings/site-identity.schemas';
import { hasContactDetails, phoneHref, SOCIAL_NETWORKS } from '@server/shared/site-identity';
import type { Service } from '@client/features/home/content';
import classes from './public-layout.module.css';
import { LogoMark } from './SiteHeader';
import { SiteLink } from './site-links';
import { useTranslator } from '@client/i18n';
import { LanguageSwitcher } from './LanguageSwitcher';

interface SiteFooterProps {
  siteName: string;
  siteDescription: string;
  identity: StoredIdentity;
  /** The home page's services, as staff last saved them: the footer lists their titles. */
  services: readonly Pick<Service, 'title'>[];
  /** False while bookings cannot be made (maintenance, registrations closed): no Book Consultation. */
  bookingOpen?: boolean;
}

export function SiteFooter({ siteName, siteDescription, identity, services, bookingOpen = true }: SiteFooterProps) {
  const { t } = useTranslator();
  const socialLinks = SOCIAL_NETWORKS.flatMap((network) => {
    const url = identity.social[network.key];
    return url === null ? [] : [{ ...network, url }];
  });
  const contact = hasContactDetails(identity);
  return (
    <footer className={classes.footer}>
      <div className={classes.footerGrid}>
        <div>
          {siteName !== '' && (
            <p className={classes.footerBrand}>
              <LogoMark size={32} siteName={siteName} logoUrl={identity.logoUrl} />
              <span>{siteName}</span>
            </p>
          )}
          {siteDescription !== '' && <p className={classes.footerText}>{siteDescription}</p>}
          {bookingOpen && (
            <SiteLink to="/consultation" className={classes.headerCta}>
              {t('layout.bookConsultation')}
            </SiteLink>
          )}
        </div>

        <div>
          <h2 className={classes.footerHeading}>{t('layout.footer.services')}</h2>
          <ul className={classes.footerList}>
            {services.map((service) => (
              <li key={service.title}>{service.title}</li>
            ))}
          </ul>
        </div>

        {(contact || socialLinks.length > 0) && (
          <div>
            <h2 className={classes.footerHeading}>{t('layout.footer.contact')}</h2>
            {contact && (
              <address className={classes.footerAddress}>
                {identity.contactEmail !== null && (
                  <a href={`mailto:${identity.contactEmail}`} className={classes.footerLink}>
                    {identity.contactEmail}
                  </a>
                )}
                {identity.contactPhone !== null && (
                  <a href={phoneHref(identity.contactPhone)} className={classes.footerLink}>
                    {identity.contactPhone}
                  </a>
                )}
                {identity.addressLines.length > 0 && (
                  <span>
                    {identity.addressLines.map((line, index) => (
                      <span key={index}>
                        {index > 0 && <br />}
                        {line}
                      </span>
                    ))}
                  </span>
                )}
              </address>
            )}
            {socialLinks.length > 0 && (
              <ul className={classes.socialList} aria-label={t('layout.footer.social')}>
                {socialLinks.map((link) => (
                  <li key={link.key}>
                    <a href={link.url} className={classes.footerLink} rel="noopener noreferrer me" target="_blank">
                      {link.label}
                      <span className={classes.srOnly}> {t('layout.newTab')}</span>
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
      </div>

      <div className={classes.footerBottom}>
        <LanguageSwitcher />
        <p>
          <SiteLink to="/privacy" className={`${classes.footerLink} ${classes.footerPageLink}`}>
            {t('layout.footer.privacy')}
          </SiteLink>
        </p>
        {identity.footerText !== null && <p>{identity.footerText}</p>}
        {/* The year of the visitor's clock: the server's may already be in the next one at midnight. */}
        <p suppressHydrationWarning>
          {t('layout.footer.copyright', { year: new Date().getFullYear(), siteName: siteName === '' ? '' : ` ${siteName}` })}
        </p>
      </div>
    </footer>
  );
}
