// The delegate form's photo: shown with Change/Remove when there is one, removable (saved as none),
// the 1 MB limit said before anything is sent, and the centred-square crop arithmetic.
import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { DelegatesPage } from '@client/features/admin/delegates/DelegatesPage';
import { squareCrop } from '@client/features/admin/kit/square-photo';
import { newId } from '@server/core/ids';
import { createAccount, type TestAccount } from '@tests/support/helpers';
import { renderWithProviders, testServerPerFile } from './render';

configure({ asyncUtilTimeout: 10_000 });

const server = testServerPerFile();
let admin: TestAccount;

beforeEach(async () => {
  admin = await createAccount(server.env.db, 'admin');
});
async function insertDelegate(photoUrl: string | null) {
  return server.env.db
    .insertInto('delegates')
    .values({
      id: newId(),
      sessionId: null,
      name: 'Abena Asante',
      email: 'abena@example.com',
      phone: null,
      organization: null,
      position: null,
      bio: null,
      photoUrl,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

describe('delegate photo', () => {
  it('offers Upload Photo for a delegate without one, with the limits', async () => {
    await insertDelegate(null);
    const interaction = userEvent.setup();
    renderWithProviders(<DelegatesPage />, { baseUrl: server.baseUrl, sessionToken: admin.token });
    await interaction.click(await screen.findByRole('button', { name: 'Edit Abena Asante' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Delegate' });
    expect(within(dialog).getByRole('button', { name: 'Upload Photo' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Remove Photo' })).not.toBeInTheDocument();
    expect(within(dialog).getByText('JPG, GIF or PNG. 1MB max. Cropped to a square.')).toBeInTheDocument();
  });

  it('keeps the photo on a save, and Remove Photo saves the delegate without one', async () => {
    const delegate = await insertDelegate('/uploads/abena.png');
    const interaction = userEvent.setup();
    renderWithProviders(<DelegatesPage />, { baseUrl: server.baseUrl, sessionToken: admin.token });
    await interaction.click(await screen.findByRole('button', { name: 'Edit Abena Asante' }));
    let dialog = await screen.findByRole('dialog', { name: 'Edit Delegate' });
    await interaction.click(within(dialog).getByRole('button', { name: 'Save Delegate' }));
    expect(await screen.findByText('Delegate Abena Asante updated successfully')).toBeInTheDocument();
    const kept = await server.env.db.selectFrom('delegates').select('photoUrl').where('id', '=', delegate.id).executeTakeFirstOrThrow();
    expect(kept.photoUrl).toBe('/uploads/abena.png');

    await interaction.click(await screen.findByRole('button', { name: 'Edit Abena Asante' }));
    dialog = await screen.findByRole('dialog', { name: 'Edit Delegate' });
    expect(within(dialog).getByRole('button', { name: 'Change Photo' })).toBeInTheDocument();
    await interaction.click(within(dialog).getByRole('button', { name: 'Remove Photo' }));
    expect(within(dialog).getByRole('button', { name: 'Upload Photo' })).toBeInTheDocument();
    await interaction.click(within(dialog).getByRole('button', { name: 'Save Delegate' }));
    await screen.findAllByText('Delegate Abena Asante updated successfully');
    await expect
      .poll(async () => (await server.env.db.selectFrom('delegates').select('photoUrl').where('id', '=', delegate.id).executeTakeFirstOrThrow()).photoUrl)
      .toBeNull();
  });

  it('refuses a file over 1 MB before sending it, and keeps the photo', async () => {
    await insertDelegate('/uploads/abena.png');
    const interaction = userEvent.setup();
    renderWithProviders(<DelegatesPage />, { baseUrl: server.baseUrl, sessionToken: admin.token });
    await interaction.click(await screen.findByRole('button', { name: 'Edit Abena Asante' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Delegate' });
    const input = dialog.querySelector('input[type="file"]');
    if (!(input instanceof HTMLInputElement)) throw new Error('no file input');
    expect(input.accept).toBe('image/png,image/jpeg,image/gif');
    const tooLarge = new File([new Uint8Array(1024 * 1024 + 1)], 'big.jpg', { type: 'image/jpeg' });
    await interaction.upload(input, tooLarge);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The file is too large. The maximum size is 1 MB.');
    expect(within(dialog).getByRole('button', { name: 'Remove Photo' })).toBeInTheDocument();
  });
});

describe('squareCrop', () => {
  it('takes the centred square and caps the side at 800 px', () => {
    expect(squareCrop(1200, 800)).toEqual({ sx: 200, sy: 0, side: 800, outSide: 800 });
    expect(squareCrop(300, 501)).toEqual({ sx: 0, sy: 100, side: 300, outSide: 300 });
    expect(squareCrop(4000, 3000)).toEqual({ sx: 500, sy: 0, side: 3000, outSide: 800 });
  });
});
