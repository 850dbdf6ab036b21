import type { QuoteDetailView } from '@comptoir/core/schemas';
import { Trans } from '@lingui/react/macro';
import { useId } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { Field, inputClass } from '../ui/field.tsx';
import { ValidityField } from './client-fields.tsx';
import type { EditQuoteValues, editQuoteSchema } from './form-schemas.ts';

/**
 * What a draft's edit changes besides its lines: its title, validity, terms and notes. The client
 * is shown, not edited: `quotes.update` does not take the client's fields.
 */
export function EditFields({
  form,
  quote,
}: {
  form: UseFormReturn<EditQuoteValues, unknown, z.output<typeof editQuoteSchema>>;
  quote: QuoteDetailView;
}) {
  const errors = form.formState.errors;
  const headingId = useId();
  const email = quote.clientEmail;
  const client =
    quote.clientCompany === null ? quote.clientName : `${quote.clientName} (${quote.clientCompany})`;
  return (
    <section
      aria-labelledby={headingId}
      className="grid gap-4 rounded-lg bg-white p-4 shadow-sm md:grid-cols-2"
    >
      <h2 id={headingId} className="text-lg font-semibold md:col-span-2">
        <Trans>Devis</Trans>
      </h2>
      <p className="text-sm text-slate-700 md:col-span-2">
        <Trans>
          Pour {client}, {email}. Le client d’un devis se choisit à sa création.
        </Trans>
      </p>
      <Field label={<Trans>Objet</Trans>} error={errors.title?.message}>
        {(control) => <input {...control} {...form.register('title')} className={inputClass} />}
      </Field>
      <ValidityField form={form} />
      <Field label={<Trans>Conditions (facultatif)</Trans>} error={errors.terms?.message}>
        {(control) => <textarea {...control} {...form.register('terms')} rows={3} className={inputClass} />}
      </Field>
      <Field label={<Trans>Notes (facultatif)</Trans>} error={errors.notes?.message}>
        {(control) => <textarea {...control} {...form.register('notes')} rows={3} className={inputClass} />}
      </Field>
    </section>
  );
}
