// The contact form in French: its labels come from the page's catalog and its own validation (the
// server's schema) says what is wrong in French, without sending anything; the consent line under
// it links the privacy page in the page's language.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ContactForm } from '@client/features/contact/ContactForm';
import { LanguageProvider } from '@client/i18n';
import { compiledCatalog } from '@server/shared/i18n/catalogs';
import { fill, renderWithProviders } from './render';

const FRENCH = { language: 'fr' as const, messages: compiledCatalog('fr') };

describe('the contact form in French', () => {
  it('has French labels and says in French what is missing or wrong', async () => {
    const { queryClient } = renderWithProviders(
      <LanguageProvider page={FRENCH}>
        <ContactForm />
      </LanguageProvider>,
    );
    const user = userEvent.setup();
    await fill(user, screen.getByRole('textbox', { name: 'Nom complet' }), 'A'.repeat(201));
    await fill(user, screen.getByRole('textbox', { name: 'Adresse e-mail' }), 'akosua@');
    await user.click(screen.getByRole('button', { name: 'Envoyer le message' }));

    expect(await screen.findByText('200 caractères au plus')).toBeInTheDocument();
    expect(screen.getByText('Veuillez saisir une adresse e-mail valide')).toBeInTheDocument();
    expect(screen.getByText('Le message est obligatoire')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: "Nom de l'entreprise" })).toBeInTheDocument();
    expect(queryClient.getMutationCache().getAll()).toEqual([]);
  });

  it('says under the form, in French, that sending it agrees to the privacy policy, linked in French', () => {
    renderWithProviders(
      <LanguageProvider page={FRENCH}>
        <ContactForm />
      </LanguageProvider>,
    );
    const link = screen.getByRole('link', { name: 'politique de confidentialité' });
    expect(link).toHaveAttribute('href', '/fr/privacy');
    expect(link.parentElement).toHaveTextContent(/^En envoyant ce formulaire, vous acceptez notre politique de confidentialité\.$/);
  });
});

describe('the contact form in English', () => {
  it('links the privacy policy under the form', () => {
    renderWithProviders(<ContactForm />);
    const link = screen.getByRole('link', { name: 'privacy policy' });
    expect(link).toHaveAttribute('href', '/privacy');
    expect(link.parentElement).toHaveTextContent(/^By sending this form you agree to our privacy policy\.$/);
  });
});
