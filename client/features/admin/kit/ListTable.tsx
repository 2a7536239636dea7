// The table of every back-office list, drawn from a declarative list of columns: the header cells,
// and (below 768 px) each row as a card whose lines carry the column labels, the tick box on top and
// the actions at the bottom (list-table.module.css). The rows are the caller's Table.Tr elements, one
// Table.Td per column in the order of the list.
import { Table } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';
import classes from './list-table.module.css';

export interface ListColumn {
  /** The header's text, and each cell's label on a card. */
  label: string;
  /** What the header cell shows instead of its label (e.g. a tick-all box); the label stays its name. */
  header?: ReactNode;
  /**
   * 'select': the row's tick box (the first column), alone at the top of a card.
   * 'actions': the row's buttons (the last column), on a line of their own at the bottom of a card.
   * 'title': what names the row (the first column, or the first after 'select'), the card's whole
   * width without a label, so a thumbnail beside it does not squeeze it.
   */
  kind?: 'select' | 'actions' | 'title';
  /** The header cell's width or minimum width in px. */
  width?: number;
  minWidth?: number;
}

/** The card labels, one CSS custom property per column: --list-label-1, --list-label-2... */
function labelProperties(columns: readonly ListColumn[]): Record<string, string> {
  // A JSON string is a valid CSS string for any label (quotes and backslashes escaped).
  return Object.fromEntries(columns.map((column, index) => [`--list-label-${index + 1}`, JSON.stringify(column.label)]));
}

/** The position (1-based) of the title column: the first, or the second after a tick box (the CSS knows no other). */
function titleColumn(columns: readonly ListColumn[]): string | undefined {
  const index = columns.findIndex((column) => column.kind === 'title');
  return index === 0 || (index === 1 && columns[0]?.kind === 'select') ? String(index + 1) : undefined;
}

interface ListTableProps {
  columns: readonly ListColumn[];
  /** The table's accessible name; its frame (a focusable, scrollable region) has it too. */
  label: string;
  /** From 768 px up, below this width the table scrolls sideways inside its frame (never the page). */
  minWidth: number;
  /** Without rows (an empty state in one cell) the header is left out. */
  withHeader?: boolean;
  striped?: boolean;
  highlightOnHover?: boolean;
  compact?: boolean;
  busy?: boolean;
  children: ReactNode;
}

export function ListTable({ columns, label, minWidth, withHeader = true, striped, highlightOnHover, compact, busy, children }: ListTableProps) {
  const first = columns[0];
  const last = columns[columns.length - 1];
  const style = { '--list-min-width': `${minWidth}px`, ...labelProperties(columns) } as CSSProperties;
  return (
    <div className={classes.frame} tabIndex={0} role="region" aria-label={label}>
      <Table
        className={classes.table}
        style={style}
        data-select-column={first?.kind === 'select' ? '' : undefined}
        data-actions-column={last?.kind === 'actions' ? '' : undefined}
        data-title-column={titleColumn(columns)}
        striped={striped}
        highlightOnHover={highlightOnHover}
        verticalSpacing="sm"
        horizontalSpacing={compact === true ? 6 : 'xs'}
        aria-label={label}
        aria-busy={busy}
      >
        {withHeader && (
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (
                <Table.Th key={column.label} w={column.width} miw={column.minWidth}>
                  {column.header ?? column.label}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
        )}
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </div>
  );
}
