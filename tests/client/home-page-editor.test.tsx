// The Home Page editor's layout against a real API server: each item's English and French texts in
// tabs, the Save bar saying when something is unsaved and discarding it, the sections to jump to,
// and one form only (never a form inside a form).
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { HomePageEditor } from '@client/features/admin/home-page/HomePageEditor';
import { createAccount, type TestAccount } from '@tests/support/helpers';
import { fill, renderWithProviders, testServerPerFile } from './render';

const server = testServerPerFile();
let admin: TestAccount;

beforeEach(async () => {
  admin = await createAccount(server.env.db, 'admin');
});

async function renderEditor() {
  const view = renderWithProviders(<HomePageEditor />, { baseUrl: server.baseUrl, sessionToken: admin.token });
  const slide = await screen.findByRole('group', { name: 'Slide 1' });
  return { view, slide };
}

describe('the Home Page editor', () => {
  it('shows an item’s English texts first and its French ones behind their tab', async () => {
    const person = userEvent.setup();
    const { slide } = await renderEditor();
    const tabs = within(slide).getByRole('tablist', { name: 'Slide 1: language' });
    expect(within(tabs).getAllByRole('tab')).toEqual([
      within(tabs).getByRole('tab', { name: 'English' }),
      within(tabs).getByRole('tab', { name: 'French (texts missing)' }),
    ]);
    expect(within(slide).getByRole('tab', { name: 'English' })).toHaveAttribute('aria-selected', 'true');
    expect(within(slide).getByRole('textbox', { name: 'Title' })).toBeVisible();
    expect(within(slide).queryByRole('textbox', { name: 'French title' })).not.toBeInTheDocument();

    await person.click(within(slide).getByRole('tab', { name: 'French (texts missing)' }));
    expect(within(slide).getByRole('textbox', { name: 'French title' })).toBeVisible();
    expect(within(slide).getByRole('textbox', { name: 'French text' })).toBeVisible();
    expect(within(slide).queryByRole('textbox', { name: 'Title' })).not.toBeInTheDocument();

    // Once both French texts are typed, the tab no longer says some are missing.
    await fill(person, within(slide).getByRole('textbox', { name: 'French title' }), 'Expansion internationale');
    await fill(person, within(slide).getByRole('textbox', { name: 'French text' }), 'Nous vous accompagnons.');
    await waitFor(() => expect(within(slide).getByRole('tab', { name: 'French' })).toHaveAttribute('aria-selected', 'true'));

    // Back to English: what was typed in French is kept.
    await person.click(within(slide).getByRole('tab', { name: 'English' }));
    await person.click(within(slide).getByRole('tab', { name: 'French' }));
    expect(within(slide).getByRole('textbox', { name: 'French title' })).toHaveValue('Expansion internationale');
  });

  it('says in the Save bar when something is unsaved, and Discard puts the saved texts back', async () => {
    const person = userEvent.setup();
    const { slide } = await renderEditor();
    const bar = screen.getByRole('region', { name: 'Save' });
    expect(within(bar).getByRole('status')).toHaveTextContent('All changes saved');
    expect(within(bar).getByRole('button', { name: 'Discard' })).toBeDisabled();
    const title = within(slide).getByRole('textbox', { name: 'Title' });
    const saved = (title as HTMLInputElement).value;

    await fill(person, title, 'Grow into West Africa');
    await waitFor(() => expect(within(bar).getByRole('status')).toHaveTextContent('Unsaved changes'));
    await person.click(within(bar).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(within(bar).getByRole('status')).toHaveTextContent('All changes saved'));
    expect(within(screen.getByRole('group', { name: 'Slide 1' })).getByRole('textbox', { name: 'Title' })).toHaveValue(saved);
  });

  it('saves from the Save bar and then has nothing unsaved', async () => {
    const person = userEvent.setup();
    const { slide } = await renderEditor();
    const bar = screen.getByRole('region', { name: 'Save' });
    await fill(person, within(slide).getByRole('textbox', { name: 'Title' }), 'Grow into West Africa');
    await waitFor(() => expect(within(bar).getByRole('status')).toHaveTextContent('Unsaved changes'));
    await person.click(within(bar).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Home page saved')).toBeInTheDocument();
    await waitFor(() => expect(within(bar).getByRole('status')).toHaveTextContent('All changes saved'));
    const stored = await server.env.db.selectFrom('homeContent').select('content').executeTakeFirstOrThrow();
    expect((JSON.parse(stored.content) as { heroSlides: { title: string }[] }).heroSlides[0]?.title).toBe('Grow into West Africa');
  });

  it('marks the tab of a language whose text is refused, even while it is not shown', async () => {
    const person = userEvent.setup();
    const { slide } = await renderEditor();
    await fill(person, within(slide).getByRole('textbox', { name: 'Title' }), '');
    await person.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(within(slide).getByRole('tab', { name: 'English (has errors)' })).toBeInTheDocument());
    expect(within(slide).getByRole('tab', { name: 'French (texts missing)' })).toBeInTheDocument();

  });

  it('lists its sections to jump to, and is one form with no form inside it', async () => {
    const { view } = await renderEditor();
    const nav = screen.getByRole('navigation', { name: 'Home page sections' });
    expect(within(nav).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Hero Slides', '#home-hero-slides'],
      ['Services', '#home-services'],
      ['Testimonials', '#home-testimonials'],
      ['Founder', '#home-founder'],
      ['Priorities', '#home-priorities'],
      ['How it looks', '#home-preview'],
    ]);
    for (const [, href] of within(nav).getAllByRole('link').map((link) => [link, link.getAttribute('href') ?? ''] as const)) {
      expect(view.container.querySelector(href)).not.toBeNull();
    }
    expect(screen.getByPlaceholderText('Choose a section')).toHaveAccessibleName('Go to section');
    expect(view.container.querySelectorAll('form')).toHaveLength(1);
    expect(document.querySelectorAll('form form')).toHaveLength(0);
  });
});
