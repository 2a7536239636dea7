import type { HomeContent } from '@server/schemas/home-page';
import classes from './home.module.css';
import { ServiceGlyph } from './icons';
import { Reveal } from './Reveal';
import { SectionHeader } from './SectionHeader';

export function ServicesSection({ services }: { services: HomeContent['services'] }) {
  return (
    <section id="services" className={classes.section} aria-labelledby="services-heading">
      <Reveal className={classes.container}>
        <SectionHeader id="services-heading" eyebrow="What we do" title="Our Services">
          Six ways we help companies enter new markets, find the right partners and grow there with confidence.
        </SectionHeader>
        <ul className={classes.cardGrid}>
          {services.map((service) => (
            <li key={service.title} className={classes.card}>
              <span className={classes.cardIcon}>
                <ServiceGlyph icon={service.icon} size={28} />
              </span>
              <h3 className={classes.cardTitle}>{service.title}</h3>
              <p className={classes.cardText}>{service.text}</p>
            </li>
          ))}
        </ul>
      </Reveal>
    </section>
  );
}
