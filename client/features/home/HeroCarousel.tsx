// The hero carousel: three slides, arrows, dots, Book Consultation and Our Services.
// Follows the WAI-ARIA carousel pattern: rotation pauses while the pointer or keyboard focus is
// inside, and a button stops it for good (WCAG 2.2.2), without changing the 5000 ms rhythm otherwise.
import { useTranslator } from '@client/i18n';
import { type FocusEvent, useState } from 'react';
import type { BookingState } from './booking-state';
import type { HomeContent } from '@server/home-page/home-page.schemas';
import { uploadSrcSet } from '@server/shared/image-variants';
import shared from './shared.module.css';
import classes from './HeroCarousel.module.css';
import { ChevronIcon, PauseIcon, PlayIcon } from './icons';
import { SiteLink } from '@client/features/layout/site-links';
import { useCarousel } from './use-carousel';

function isKeyboardFocus(element: Element): boolean {
  try {
    return element.matches(':focus-visible');
  } catch {
    return true; // a browser without :focus-visible: pause to be safe
  }
}

interface HeroCarouselProps {
  heroSlides: HomeContent['heroSlides'];
  bookingState?: BookingState;
}

export function HeroCarousel({ heroSlides, bookingState = 'open' }: HeroCarouselProps) {
  const { t } = useTranslator();
  const [stopped, setStopped] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const rotating = !stopped && !hovered && !focused;
  const { index, goTo, next, previous } = useCarousel(heroSlides.length, { paused: !rotating });

  // Only a mouse hovering and keyboard focus pause: a tap or a click on an arrow leaves the pointer
  // or the focus there, and rotation should go on once the visitor has chosen a slide.
  function handleFocus(event: FocusEvent<HTMLElement>) {
    setFocused(isKeyboardFocus(event.target));
  }

  function handleBlur(event: FocusEvent<HTMLElement>) {
    if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
  }

  return (
    <section
      className={classes.hero}
      aria-roledescription="carousel"
      aria-labelledby="hero-heading"
      onPointerEnter={(event) => setHovered(event.pointerType === 'mouse')}
      onPointerLeave={() => setHovered(false)}
      onFocus={handleFocus}
      onBlur={handleBlur}
    >
      <div className={classes.heroBackdrops} aria-hidden="true">
        {heroSlides.map((slide, slideIndex) => (
          <img
            key={slide.image}
            src={slide.image}
            srcSet={uploadSrcSet(slide.image)}
            sizes="100vw"
            alt=""
            className={classes.heroBackdrop}
            data-active={slideIndex === index}
            {...(slideIndex === 0 ? { fetchPriority: 'high' as const } : { loading: 'lazy' as const })}
          />
        ))}
      </div>

      <div className={classes.heroInner}>
        <h1 id="hero-heading" className={classes.heroKicker}>
          {t('home.heroHeading')}
        </h1>

        <div className={classes.heroSlides} aria-live={rotating ? 'off' : 'polite'}>
          {heroSlides.map((slide, slideIndex) => {
            const active = slideIndex === index;
            return (
              <div
                key={slide.title}
                role="group"
                aria-roledescription="slide"
                aria-label={t('home.hero.slideOf', { position: slideIndex + 1, count: heroSlides.length })}
                aria-hidden={!active}
                inert={!active}
                className={classes.heroSlide}
                data-active={active}
              >
                <h2 className={classes.heroTitle}>{slide.title}</h2>
                <p className={classes.heroText}>{slide.text}</p>
              </div>
            );
          })}
        </div>

        <div className={classes.heroActions}>
          {bookingState === 'open' && (
            <SiteLink to="/consultation" className={shared.ctaPrimary}>
              {t('layout.bookConsultation')}
            </SiteLink>
          )}
          <SiteLink to="/" hash="services" className={shared.ctaSecondary}>
            {t('home.hero.ourServices')}
          </SiteLink>
        </div>

        <div className={classes.heroControls}>
          <button type="button" className={classes.heroArrow} aria-label={t('home.hero.previous')} onClick={previous}>
            <ChevronIcon direction="left" />
          </button>
          <div className={classes.heroDots}>
            {heroSlides.map((slide, slideIndex) => (
              <button
                key={slide.title}
                type="button"
                className={classes.heroDot}
                aria-label={t('home.hero.goTo', { position: slideIndex + 1 })}
                aria-current={slideIndex === index ? 'true' : undefined}
                onClick={() => goTo(slideIndex)}
              />
            ))}
          </div>
          <button type="button" className={classes.heroArrow} aria-label={t('home.hero.next')} onClick={next}>
            <ChevronIcon direction="right" />
          </button>
          <button
            type="button"
            className={classes.heroArrow}
            aria-label={stopped ? t('home.hero.play') : t('home.hero.pause')}
            onClick={() => setStopped((value) => !value)}
          >
            {stopped ? <PlayIcon size={20} /> : <PauseIcon size={20} />}
          </button>
        </div>
      </div>
    </section>
  );
}
