import type { HomeContent } from '@server/home-page/home-page.schemas';
import { useTranslator } from '@client/i18n';
import shared from './shared.module.css';
import classes from './ServicesSection.module.css';
import { ServiceGlyph } from './icons';
import { Reveal } from './Reveal';
import { SectionHeader } from './SectionHeader';

export function ServicesSection({ services }: { services: HomeContent['services'] }) {
  const { t } = useTranslator();
  return (
    <section id="services" className={shared.section} aria-labelledby="services-heading">
      <Reveal className={shared.container}>
        <SectionHeader id="services-heading" eyebrow={t('home.services.eyebrow')} title={t('home.services.title')}>
          {t('home.services.intro')}
        </SectionHeader>
        <ul className={`${shared.grid} ${shared.gridThree}`}>
          {services.map((service) => (
            <li key={service.title} className={shared.card}>
              <span className={classes.cardIcon}>
                <ServiceGlyph icon={service.icon} size={28} />
              </span>
              <h3 className={shared.cardTitle}>{service.title}</h3>
              <p className={shared.cardText}>{service.text}</p>
            </li>
          ))}
        </ul>
      </Reveal>
    </section>
  );
}
