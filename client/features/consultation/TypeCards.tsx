// The consultation types as cards to choose from: title, length and place, description; the chosen
// card is outlined and tinted. A radio group underneath, so keyboards and screen readers use it as one.
import { Radio, Text } from '@mantine/core';
import { firmText } from '@server/shared/i18n/languages';
import { LineIcon } from '@client/features/icons/LineIcon';
import { useTranslator } from '@client/i18n';
import type { RouterOutputs } from '@client/trpc';
import classes from './consultation.module.css';

export type ConsultationType = RouterOutputs['consultations']['types']['list'][number];

export const LOCATION_WORDS = { video: 'consultation.location.video', phone: 'consultation.location.phone', address: 'consultation.location.address' } as const;

/** A clock: the consultation's length. */
export function ClockIcon() {
  return (
    <LineIcon size={16}>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3 2" />
    </LineIcon>
  );
}

/** A camera, a phone or a pin: where the consultation happens. */
export function PlaceIcon({ kind }: { kind: ConsultationType['locationKind'] }) {
  if (kind === 'video') {
    return (
      <LineIcon size={16}>
        <rect x="3" y="6" width="13" height="12" rx="2" />
        <path d="M16 10l5-3v10l-5-3" />
      </LineIcon>
    );
  }
  if (kind === 'phone') {
    return (
      <LineIcon size={16}>
        <path d="M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2" />
      </LineIcon>
    );
  }
  return (
    <LineIcon size={16}>
      <path d="M12 21s-7-6.2-7-11a7 7 0 0 1 14 0c0 4.8-7 11-7 11z" />
      <circle cx="12" cy="10" r="2.5" />
    </LineIcon>
  );
}

/** '30 min' and 'Video call', each with its icon. */
export function TypeFacts({ type }: { type: ConsultationType }) {
  const { t } = useTranslator();
  return (
    <span className={classes.meta}>
      <span className={classes.metaItem}>
        <ClockIcon />
        {t('consultation.type.minutes', { minutes: type.durationMinutes })}
      </span>
      <span className={classes.metaItem}>
        <PlaceIcon kind={type.locationKind} />
        {t(LOCATION_WORDS[type.locationKind])}
      </span>
    </span>
  );
}

export function TypeCards({ types, value, onChange }: { types: ConsultationType[]; value: string | null; onChange: (id: string) => void }) {
  const { t, language } = useTranslator();
  return (
    <Radio.Group
      label={
        <>
          <Text span c="dimmed" fw={600} mr={8} fz="inherit" aria-hidden>
            1.
          </Text>
          {t('consultation.type.label')}
        </>
      }
      value={value}
      onChange={onChange}
      labelProps={{ mb: 'sm', fz: 'var(--mantine-h2-font-size)', fw: 650, ff: 'var(--mantine-font-family-headings)' }}
    >
      <div className={classes.types}>
        {types.map((type) => (
          <Radio.Card key={type.id} value={type.id} p="md" radius="md" className={classes.typeCard}>
            <Radio.Indicator mt={4} />
            <div>
              <Text fw={600}>{firmText(type.title, type.translations, 'title', language)}</Text>
              <TypeFacts type={type} />
              {type.description !== null && (
                <Text size="sm" mt={6}>
                  {firmText(type.description, type.translations, 'description', language)}
                </Text>
              )}
            </div>
          </Radio.Card>
        ))}
      </div>
    </Radio.Group>
  );
}
