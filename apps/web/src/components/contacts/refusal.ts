import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { serverErrorOf } from '../../forms/server-error.ts';
import { showServerErrors } from '../../forms/use-server-form.ts';

/**
 * Puts a refused save's reasons on the fields: the API's details where it gives them, and a
 * duplicate e-mail (409 contact_email_duplicate, which names no field) on the e-mail field.
 * Returns whether something landed on a field; the caller shows the rest beside the form.
 */
export function placeRefusal<TValues extends FieldValues & { email?: unknown }>(
  form: Pick<UseFormReturn<TValues>, 'setError' | 'getValues'>,
  error: unknown,
  words: (error: unknown) => string,
): boolean {
  if (serverErrorOf(error)?.code === 'contact_email_duplicate') {
    form.setError('email' as Path<TValues>, { type: 'server', message: words(error) }, { shouldFocus: true });
    return true;
  }
  return showServerErrors(form, error);
}
