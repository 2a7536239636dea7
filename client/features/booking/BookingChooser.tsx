// The booking page's first question at /booking: a consultation with one of the firm's consultants
// (its own page), or a seat at an event (the event registration, shown once chosen). /booking/<id>
// skips the question: the visitor came for that event.
import { Button, Group, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslator } from '@client/i18n';

/** `ready`: the page is interactive (until then, on a page that came with its HTML, the button waits). */
export function BookingChooser({ ready, onRegister }: { ready: boolean; onRegister: () => void }) {
  const { t } = useTranslator();
  return (
    <Stack gap="sm">
      <Text fw={600} id="booking-choice">
        {t('booking.choose.question')}
      </Text>
      <Group gap="sm" grow preventGrowOverflow={false} wrap="wrap" role="group" aria-labelledby="booking-choice">
        <Button component={Link} to="/consultation" variant="default" miw={200}>
          {t('booking.choose.consultation')}
        </Button>
        <Button onClick={onRegister} disabled={!ready} miw={200}>
          {t('booking.choose.event')}
        </Button>
      </Group>
    </Stack>
  );
}
