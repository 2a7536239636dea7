// The French texts of consultation types and registration questions against a real server: the
// editors say which are missing (a question's choices while any English one has no French line),
// keep the stored ones, and save what an admin types.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { ConsultationsPage } from '@client/features/admin/consultations/ConsultationsPage';
import { EventsPage } from '@client/features/admin/events/EventsPage';
import { HomePageEditor } from '@client/features/admin/home-page/HomePageEditor';
import { findConsultationTypeDto } from '@server/consultations/consultations.repository';
import { listEventQuestions } from '@server/registration-questions/registration-questions.repository';
import { callerFor, createAccount, eventInput, type TestAccount } from '@tests/support/helpers';
import { QuestionFields } from '@client/features/booking/QuestionFields';
import { LanguageProvider } from '@client/i18n';
import { compiledCatalog } from '@server/shared/i18n/catalogs';
import type { AskedQuestion } from '@server/registration-questions/registration-questions.schemas';
import { fill, renderRoute, renderWithProviders, testServerPerFile } from './render';

const MISSING = 'Missing: the French pages show the English one.';

const server = testServerPerFile();
let admin: TestAccount;

beforeEach(async () => {
  admin = await createAccount(server.env.db, 'admin');
});

describe('the French texts of a consultation type', () => {
  it('says which are missing and saves the ones typed', async () => {
    const person = userEvent.setup();
    const type = await callerFor(server.env.deps, admin).consultations.types.create({
      title: 'Discovery call',
      durationMinutes: 30,
      locationKind: 'phone',
      translations: { fr: { title: 'Appel découverte', description: null } },
    });
    await renderRoute(ConsultationsPage, { baseUrl: server.baseUrl, sessionToken: admin.token });
    await person.click(await screen.findByRole('tab', { name: 'Types' }));
    // Seen once in a full run under load: the click landed while the page was still settling and
    // the Types tab was not selected. Click again until it is (a lost click, not a behaviour).
    await waitFor(async () => {
      const tab = screen.getByRole('tab', { name: 'Types' });
      if (tab.getAttribute('aria-selected') !== 'true') await person.click(tab);
      expect(tab).toHaveAttribute('aria-selected', 'true');
    });
    await person.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Discovery call' });
    await person.click(within(dialog).getByRole('tab', { name: 'French (texts missing)' }));
    expect(within(dialog).getByRole('textbox', { name: 'French title' })).toHaveValue('Appel découverte');
    expect(within(dialog).getAllByText(MISSING)).toHaveLength(1);

    await fill(person, within(dialog).getByRole('textbox', { name: 'French description' }), 'Un premier échange.');
    expect(within(dialog).queryByText(MISSING)).not.toBeInTheDocument();
    await person.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Discovery call' })).not.toBeInTheDocument());
    expect((await findConsultationTypeDto(server.env.db, type.id))?.translations).toEqual({
      fr: { title: 'Appel découverte', description: 'Un premier échange.' },
    });
  });
});

describe('the French texts of registration questions', () => {
  it('says which are missing, choices included, and saves them at the English choices’ places', async () => {
    const person = userEvent.setup();
    const caller = callerFor(server.env.deps, admin);
    const event = await caller.events.create(eventInput({ title: 'Lagos Forum' }));
    await caller.registrationQuestions.save({
      eventId: event.id,
      questions: [{ kind: 'one_choice', label: 'Sector', choices: ['Agriculture', 'Energy'], translations: { fr: { label: 'Secteur', helpText: null, choices: ['Agriculture'] } } }],
    });
    await renderRoute(EventsPage, { baseUrl: server.baseUrl, sessionToken: admin.token });
    await person.click(await screen.findByRole('button', { name: 'Registration questions of Lagos Forum' }));
    const dialog = await screen.findByRole('dialog', { name: 'Registration questions: Lagos Forum' });
    await person.click(await within(dialog).findByRole('tab', { name: 'French (texts missing)' }));
    expect(within(dialog).getByRole('textbox', { name: 'French question' })).toHaveValue('Secteur');
    const choices = within(dialog).getByRole('textbox', { name: 'French choices, one per line in the same order' });
    expect(choices).toHaveValue('Agriculture');
    // The help text has none, and one English choice has no French line.
    expect(within(dialog).getAllByText(MISSING)).toHaveLength(2);

    await fill(person, choices, 'Agriculture\nÉnergie');
    expect(within(dialog).getAllByText(MISSING)).toHaveLength(1);
    await person.click(within(dialog).getByRole('button', { name: 'Save Questions' }));
    expect(await screen.findByText('Questions saved')).toBeInTheDocument();
    await waitFor(async () =>
      expect((await listEventQuestions(server.env.db, event.id))[0]?.translations).toEqual({
        fr: { label: 'Secteur', helpText: null, choices: ['Agriculture', 'Énergie'] },
      }),
    );
  });
});

describe('a question on a French booking form', () => {
  it('shows the French label and choices, each choice keeping its English value; an untranslated one stays English', () => {
    const sector: AskedQuestion = {
      id: 'q1',
      kind: 'one_choice',
      label: 'Sector',
      helpText: 'Your main one',
      required: true,
      choices: ['Agriculture', 'Energy'],
      translations: { fr: { label: 'Secteur', helpText: null, choices: [null, 'Énergie'] } },
    };
    const company: AskedQuestion = { id: 'q2', kind: 'short_text', label: 'Company', helpText: null, required: false, choices: [], translations: {} };
    renderWithProviders(
      <LanguageProvider page={{ language: 'fr', messages: compiledCatalog('fr') }}>
        <QuestionFields questions={[sector, company]} inputProps={() => ({ value: '', onChange: () => undefined })} />
      </LanguageProvider>,
    );
    const group = screen.getByRole('radiogroup', { name: 'Secteur' });
    expect(screen.getByText('Your main one')).toBeInTheDocument();
    expect(within(group).getByRole('radio', { name: 'Énergie' })).toHaveAttribute('value', 'Energy');
    expect(within(group).getByRole('radio', { name: 'Agriculture' })).toHaveAttribute('value', 'Agriculture');
    expect(screen.getByRole('textbox', { name: 'Company' })).toBeInTheDocument();
  });
});

describe('the French texts of the home page', () => {
  it('says which are missing and saves the ones typed', async () => {
    const person = userEvent.setup();
    renderWithProviders(<HomePageEditor />, { baseUrl: server.baseUrl, sessionToken: admin.token });
    const slide = await screen.findByRole('group', { name: 'Slide 1' });
    await person.click(within(slide).getByRole('tab', { name: 'French (texts missing)' }));
    const title = within(slide).getByRole('textbox', { name: 'French title' });
    expect(within(slide).getAllByText(MISSING)).toHaveLength(2);
    await fill(person, title, 'Expansion internationale');
    await waitFor(() => expect(within(slide).getAllByText(MISSING)).toHaveLength(1));
    await person.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Home page saved')).toBeInTheDocument();
    const stored = await server.env.db.selectFrom('homeContent').select('content').executeTakeFirstOrThrow();
    const content = JSON.parse(stored.content) as { heroSlides: { translations?: unknown }[] };
    expect(content.heroSlides[0]?.translations).toEqual({ fr: { title: 'Expansion internationale', text: null } });
  });
});
