// The back office's table kit: the column list gives the header and each card's labels (the CSS of
// the phone layout reads them from --list-label-N), marks the tick-box and actions columns, and
// frames the table in a focusable region; a long value is one line with its whole text as title;
// an empty value is the one marker, a dash seen and a word heard. The layouts themselves (a table
// at 1,280 px, cards without sideways scroll at 375 px) are checked in a browser:
// tests/e2e/admin-tables.spec.ts.
import { render, screen, within } from '@testing-library/react';
import { MantineProvider, Table } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { CellText, EMPTY_MARK, EmptyValue } from '@client/features/admin/kit/cells';
import { ListTable } from '@client/features/admin/kit/ListTable';

function renderTable(withHeader = true) {
  return render(
    <MantineProvider>
      <ListTable
        label="People"
        minWidth={640}
        withHeader={withHeader}
        columns={[
          { label: 'Select', kind: 'select', header: <input type="checkbox" aria-label="Select all" /> },
          { label: 'Name "and" title', kind: 'title' },
          { label: 'Email' },
          { label: 'Actions', kind: 'actions' },
        ]}
      >
        <Table.Tr>
          <Table.Td>
            <input type="checkbox" aria-label="Select Ada" />
          </Table.Td>
          <Table.Td>
            <CellText text="Ada Lovelace-Byron, Countess of Lovelace" maxWidth={120} />
          </Table.Td>
          <Table.Td>
            <EmptyValue label="No e-mail" />
          </Table.Td>
          <Table.Td>
            <button type="button">Edit Ada</button>
          </Table.Td>
        </Table.Tr>
      </ListTable>
    </MantineProvider>,
  );
}

describe('ListTable', () => {
  it('draws the header from the columns and gives each card line its label', () => {
    renderTable();
    const table = screen.getByRole('table', { name: 'People' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['', 'Name "and" title', 'Email', 'Actions']);
    expect(within(table).getByRole('checkbox', { name: 'Select all' })).toBeInTheDocument();
    // The labels the card layout shows before each value, as CSS strings (quotes escaped).
    expect(table.style.getPropertyValue('--list-label-1')).toBe('"Select"');
    expect(table.style.getPropertyValue('--list-label-2')).toBe('"Name \\"and\\" title"');
    expect(table.style.getPropertyValue('--list-label-4')).toBe('"Actions"');
    expect(table.style.getPropertyValue('--list-min-width')).toBe('640px');
    // The tick box goes on top of a card and the actions at its bottom.
    expect(table).toHaveAttribute('data-select-column');
    expect(table).toHaveAttribute('data-actions-column');
    // The title column (right after the tick box) takes a card's whole width.
    expect(table).toHaveAttribute('data-title-column', '2');
    // The frame scrolls a wide table sideways on a tablet and the keyboard can reach it.
    expect(screen.getByRole('region', { name: 'People' })).toHaveAttribute('tabindex', '0');
  });

  it('leaves the header out when asked (an empty state) and marks no columns it does not have', () => {
    render(
      <MantineProvider>
        <ListTable label="Plain" minWidth={0} columns={[{ label: 'Name' }]}>
          <Table.Tr>
            <Table.Td>Ada</Table.Td>
          </Table.Tr>
        </ListTable>
      </MantineProvider>,
    );
    const table = screen.getByRole('table', { name: 'Plain' });
    expect(table).not.toHaveAttribute('data-select-column');
    expect(table).not.toHaveAttribute('data-actions-column');
  });

  it('cuts a long value to one line with the whole value as its title', () => {
    renderTable();
    const name = screen.getByText('Ada Lovelace-Byron, Countess of Lovelace');
    expect(name).toHaveAttribute('title', 'Ada Lovelace-Byron, Countess of Lovelace');
    expect(name.style.getPropertyValue('--cell-max-width')).toBe('120px');
  });

  it('shows one empty marker, a dash for the eye and its label for a screen reader', () => {
    renderTable();
    const cell = within(screen.getByRole('table', { name: 'People' })).getAllByRole('cell')[2] as HTMLElement;
    expect(EMPTY_MARK).toBe('–');
    expect(cell.textContent).toBe('–No e-mail');
    expect(within(cell).getByText('–')).toHaveAttribute('aria-hidden', 'true');
    expect(within(cell).getByText('No e-mail')).toBeInTheDocument();
  });
});
