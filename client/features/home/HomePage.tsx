// The public home page (SPEC section 1): hero, services, testimonials, events, founder, priorities
// and contact. The header and footer come from PublicLayout.
import { trpc } from '@client/trpc';
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
  // The editable content; the shipped texts stand in while it loads or if it cannot be loaded.
  const home = trpc.homePage.get.useQuery(undefined, { staleTime: SETTINGS_STALE_MS });
  const content = home.data ?? defaultHomeContent;
  return (
    <>
      <HeroCarousel heroSlides={content.heroSlides} bookingState={bookingState} />
      <ServicesSection services={content.services} />
      <TestimonialsSection testimonials={content.testimonials} />
      <EventsSection bookingState={bookingState} />
      <AboutSection founder={content.founder} />
      <PrioritiesSection priorities={content.priorities} />
      <ContactSection bookingState={bookingState} />
    </>
  );
}
