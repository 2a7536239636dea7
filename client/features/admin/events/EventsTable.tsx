// The events table: Event, Media, Status, Order, Created, Actions. Admins toggle
// the status and move rows in place; users see the same table without any of those controls.
import { ActionIcon, Badge, Group, Image, Switch, Table, Text, Tooltip } from '@mantine/core';
import type { ListColumn } from '@client/features/admin/kit/ListTable';
import type { EventDto } from './event-form';
import { imageObjectPosition } from '@server/shared/image-focus';
import { ArrowIcon, EditIcon, DeleteIcon, NotesIcon } from '@client/features/admin/kit/icons';
import { useEventRowActions } from './use-event-row-actions';
import { useTranslator } from '@client/i18n';
import { eventDateText } from '@server/shared/i18n/languages';

interface EventsTableProps {
  events: EventDto[];
  isAdmin: boolean;
  formatDate: (iso: string) => string;
  /** Where the first row sits in the whole ordered list, and the list's length: the move buttons' ends. */
  offset: number;
  total: number;
  /** Moving is relative to the whole list, so it is only offered when no search or filter hides rows. */
  reorderable: boolean;
  onEdit: (event: EventDto) => void;
  onDelete: (event: EventDto) => void;
  /** Opens the event's registration questions. */
  onQuestions: (event: EventDto) => void;
}

function EventCell({ event }: { event: EventDto }) {
  const { language } = useTranslator();
  // The days its slots run (or, before any, the label typed for it), as the public pages say them.
  const details = [event.location, eventDateText(event, language)].filter((part) => part !== null && part !== '').join(' · ');
  return (
    <Group gap="sm" wrap="nowrap">
      {/* The title is right beside the thumbnail, so the picture itself is decorative. */}
      <Image src={event.imageUrl} alt="" w={64} h={40} fit="cover" radius="sm" style={{ objectPosition: imageObjectPosition(event) }} />
      <div>
        <Text fw={600} size="sm">
          {event.title}
        </Text>
        {details !== '' && (
          <Text size="xs" c="dimmed">
            {details}
          </Text>
        )}
      </div>
    </Group>
  );
}

/** The table's columns: users see no actions. */
export function eventsColumns(isAdmin: boolean): ListColumn[] {
  const columns: ListColumn[] = [{ label: 'Event', kind: 'title' }, { label: 'Media' }, { label: 'Status' }, { label: 'Order' }, { label: 'Created' }];
  return isAdmin ? [...columns, { label: 'Actions', kind: 'actions' }] : columns;
}

/** The table's rows (the list page draws the table around them). */
export function EventRows({ events, isAdmin, formatDate, offset, total, reorderable, onEdit, onDelete, onQuestions }: EventsTableProps) {
  const actions = useEventRowActions();

  return (
    <>
      {events.map((event, index) => {
        const position = offset + index;
        const active = actions.shownActive(event);
        return (
          <Table.Tr key={event.id}>
            <Table.Td>
              <EventCell event={event} />
            </Table.Td>
            <Table.Td>
              {event.videoUrl === null ? (
                <Badge variant="light" color="blue">
                  Image
                </Badge>
              ) : (
                <Badge variant="light" color="grape">
                  Video
                </Badge>
              )}
            </Table.Td>
            <Table.Td>
              <Group gap="xs" wrap="nowrap">
                {isAdmin && (
                  <Switch
                    checked={active}
                    aria-label={`Active: ${event.title}`}
                    disabled={actions.isTogglePending(event.id)}
                    onChange={(change) => actions.toggle(event.id, change.currentTarget.checked)}
                  />
                )}
                <Badge variant="light" color={active ? 'green' : 'gray'}>
                  {active ? 'Active' : 'Inactive'}
                </Badge>
              </Group>
            </Table.Td>
            <Table.Td>
              <Group gap={4} wrap="nowrap">
                <Text size="sm" w={32}>
                  {event.displayOrder}
                </Text>
                {isAdmin && (
                  <>
                    <MoveButton
                      direction="up"
                      title={event.title}
                      disabled={!reorderable || actions.isReordering || position === 0}
                      onClick={() => actions.move(event.id, 'up')}
                    />
                    <MoveButton
                      direction="down"
                      title={event.title}
                      disabled={!reorderable || actions.isReordering || position >= total - 1}
                      onClick={() => actions.move(event.id, 'down')}
                    />
                  </>
                )}
              </Group>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{formatDate(event.createdAt)}</Text>
            </Table.Td>
            {isAdmin && (
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  <Tooltip label="Edit">
                    <ActionIcon variant="subtle" aria-label={`Edit ${event.title}`} onClick={() => onEdit(event)}>
                      <EditIcon size={18} />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label="Registration questions">
                    <ActionIcon variant="subtle" aria-label={`Registration questions of ${event.title}`} onClick={() => onQuestions(event)}>
                      <NotesIcon size={18} />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label="Delete">
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Delete ${event.title}`}
                      onClick={() => onDelete(event)}
                    >
                      <DeleteIcon size={18} />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              </Table.Td>
            )}
          </Table.Tr>
        );
      })}
    </>
  );
}

function MoveButton({
  direction,
  title,
  disabled,
  onClick,
}: {
  direction: 'up' | 'down';
  title: string;
  disabled: boolean;
  onClick: () => void;
}) {
  return (
    <ActionIcon variant="subtle" color="gray" aria-label={`Move ${title} ${direction}`} disabled={disabled} onClick={onClick}>
      <ArrowIcon direction={direction} size={16} />
    </ActionIcon>
  );
}
