// PRODUCT.md 2.6: while Maintenance Mode is on, every public page says so.
import classes from './public-layout.module.css';

export const MAINTENANCE_MESSAGE = 'The site is under maintenance. Please try again later.';

export function MaintenanceNotice({ active }: { active: boolean }) {
  if (!active) return null;
  return (
    <div className={classes.maintenance} role="status">
      <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true" focusable="false">
        <path d="M12 3 2 20h20L12 3z" />
        <path d="M12 10v4M12 17.5v.01" strokeLinecap="round" />
      </svg>
      <p>{MAINTENANCE_MESSAGE}</p>
    </div>
  );
}
