// The public home page: hero, services, testimonials, events, founder, priorities
// and contact. The header and footer come from PublicLayout.
import { HydrateOnView } from '@client/hydration';
import { useTranslator } from '@client/i18n';
import { trpc } from '@client/trpc';
import { homeContentIn } from '@server/shared/home-content';
import { usePublicSettings } from '@client/features/layout/PublicLayout';
import { AboutSection } from './AboutSection';
import { bookingStateOf } from './booking-state';
import { defaultHomeContent } from './content';
import { ContactSection } from './ContactSection';
import { EventsSection } from './EventsSection';
import { HeroCarousel } from './HeroCarousel';
import { PrioritiesSection } from './PrioritiesSection';
import { ServicesSection } from './ServicesSection';
import { TestimonialsSection } from './TestimonialsSection';

const SETTINGS_STALE_MS = 5 * 60_000;

export function HomePage() {
  // The same query (and cache entry) as the layout's; the sections get plain props.
  const settings = trpc.settings.public.useQuery(undefined, { staleTime: SETTINGS_STALE_MS });
  const bookingState = bookingStateOf(settings.data);
  const { identity, siteName } = usePublicSettings();
  // The editable content; the shipped texts stand in while it loads or if it cannot be loaded.
  const home = trpc.homePage.get.useQuery(undefined, { staleTime: SETTINGS_STALE_MS });
  // In the page's language where the firm has translated a text, else in English.
  const content = homeContentIn(home.data ?? defaultHomeContent, useTranslator().language);
  return (
    <>
      <HeroCarousel heroSlides={content.heroSlides} bookingState={bookingState} />
      {/* Below the fold: shown from the server's markup, made interactive when scrolled near. */}
      <HydrateOnView id="services">
        <ServicesSection services={content.services} />
      </HydrateOnView>
      {content.testimonials.length > 0 && (
        <HydrateOnView id="testimonials-heading">
          <TestimonialsSection testimonials={content.testimonials} />
        </HydrateOnView>
      )}
      <HydrateOnView id="events">
        <EventsSection bookingState={bookingState} contactEmail={identity.contactEmail} />
      </HydrateOnView>
      <HydrateOnView id="about">
        <AboutSection founder={content.founder} />
      </HydrateOnView>
      <HydrateOnView id="priorities">
        <PrioritiesSection priorities={content.priorities} />
      </HydrateOnView>
      <HydrateOnView id="contact">
        <ContactSection bookingState={bookingState} identity={identity} siteName={siteName} />
      </HydrateOnView>
    </>
  );
}
