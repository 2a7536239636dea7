// The contact form with Mantine's theme around it: on the home page, which runs without Mantine
// (client/home-root.tsx), this chunk brings the theme along; inside the app it adds nothing.
import { ThemeProvider } from '@client/theme-provider';
import { ContactForm } from './ContactForm';

export function ThemedContactForm() {
  return (
    <ThemeProvider>
      <ContactForm />
    </ThemeProvider>
  );
}
