import type { HomeContent } from '@server/home-page/home-page.schemas';
import { useTranslator } from '@client/i18n';
import shared from './shared.module.css';
import classes from './PrioritiesSection.module.css';
import { Reveal } from './Reveal';
import { SectionHeader } from './SectionHeader';

export function PrioritiesSection({ priorities }: { priorities: HomeContent['priorities'] }) {
  const { t } = useTranslator();
  return (
    <section id="priorities" className={`${shared.section} ${shared.sectionTinted}`} aria-labelledby="priorities-heading">
      <Reveal className={shared.container}>
        <SectionHeader id="priorities-heading" eyebrow={t('home.priorities.eyebrow')} title={t('home.priorities.title')}>
          {t('home.priorities.intro')}
        </SectionHeader>
        <ol className={`${shared.grid} ${classes.priorityGrid}`}>
          {priorities.map((priority, position) => (
            <li key={priority.title} className={`${shared.card} ${classes.priority}`}>
              <span className={classes.priorityNumber} aria-hidden="true">
                {String(position + 1).padStart(2, '0')}
              </span>
              <h3 className={shared.cardTitle}>{priority.title}</h3>
              <p className={shared.cardText}>{priority.text}</p>
            </li>
          ))}
        </ol>
      </Reveal>
    </section>
  );
}
