// The frame of a table wider than a phone: it scrolls sideways inside itself (never the page), and
// it is focusable and named, so a keyboard can scroll it even when its rows hold no buttons.
import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

export function ScrollTable({ minWidth, label, children }: { minWidth: number; label: string; children: ReactNode }) {
  return (
    <Table.ScrollContainer minWidth={minWidth} type="native" tabIndex={0} role="region" aria-label={label}>
      {children}
    </Table.ScrollContainer>
  );
}
