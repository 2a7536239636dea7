// While Maintenance Mode is on, every public page says so (the server refuses bookings and
// contact messages meanwhile).
import { useTranslator } from '@client/i18n';
import classes from './public-layout.module.css';

export function MaintenanceNotice({ active }: { active: boolean }) {
  const { t } = useTranslator();
  if (!active) return null;
  return (
    <div className={classes.maintenance} role="status">
      <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true" focusable="false">
        <path d="M12 3 2 20h20L12 3z" />
        <path d="M12 10v4M12 17.5v.01" strokeLinecap="round" />
      </svg>
      <p>{t('notice.maintenance')}</p>
    </div>
  );
}
