// The contact modal against a real API server: its titles and buttons, its validation messages,
// trimming with empty company and notes stored as absent, and an edit of status and notes.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { type Contact, ContactFormModal } from '@client/features/admin/contacts/ContactFormModal';
import { callerFor, createAccount, type TestAccount } from '@tests/support/helpers';
import { fill, renderWithProviders, testServerPerFile } from './render';

const server = testServerPerFile();
let user: TestAccount;

beforeEach(async () => {
  // Role user: creating and editing contacts is staff work, open to both roles.
  user = await createAccount(server.env.db, 'user');
});
beforeEach(async () => {
  await server.env.db.deleteFrom('contactForms').execute();
});

function renderModal(contact: Contact | null = null) {
  return renderWithProviders(<ContactFormModal opened contact={contact} onClose={() => undefined} />, {
    baseUrl: server.baseUrl,
    sessionToken: user.token,
  });
}

/** A field by its exact label, with or without the required asterisk. */
const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}( \\*)?$`));

describe('ContactFormModal', () => {
  it("is titled 'Add New Contact' with 'Create Contact', and shows its field messages", async () => {
    const interaction = userEvent.setup();
    renderModal();
    expect(await screen.findByRole('dialog', { name: 'Add New Contact' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(field('Message')).toHaveAttribute('rows', '4');
    expect(field('Notes')).toHaveAttribute('rows', '3');
    expect(screen.getByText('Internal: never shown to the contact')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('New');

    await interaction.click(screen.getByRole('button', { name: 'Create Contact' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Message is required')).toBeInTheDocument();
    expect(screen.queryByText('Status is required')).not.toBeInTheDocument();

    await fill(interaction, field('Email'), 'ama@');
    await interaction.click(screen.getByLabelText('Clear status'));
    await fill(interaction, field('Name'), '   ');
    await interaction.click(screen.getByRole('button', { name: 'Create Contact' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Status is required')).toBeInTheDocument();
    expect(screen.getByText('Name is required')).toBeInTheDocument(); // blank after trimming

    await fill(interaction, field('Message'), 'Hello');
    expect(screen.queryByText('Message is required')).not.toBeInTheDocument(); // cleared on edit
    expect(await server.env.db.selectFrom('contactForms').select('id').execute()).toHaveLength(0);
  });

  it('creates a contact with trimmed text and an empty company and notes stored as absent', async () => {
    const interaction = userEvent.setup();
    renderModal();
    await screen.findByRole('dialog', { name: 'Add New Contact' });
    await fill(interaction, field('Name'), '  Kojo Asante  ');
    await fill(interaction, field('Email'), ' Kojo@Asante.example ');
    await fill(interaction, field('Company'), '   ');
    await fill(interaction, field('Message'), '  Expanding to Ghana.  ');
    await fill(interaction, field('Notes'), '  ');
    await interaction.click(screen.getByRole('button', { name: 'Create Contact' }));

    expect(await screen.findByText('Contact Kojo Asante added successfully')).toBeInTheDocument();
    const stored = await server.env.db.selectFrom('contactForms').selectAll().executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      name: 'Kojo Asante',
      email: 'kojo@asante.example',
      company: null,
      message: 'Expanding to Ghana.',
      status: 'new',
      notes: null,
    });
  });

  it("is titled 'Edit Contact' with 'Update Contact', starts from the contact and saves status and notes", async () => {
    const created = await callerFor(server.env.deps, user).contacts.create({
      name: 'Abena Boateng',
      email: 'abena@boateng.example',
      company: 'Boateng Foods',
      message: 'We export cocoa.',
    });
    const interaction = userEvent.setup();
    renderModal(created);

    expect(await screen.findByRole('dialog', { name: 'Edit Contact' })).toBeInTheDocument();
    expect(field('Name')).toHaveValue('Abena Boateng');
    expect(field('Company')).toHaveValue('Boateng Foods');
    expect(field('Message')).toHaveValue('We export cocoa.');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('New');

    await interaction.click(screen.getByRole('combobox', { name: 'Status' }));
    await interaction.click(await screen.findByRole('option', { name: 'In Progress' }));
    await fill(interaction, field('Notes'), 'Call back on Monday.');
    await interaction.clear(field('Company'));
    await interaction.click(screen.getByRole('button', { name: 'Update Contact' }));

    expect(await screen.findByText('Contact Abena Boateng updated successfully')).toBeInTheDocument();
    await waitFor(async () => {
      const stored = await server.env.db.selectFrom('contactForms').selectAll().executeTakeFirstOrThrow();
      expect(stored).toMatchObject({ status: 'in-progress', notes: 'Call back on Monday.', company: null });
    });
  });

  it("shows 'Failed to save contact' with the server's reason", async () => {
    const created = await callerFor(server.env.deps, user).contacts.create({
      name: 'Gone Away',
      email: 'gone@example.com',
      message: 'Hello',
    });
    await server.env.db.deleteFrom('contactForms').execute();
    const interaction = userEvent.setup();
    renderModal(created);
    await interaction.click(await screen.findByRole('button', { name: 'Update Contact' }));
    expect(await screen.findByText('Failed to save contact: Contact not found.')).toBeInTheDocument();
  });
});
