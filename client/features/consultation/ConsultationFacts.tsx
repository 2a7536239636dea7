// A consultation's facts as a short list: what, with whom, when (in the visitor's zone), where.
// The same list beside the visitor's details, on the confirmation and on the manage page.
import type { ReactNode } from 'react';
import { useTranslator } from '@client/i18n';
import { useDates } from '@client/use-dates';
import classes from './consultation.module.css';

interface ConsultationFactsProps {
  /** The list's name for screen readers ('Your consultation'). */
  label: string;
  type: string;
  consultant?: string | undefined;
  startsAt: string;
  endsAt: string;
  /** The zone the visitor reads times in. */
  timeZone: string;
  /** The site's zone, shown beside the visitor's when their clocks differ. */
  siteZone?: string | undefined;
  where?: string | undefined;
  /** More rows after the usual ones (the manage page's status). */
  children?: ReactNode;
}

export function ConsultationFacts({ label, type, consultant, startsAt, endsAt, timeZone, siteZone, where, children }: ConsultationFactsProps) {
  const { t } = useTranslator();
  const dates = useDates();
  return (
    <div role="group" aria-label={label}>
    <dl className={classes.facts}>
      <dt>{t('consultation.manage.what')}</dt>
      <dd>{type}</dd>
      {consultant !== undefined && (
        <>
          <dt>{t('consultation.manage.with')}</dt>
          <dd>{consultant}</dd>
        </>
      )}
      <dt>{t('consultation.manage.when')}</dt>
      <dd>{siteZone === undefined ? dates.range(startsAt, endsAt, timeZone) : dates.visitorSlotLine(startsAt, endsAt, siteZone, timeZone)}</dd>
      {where !== undefined && (
        <>
          <dt>{t('consultation.manage.where')}</dt>
          <dd>{where}</dd>
        </>
      )}
      {children}
    </dl>
    </div>
  );
}
