import type { ReactNode } from 'react';
import classes from './home.module.css';

/** The eyebrow, h2 and introduction that open each home page section. */
export function SectionHeader({ id, eyebrow, title, children }: { id: string; eyebrow: string; title: string; children?: ReactNode }) {
  return (
    <header className={classes.sectionHeader}>
      <p className={classes.eyebrow}>{eyebrow}</p>
      <h2 id={id} className={classes.sectionTitle}>
        {title}
      </h2>
      {children !== undefined && <p className={classes.sectionIntro}>{children}</p>}
    </header>
  );
}
