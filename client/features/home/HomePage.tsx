// The public home page (SPEC section 1): hero, services, testimonials, events, founder, priorities
// and contact. The header and footer come from PublicLayout.
import { AboutSection } from './AboutSection';
import { ContactSection } from './ContactSection';
import { EventsSection } from './EventsSection';
import { HeroCarousel } from './HeroCarousel';
import { PrioritiesSection } from './PrioritiesSection';
import { ServicesSection } from './ServicesSection';
import { TestimonialsSection } from './TestimonialsSection';

export function HomePage() {
  return (
    <>
      <HeroCarousel />
      <ServicesSection />
      <TestimonialsSection />
      <EventsSection />
      <AboutSection />
      <PrioritiesSection />
      <ContactSection />
    </>
  );
}
