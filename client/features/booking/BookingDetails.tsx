// Beside the booking form: the chosen event (picture, title, date, place, description) and, once a
// session is chosen, its description and delegates (photo, name, role), so a visitor sees what they
// are booking without leaving the form. Only the delegates' public face comes from the server.
import { Avatar, Group, Image, Stack, Text, Title } from '@mantine/core';
import type { RouterOutputs } from '@client/trpc';
import { uploadSrcSet } from '@server/shared/image-variants';
import { eventDefaults } from '../home/content';
import classes from './BookingForm.module.css';
import { textOr } from '../layout/text-or';

type BookableEvent = RouterOutputs['events']['list'][number];
type BookableSession = RouterOutputs['sessions']['listByEvent'][number];


export function BookingDetails({ event, session }: { event: BookableEvent | undefined; session: BookableSession | undefined }) {
  if (event === undefined) {
    return (
      <Text size="sm" c="dimmed" className={classes.placeholder}>
        Choose an event to see its details, sessions and speakers here.
      </Text>
    );
  }
  const imageUrl = textOr(event.imageUrl, eventDefaults.image);
  return (
    <Stack gap="sm" aria-label="What you are booking" role="group">
      <Image
        src={imageUrl}
        srcSet={uploadSrcSet(imageUrl)}
        sizes="(max-width: 62em) 100vw, 400px"
        alt=""
        radius="md"
        h={180}
        fit="cover"
      />
      <Title order={2} size="h4">
        {event.title}
      </Title>
      <dl className={classes.facts}>
        <dt>Date</dt>
        <dd>{textOr(event.date, eventDefaults.date)}</dd>
        <dt>Location</dt>
        <dd>{textOr(event.location, eventDefaults.location)}</dd>
      </dl>
      {event.description !== null && event.description.trim() !== '' && (
        <Text size="sm" className={classes.description}>
          {event.description}
        </Text>
      )}
      {session !== undefined && <SessionDetails session={session} />}
    </Stack>
  );
}

function SessionDetails({ session }: { session: BookableSession }) {
  return (
    <Stack gap="xs" className={classes.session}>
      <Title order={3} size="h5">
        {session.title}
      </Title>
      {session.location !== null && session.location.trim() !== '' && (
        <dl className={classes.facts}>
          <dt>Where</dt>
          <dd>{session.location}</dd>
        </dl>
      )}
      {session.description !== null && session.description.trim() !== '' && (
        <Text size="sm" className={classes.description}>
          {session.description}
        </Text>
      )}
      {session.delegates.length > 0 && (
        <>
          <Text size="sm" fw={600}>
            Delegates
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
