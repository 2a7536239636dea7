// Contact statuses, one set everywhere (table, filter, modal, badges): labels and badge colours.
import { CONTACT_STATUS_LABELS, CONTACT_STATUSES } from '@server/contacts/contacts.schemas';
import type { StatusOption } from '@client/features/admin/kit/StatusBadgeMenu';

export type ContactStatus = (typeof CONTACT_STATUSES)[number];

const COLORS: Record<ContactStatus, string> = { new: 'blue', 'in-progress': 'yellow', completed: 'green', closed: 'gray' };

export const CONTACT_STATUS_OPTIONS: readonly StatusOption<ContactStatus>[] = CONTACT_STATUSES.map((value) => ({
  value,
  label: CONTACT_STATUS_LABELS[value],
  color: COLORS[value],
}));

export const CONTACT_FILTER_OPTIONS: { value: 'all' | ContactStatus; label: string }[] = [
  { value: 'all', label: 'All Status' },
  ...CONTACT_STATUS_OPTIONS.map(({ value, label }) => ({ value, label })),
];
