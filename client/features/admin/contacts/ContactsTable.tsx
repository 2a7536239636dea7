// The contacts table: who, company, the message (cut to two lines, the full text in its title and
// in the notes dialog), status (a quick status menu), date in the site's zone, and actions.
import { ActionIcon, Group, Stack, Table, Text } from '@mantine/core';
import { DeleteIcon, EditIcon, NotesIcon } from '@client/features/admin/kit/icons';
import type { ListColumn } from '@client/features/admin/kit/ListTable';
import { StatusBadgeMenu } from '@client/features/admin/kit/StatusBadgeMenu';
import type { Contact } from './ContactFormModal';
import { CONTACT_STATUS_OPTIONS, type ContactStatus } from './contact-status';

interface ContactsTableProps {
  contacts: Contact[];
  format: (iso: string) => string;
  canDelete: boolean;
  busyId: string | null;
  onEdit: (contact: Contact) => void;
  onNotes: (contact: Contact) => void;
  onDelete: (contact: Contact) => void;
  onStatus: (contact: Contact, status: ContactStatus) => void;
}

/** The table's columns; Status is wide enough that the badge label is never cut. */
export const CONTACTS_COLUMNS: readonly ListColumn[] = [
  { label: 'Contact' },
  { label: 'Company' },
  { label: 'Message' },
  { label: 'Status', minWidth: 150 },
  { label: 'Date' },
  { label: 'Actions', kind: 'actions' },
];

/** The table's rows (the list page draws the table around them). */
export function ContactRows({ contacts, format, canDelete, busyId, onEdit, onNotes, onDelete, onStatus }: ContactsTableProps) {
  return (
    <>
      {contacts.map((contact) => (
        <Table.Tr key={contact.id}>
          <Table.Td>
            <Stack gap={0}>
              <Text fw={500}>{contact.name}</Text>
              <Text size="sm" c="dimmed">
                {contact.email}
              </Text>
            </Stack>
          </Table.Td>
          <Table.Td>{contact.company ?? 'N/A'}</Table.Td>
          <Table.Td maw={360}>
            <Text size="sm" lineClamp={2} title={contact.message}>
              {contact.message}
            </Text>
          </Table.Td>
          <Table.Td>
            <StatusBadgeMenu
              value={contact.status}
              options={CONTACT_STATUS_OPTIONS}
              subject={`contact ${contact.name}`}
              busy={busyId === contact.id}
              onChange={(status) => onStatus(contact, status)}
            />
          </Table.Td>
          <Table.Td>
            <Text size="sm">{contact.createdAt === '' ? 'N/A' : format(contact.createdAt)}</Text>
          </Table.Td>
          <Table.Td>
            <Group gap={4} wrap="nowrap">
              <ActionIcon variant="subtle" aria-label={`Notes for ${contact.name}`} onClick={() => onNotes(contact)}>
                <NotesIcon />
              </ActionIcon>
              <ActionIcon variant="subtle" aria-label={`Edit ${contact.name}`} onClick={() => onEdit(contact)}>
                <EditIcon />
              </ActionIcon>
              {canDelete && (
                <ActionIcon variant="subtle" color="red" aria-label={`Delete ${contact.name}`} onClick={() => onDelete(contact)}>
                  <DeleteIcon />
                </ActionIcon>
              )}
            </Group>
          </Table.Td>
        </Table.Tr>
      ))}
    </>
  );
}
