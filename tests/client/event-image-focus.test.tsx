// The event form's image focal point against a real server and database: a click on the preview at
// a pixel sets the two numbers and the marker, the numbers alone (the keyboard's way) do the same,
// half a point is refused with the schema's words, and "Reset to centre" clears it.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { EventsPage } from '@client/features/admin/events/EventsPage';
import { percentAt } from '@client/features/admin/events/ImageFocusField';
import { callerFor, createAccount, eventInput, type TestAccount } from '@tests/support/helpers';
import { fill, renderRoute, testServerPerFile } from './render';

const server = testServerPerFile();
let admin: TestAccount;

beforeEach(async () => {
  admin = await createAccount(server.env.db, 'admin');
  await server.env.db.deleteFrom('events').execute();
});

async function storedFocus() {
  return server.env.db.selectFrom('events').select(['imageFocusX', 'imageFocusY']).executeTakeFirstOrThrow();
}

/** Opens Edit Event for an event stored with `focus`, and returns the dialog. */
async function editEvent(focus: { imageFocusX?: number | null; imageFocusY?: number | null } = {}): Promise<HTMLElement> {
  const person = userEvent.setup();
  await callerFor(server.env.deps, admin).events.create(eventInput({ title: 'Accra Summit', ...focus }));
  await renderRoute(EventsPage, { baseUrl: server.baseUrl, sessionToken: admin.token });
  await person.click(await screen.findByRole('button', { name: 'Edit Accra Summit' }));
  return screen.findByRole('dialog', { name: 'Edit Event' });
}

/** The preview's picture, laid out at 200 x 100 px from (10, 20) (jsdom lays nothing out). */
function layOutPreview(dialog: HTMLElement): HTMLElement {
  const preview = within(dialog).getByTestId('image-focus-preview');
  const image = preview.querySelector('img');
  if (image === null) throw new Error('no picture in the preview');
  expect(image).toHaveAttribute('src', '/images/events/summit.svg');
  vi.spyOn(image, 'getBoundingClientRect').mockReturnValue(DOMRect.fromRect({ x: 10, y: 20, width: 200, height: 100 }));
  return preview;
}

function marker(preview: HTMLElement): HTMLElement {
  const mark = preview.querySelector('span');
  if (mark === null) throw new Error('no marker');
  return mark;
}

describe('percentAt', () => {
  it('is a whole share of the size, within 0-100', () => {
    expect(percentAt(50, 200)).toBe(25);
    expect(percentAt(1, 3)).toBe(33);
    expect(percentAt(-5, 200)).toBe(0);
    expect(percentAt(250, 200)).toBe(100);
    expect(percentAt(10, 0)).toBe(50);
  });
});

describe('the image focal point in the event form', () => {
  it('sets the numbers and the marker from a click on the preview, and saves them', async () => {
    const person = userEvent.setup();
    const dialog = await editEvent();
    const preview = layOutPreview(dialog);
    expect(within(dialog).getByLabelText('Focus X (%)')).toHaveValue('');
    expect(within(dialog).getByLabelText('Focus Y (%)')).toHaveValue('');
    expect(marker(preview)).toHaveStyle({ left: '50%', top: '50%' });

    fireEvent.click(preview, { clientX: 60, clientY: 95 });
    expect(within(dialog).getByLabelText('Focus X (%)')).toHaveValue('25');
    expect(within(dialog).getByLabelText('Focus Y (%)')).toHaveValue('75');
    expect(marker(preview)).toHaveStyle({ left: '25%', top: '75%' });

    await person.click(within(dialog).getByRole('button', { name: 'Update Event' }));
    expect(await screen.findByText('Event updated successfully')).toBeInTheDocument();
    expect(await storedFocus()).toEqual({ imageFocusX: 25, imageFocusY: 75 });
  });

  it('takes the point from the two numbers, and refuses half of one with the schema message', async () => {
    const person = userEvent.setup();
    const dialog = await editEvent();
    const preview = layOutPreview(dialog);
    await fill(person, within(dialog).getByLabelText('Focus X (%)'), '80');
    await person.click(within(dialog).getByRole('button', { name: 'Update Event' }));
    expect(await within(dialog).findByText('Give both focus values or neither')).toBeInTheDocument();
    expect(await storedFocus()).toEqual({ imageFocusX: null, imageFocusY: null });

    await fill(person, within(dialog).getByLabelText('Focus Y (%)'), '10');
    expect(marker(preview)).toHaveStyle({ left: '80%', top: '10%' });
    await person.click(within(dialog).getByRole('button', { name: 'Update Event' }));
    expect(await screen.findByText('Event updated successfully')).toBeInTheDocument();
    expect(await storedFocus()).toEqual({ imageFocusX: 80, imageFocusY: 10 });
  });

  it('refuses a number above 100 with the schema message', async () => {
    const person = userEvent.setup();
    const dialog = await editEvent({ imageFocusX: 40, imageFocusY: 60 });
    await fill(person, within(dialog).getByLabelText('Focus X (%)'), '140');
    await person.click(within(dialog).getByRole('button', { name: 'Update Event' }));
    expect(await within(dialog).findByText('Focus must be a whole number from 0 to 100')).toBeInTheDocument();
    expect(await storedFocus()).toEqual({ imageFocusX: 40, imageFocusY: 60 });
  });

  it('shows the stored point and puts it back to the centre with "Reset to centre"', async () => {
    const person = userEvent.setup();
    const dialog = await editEvent({ imageFocusX: 40, imageFocusY: 60 });
    const preview = layOutPreview(dialog);
    expect(within(dialog).getByLabelText('Focus X (%)')).toHaveValue('40');
    expect(within(dialog).getByLabelText('Focus Y (%)')).toHaveValue('60');
    expect(marker(preview)).toHaveStyle({ left: '40%', top: '60%' });

    await person.click(within(dialog).getByRole('button', { name: 'Reset to centre' }));
    expect(within(dialog).getByLabelText('Focus X (%)')).toHaveValue('');
    expect(marker(preview)).toHaveStyle({ left: '50%', top: '50%' });
    expect(within(dialog).getByRole('button', { name: 'Reset to centre' })).toBeDisabled();
    await person.click(within(dialog).getByRole('button', { name: 'Update Event' }));
    expect(await screen.findByText('Event updated successfully')).toBeInTheDocument();
    await waitFor(async () => expect(await storedFocus()).toEqual({ imageFocusX: null, imageFocusY: null }));
  });
});
