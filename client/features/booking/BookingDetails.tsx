// Beside the booking form: the chosen event (picture, title, date, place, description) and, once a
// session is chosen, its description and delegates (photo, name, role), so a visitor sees what they
// are booking without leaving the form. Only the delegates' public face comes from the server.
import { Avatar, Group, Image, Stack, Text, Title } from '@mantine/core';
import { useTranslator } from '@client/i18n';
import type { RouterOutputs } from '@client/trpc';
import { eventDateText, firmText } from '@server/shared/i18n/languages';
import { uploadSrcSet } from '@server/shared/image-variants';
import { imageObjectPosition } from '@server/shared/image-focus';
import { eventDefaults } from '@client/features/home/content';
import classes from './BookingForm.module.css';
import { textOr } from '@client/features/layout/text-or';
import { usePublicSettings } from '@client/features/layout/PublicLayout';
import { priceText } from '@client/features/event/price';

type BookableEvent = RouterOutputs['events']['list'][number];
type BookableSession = RouterOutputs['sessions']['listByEvent'][number];


export function BookingDetails({ event, session }: { event: BookableEvent | undefined; session: BookableSession | undefined }) {
  const { t, language } = useTranslator();
  if (event === undefined) {
    return (
      <Text size="sm" c="dimmed" className={classes.placeholder}>
        {t('booking.details.choose')}
      </Text>
    );
  }
  const imageUrl = textOr(event.imageUrl, eventDefaults.image);
  // The firm's texts in the page's language, English where a translation is missing.
  const description = firmText(event.description ?? '', event.translations, 'description', language);
  return (
    <Stack gap="sm" aria-label={t('booking.details.group')} role="group">
      <Image
        src={imageUrl}
        srcSet={uploadSrcSet(imageUrl)}
        sizes="(max-width: 62em) 100vw, 400px"
        alt=""
        radius="md"
        h={180}
        fit="cover"
        // The crop keeps the image's focal point (set in the back office) in view.
        style={{ objectPosition: imageObjectPosition(event) }}
      />
      <Title order={2}>
        {firmText(event.title, event.translations, 'title', language)}
      </Title>
      <dl className={classes.facts}>
        <dt>{t('booking.details.date')}</dt>
        <dd>{eventDateText(event, language) ?? t('event.default.date')}</dd>
        <dt>{t('booking.details.location')}</dt>
        <dd>{textOr(event.location, t('event.default.location'))}</dd>
      </dl>
      {description.trim() !== '' && (
        <Text size="sm" className={classes.description}>
          {description}
        </Text>
      )}
      {session !== undefined && <SessionDetails session={session} />}
    </Stack>
  );
}

function SessionDetails({ session }: { session: BookableSession }) {
  const words = useTranslator();
  const { t, language } = words;
  const { pricesIncludeTax } = usePublicSettings();
  const price = priceText(session.price, pricesIncludeTax, words);
  const where = session.location !== null && session.location.trim() !== '' ? session.location : null;
  const description = firmText(session.description ?? '', session.translations, 'description', language);
  return (
    <Stack gap="xs" className={classes.session}>
      <Title order={3}>
        {firmText(session.title, session.translations, 'title', language)}
      </Title>
      {(where !== null || price !== null) && (
        <dl className={classes.facts}>
          {where !== null && (
            <>
              <dt>{t('booking.details.where')}</dt>
              <dd>{where}</dd>
            </>
          )}
          {price !== null && (
            <>
              <dt>{t('booking.details.price')}</dt>
              <dd>{price}</dd>
            </>
          )}
        </dl>
      )}
      {description.trim() !== '' && (
        <Text size="sm" className={classes.description}>
          {description}
        </Text>
      )}
      {session.delegates.length > 0 && (
        <>
          <Text size="sm" fw={600}>
            {t('booking.details.delegates')}
          </Text>
          <ul className={classes.delegates}>
            {session.delegates.map((delegate) => {
              const role = [delegate.position, delegate.organization].filter((part) => part !== null && part.trim() !== '').join(', ');
              return (
                <li key={delegate.id}>
                  <Group gap="sm" wrap="nowrap">
                    {/* Decorative: the name follows. Without a photo, the initials on the site's colour. */}
                    <Avatar src={delegate.photoUrl} alt="" radius="xl" size={40} name={delegate.name} aria-hidden />
                    <div>
                      <Text size="sm" fw={600}>
                        {delegate.name}
                      </Text>
                      {role !== '' && (
                        <Text size="xs" c="dimmed">
                          {role}
                        </Text>
                      )}
                    </div>
                  </Group>
                </li>
              );
            })}
          </ul>
        </>
      )}
    </Stack>
  );
}
