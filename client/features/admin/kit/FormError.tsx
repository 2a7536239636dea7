// The error of a form as a whole, in a modal or on a page: a failure the server gave without naming a
// field (a refusal that names fields is shown under those fields instead). Announced when it appears.
import { Alert } from '@mantine/core';
import { fieldErrorsOf, messageOf } from '@client/trpc';

/** null, a sentence, or a failed request (a mutation's `error`, cleared by its next attempt). */
export type FormFailure = unknown;

export function formErrorText(error: FormFailure): string | null {
  if (error === null || error === undefined) return null;
  if (typeof error === 'string') return error;
  return Object.keys(fieldErrorsOf(error)).length === 0 ? messageOf(error, 'Please try again.') : null;
}

export function FormError({ error, title }: { error: FormFailure; title?: string }) {
  const text = formErrorText(error);
  if (text === null) return null;
  return (
    <Alert color="red" role="alert" title={title}>
      {text}
    </Alert>
  );
}
