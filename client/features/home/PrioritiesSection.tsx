import type { HomeContent } from '@server/schemas/home-page';
import classes from './home.module.css';
import { Reveal } from './Reveal';
import { SectionHeader } from './SectionHeader';

export function PrioritiesSection({ priorities }: { priorities: HomeContent['priorities'] }) {
  return (
    <section id="priorities" className={`${classes.section} ${classes.sectionTinted}`} aria-labelledby="priorities-heading">
      <Reveal className={classes.container}>
        <SectionHeader id="priorities-heading" eyebrow="Strategic focus" title="What We Prioritize for Your Success">
          The principles behind every engagement, from the first call to the day you open abroad.
        </SectionHeader>
        <ol className={classes.priorityGrid}>
          {priorities.map((priority, position) => (
            <li key={priority.title} className={classes.priority}>
              <span className={classes.priorityNumber} aria-hidden="true">
                {String(position + 1).padStart(2, '0')}
              </span>
              <h3 className={classes.cardTitle}>{priority.title}</h3>
              <p className={classes.cardText}>{priority.text}</p>
            </li>
          ))}
        </ol>
      </Reveal>
    </section>
  );
}
