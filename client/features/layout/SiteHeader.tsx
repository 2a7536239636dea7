// The public header: site name, links to the home page's sections, Book
// Consultation, and a menu behind a burger button below the sm breakpoint.
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import classes from './public-layout.module.css';
import { Burger } from './plain';
import { initialsOf } from '@server/shared/site-identity';
import { SiteLink, useSiteNavigation } from './site-links';
import { useSectionInView } from './use-section-in-view';
import { useTranslator } from '@client/i18n';
import { LanguageSwitcher } from './LanguageSwitcher';

/** In-page anchors of the home page; from other pages they lead to /#services and so on. */
export const sectionLinks = [
  { label: 'layout.nav.services', hash: 'services' },
  { label: 'layout.nav.priorities', hash: 'priorities' },
  { label: 'layout.nav.events', hash: 'events' },
  { label: 'layout.nav.about', hash: 'about' },
  { label: 'layout.nav.contact', hash: 'contact' },
] as const;

const sectionIds = sectionLinks.map((link) => link.hash);

interface NavLinksProps {
  className: string | undefined;
  onNavigate?: () => void;
  /** On the home page: the section in view ('' for the top of the page); elsewhere null. */
  current: string | null;
}

/**
 * The underline follows the section in view (data-current), not the hash in the address: the
 * address keeps the last link followed while the visitor scrolls on.
 */
function NavLinks({ className, onNavigate, current }: NavLinksProps) {
  const { t } = useTranslator();
  return (
    <>
      <SiteLink to="/" className={className} onClick={onNavigate} data-current={current === ''}>
        {t('layout.nav.home')}
      </SiteLink>
      {sectionLinks.map((link) => (
        <SiteLink key={link.hash} to="/" hash={link.hash} className={className} onClick={onNavigate} data-current={current === link.hash}>
          {t(link.label)}
        </SiteLink>
      ))}
    </>
  );
}

/**
 * The firm's mark: its logo, or without one its initials in a rounded square of the brand colours.
 * Decorative: the name is beside it.
 */
export function LogoMark({ size = 36, siteName, logoUrl = null }: { size?: number; siteName: string; logoUrl?: string | null }) {
  if (logoUrl !== null) return <img src={logoUrl} alt="" height={size} className={classes.logoImage} />;
  const initials = initialsOf(siteName);
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false" className={classes.logoMark}>
      <rect width="64" height="64" rx="14" className={classes.logoShape} />
      <text x="32" y="33" textAnchor="middle" dominantBaseline="central" fontSize={initials.length > 1 ? 26 : 32} fontWeight="700" className={classes.logoText}>
        {initials}
      </text>
    </svg>
  );
}

interface SiteHeaderProps {
  siteName: string;
  logoUrl?: string | null;
  /** False while Maintenance Mode is on or registrations are closed: no Book Consultation then. */
  bookingOpen?: boolean;
}

export function SiteHeader({ siteName, logoUrl = null, bookingOpen = true }: SiteHeaderProps) {
  const { t } = useTranslator();
  const [menuOpen, setMenuOpen] = useState(false);
  const onHome = useSiteNavigation().pathname === '/';
  const inView = useSectionInView(sectionIds, onHome);
  const current = onHome ? (inView ?? '') : null;
  const burgerRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const closeMenu = () => setMenuOpen(false);

  function closeOnEscape(event: KeyboardEvent<HTMLElement>) {
    if (event.key !== 'Escape' || !menuOpen) return;
    setMenuOpen(false);
    burgerRef.current?.focus();
  }

  return (
    <header className={classes.header} onKeyDown={closeOnEscape}>
      <div className={classes.headerBar}>
        {/* Without a name (the settings could not be read) the mark alone leads home. */}
        <SiteLink to="/" className={classes.brand} onClick={closeMenu} aria-label={siteName === '' ? t('layout.homePage') : undefined}>
          <LogoMark siteName={siteName} logoUrl={logoUrl} />
          {siteName !== '' && <span className={classes.brandName}>{siteName}</span>}
        </SiteLink>

        <nav aria-label={t('layout.nav.main')} className={classes.desktopNav}>
          <NavLinks className={classes.navLink} current={current} />
        </nav>

        <LanguageSwitcher className={classes.desktopOnly} />

        {bookingOpen && (
          <SiteLink to="/consultation" className={`${classes.headerCta} ${classes.desktopOnly}`}>
            {t('layout.bookConsultation')}
          </SiteLink>
        )}

        <Burger
          ref={burgerRef}
          className={classes.burger}
          opened={menuOpen}
          onClick={() => setMenuOpen((open) => !open)}
          aria-label={menuOpen ? t('layout.menu.close') : t('layout.menu.open')}
          aria-expanded={menuOpen}
          aria-controls={menuId}
        />
      </div>

      <nav id={menuId} aria-label={t('layout.nav.mobile')} className={classes.mobileNav} hidden={!menuOpen}>
        <NavLinks className={classes.mobileNavLink} onNavigate={closeMenu} current={current} />
        <LanguageSwitcher />
        {bookingOpen && (
          <SiteLink to="/consultation" className={classes.headerCta} onClick={closeMenu}>
            {t('layout.bookConsultation')}
          </SiteLink>
        )}
      </nav>
    </header>
  );
}
