import { invoiceCreateSchema } from '@comptoir/core/schemas';
import { Trans } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useErrorMessage } from '../../../forms/error-messages.ts';
import { showServerErrors, useSchemaForm } from '../../../forms/use-server-form.ts';
import { trpc } from '../../../trpc/client.ts';
import { blankLine, LinesEditor } from '../../lines/lines-editor.tsx';
import { buttonClass } from '../../ui/button.tsx';
import { Field, inputClass } from '../../ui/field.tsx';
import { ClientFields, type ClientValues } from './client-fields.tsx';
import { FormFooter } from './form-footer.tsx';
import { useOpenSavedDraft } from './open-saved-draft.ts';
import { OperationFields, type OperationValues } from './operation-fields.tsx';

/** The currencies offered; the API takes any ISO 4217 code. */
export const currencies = ['EUR', 'CHF', 'GBP', 'USD'] as const;

/** A new DRAFT invoice: its client, its operation, its lines. Saved, it opens on its own page. */
export function InvoiceCreateForm() {
  const { workspaceId } = useParams({ from: '/_authed/$workspaceId' });
  const openSavedDraft = useOpenSavedDraft();
  const errorMessage = useErrorMessage();
  const [message, setMessage] = useState<string>();
  const form = useSchemaForm(invoiceCreateSchema, {
    clientName: '',
    clientCompany: null,
    clientEmail: '',
    clientAddress: null,
    clientPostalCode: null,
    clientCity: null,
    clientCountryCode: 'FR',
    clientSiren: null,
    clientVatNumber: null,
    operationCategory: 'services',
    deliveryDate: null,
    deliveryAddress: null,
    vatExemption: null,
    currency: 'EUR',
    lines: [blankLine()],
  });
  const create = useMutation(
    trpc.invoices.create.mutationOptions({
      onSuccess: ({ data }) => openSavedDraft(data),
      onError: (error) => {
        showServerErrors(form, error);
        setMessage(errorMessage(error));
      },
    }),
  );
  const currency = form.watch('currency') ?? 'EUR';
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((values) => {
        setMessage(undefined);
        create.mutate(values);
      })}
      className="flex flex-col gap-4"
    >
      <ClientFields form={form as unknown as UseFormReturn<ClientValues>} />
      <OperationFields form={form as unknown as UseFormReturn<OperationValues>} />
      <fieldset className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2">
        <legend className="px-1 text-lg font-semibold">
          <Trans>Conditions</Trans>
        </legend>
        <Field
          label={<Trans>Devise</Trans>}
          hint={<Trans>Échéance à 30 jours, modifiable une fois le brouillon enregistré</Trans>}
          error={form.formState.errors.currency?.message}
        >
          {(control) => (
            <select {...control} {...form.register('currency')} className={inputClass}>
              {currencies.map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))}
            </select>
          )}
        </Field>
      </fieldset>
      <LinesEditor form={form} currency={currency} disabled={create.isPending} />
      <FormFooter
        message={message}
        pristine={!form.formState.isDirty}
        pending={create.isPending}
        saveLabel={<Trans>Enregistrer le brouillon</Trans>}
        back={
          <Link to="/$workspaceId/invoices" params={{ workspaceId }} className={buttonClass('secondary')}>
            <Trans>Annuler</Trans>
          </Link>
        }
      />
    </form>
  );
}
