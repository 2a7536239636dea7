import type { ReactNode } from 'react';
import shared from './shared.module.css';

/** The eyebrow, h2 and introduction that open each home page section. */
export function SectionHeader({ id, eyebrow, title, children }: { id: string; eyebrow: string; title: string; children?: ReactNode }) {
  return (
    <header className={shared.sectionHeader}>
      <p className={shared.eyebrow}>{eyebrow}</p>
      <h2 id={id} className={shared.sectionTitle}>
        {title}
      </h2>
      {children !== undefined && <p className={shared.sectionIntro}>{children}</p>}
    </header>
  );
}
