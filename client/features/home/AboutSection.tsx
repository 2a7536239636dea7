import type { HomeContent } from '@server/home-page/home-page.schemas';
import { useTranslator } from '@client/i18n';
import shared from './shared.module.css';
import classes from './AboutSection.module.css';
import { Portrait } from './Portrait';
import { Reveal } from './Reveal';
import { SectionHeader } from './SectionHeader';

export function AboutSection({ founder }: { founder: HomeContent['founder'] }) {
  const { t } = useTranslator();
  return (
    <section id="about" className={shared.section} aria-labelledby="about-heading">
      <Reveal className={shared.container}>
        <SectionHeader id="about-heading" eyebrow={t('home.about.eyebrow')} title={t('home.about.title')} />
        <div className={classes.about}>
          <Portrait name={founder.name} photo={founder.photo} width={360} height={420} className={classes.founderPhoto} fluid />
          <div>
            <h3 className={classes.founderName}>{founder.name}</h3>
            <p className={classes.founderRole}>{founder.role}</p>
            {founder.bio.map((paragraph) => (
              <p key={paragraph.slice(0, 32)} className={classes.founderBio}>
                {paragraph}
              </p>
            ))}
            <dl className={classes.stats}>
              {founder.stats.map((stat) => (
                <div key={stat.label} className={classes.stat}>
                  <dt className={classes.statLabel}>{stat.label}</dt>
                  <dd className={classes.statValue}>{stat.value}</dd>
                </div>
              ))}
            </dl>
          </div>
        </div>
      </Reveal>
    </section>
  );
}
