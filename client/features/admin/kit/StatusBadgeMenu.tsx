// A status badge that is also a menu of the other statuses: the quick status change of the
// bookings and contacts tables. Without `onChange` it is a plain badge.
import { Badge, Menu, UnstyledButton } from '@mantine/core';
import { ChevronDownIcon } from './icons';

export interface StatusOption<T extends string> {
  value: T;
  label: string;
  color: string;
}

interface StatusBadgeMenuProps<T extends string> {
  value: T;
  options: readonly StatusOption<T>[];
  /** What the record is, for the button's accessible name, e.g. 'booking of Ama Owusu'. */
  subject: string;
  busy?: boolean;
  /** Statuses shown on the badge but never offered in the menu (a status that only follows from events). */
  shownOnly?: readonly T[];
  onChange?: (status: T) => void;
}

export function StatusBadgeMenu<T extends string>({ value, options, subject, busy = false, shownOnly = [], onChange }: StatusBadgeMenuProps<T>) {
  const current = options.find((option) => option.value === value);
  const badge = (withChevron: boolean) => (
    <Badge
      color={current?.color ?? 'gray'}
      variant="light"
      rightSection={withChevron ? <ChevronDownIcon size={12} /> : undefined}
      // Mantine's badge ellipsizes a long label in a narrow cell; a status must always read whole.
      styles={{ root: { overflow: 'visible', minWidth: 'max-content' }, label: { overflow: 'visible', textOverflow: 'clip' } }}
    >
      {current?.label ?? value}
    </Badge>
  );
  if (onChange === undefined) return badge(false);
  return (
    <Menu position="bottom-start" withinPortal shadow="md">
      <Menu.Target>
        {/* The name starts with the status the badge shows, so voice control finds it by what is on screen. */}
        <UnstyledButton aria-label={`${current?.label ?? value}: change status of ${subject}`} disabled={busy}>
          {badge(true)}
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Set status</Menu.Label>
        {options
          .filter((option) => option.value !== value && !shownOnly.includes(option.value))
          .map((option) => (
            <Menu.Item key={option.value} onClick={() => onChange(option.value)}>
              {option.label}
            </Menu.Item>
          ))}
      </Menu.Dropdown>
    </Menu>
  );
}
