import { invoiceUpdateSchema } from '@comptoir/core/schemas';
import { Trans } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useErrorMessage } from '../../../forms/error-messages.ts';
import { showServerErrors, useSchemaForm } from '../../../forms/use-server-form.ts';
import { trpc } from '../../../trpc/client.ts';
import { LinesEditor, linesFromDocument } from '../../lines/lines-editor.tsx';
import { buttonClass } from '../../ui/button.tsx';
import type { InvoiceDetail } from '../detail/types.ts';
import { ClientFields, type ClientValues } from './client-fields.tsx';
import { FormFooter } from './form-footer.tsx';
import { useOpenSavedDraft } from './open-saved-draft.ts';
import { OperationFields, type OperationValues } from './operation-fields.tsx';
import { TermsFields, type TermsValues } from './terms-fields.tsx';

/** A saved DRAFT, every field as it stands; Save sends them all, lines replaced. */
export function InvoiceEditForm({ invoice }: { invoice: InvoiceDetail }) {
  const { workspaceId } = useParams({ from: '/_authed/$workspaceId' });
  const openSavedDraft = useOpenSavedDraft();
  const errorMessage = useErrorMessage();
  const [message, setMessage] = useState<string>();
  const form = useSchemaForm(invoiceUpdateSchema, {
    title: invoice.title,
    clientName: invoice.clientName,
    clientCompany: invoice.clientCompany,
    clientEmail: invoice.clientEmail,
    clientAddress: invoice.clientAddress,
    clientPostalCode: invoice.clientPostalCode,
    clientCity: invoice.clientCity,
    clientCountryCode: invoice.clientCountryCode,
    clientSiren: invoice.clientSiren,
    clientVatNumber: invoice.clientVatNumber,
    operationCategory: invoice.operationCategory,
    deliveryDate: invoice.deliveryDate,
    deliveryAddress: invoice.deliveryAddress,
    vatExemption: invoice.vatExemption,
    dueAt: invoice.dueAt,
    discountPercent: invoice.discountPercent,
    reverseCharge: invoice.reverseCharge,
    lines: linesFromDocument(invoice.lines),
  });
  const update = useMutation(
    trpc.invoices.update.mutationOptions({
      onSuccess: ({ data }) => openSavedDraft(data),
      onError: (error) => {
        showServerErrors(form, error);
        setMessage(errorMessage(error));
      },
    }),
  );
  const [discountPercent, reverseCharge] = form.watch(['discountPercent', 'reverseCharge']);
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((values) => {
        setMessage(undefined);
        update.mutate({ id: invoice.id, ...values });
      })}
      className="flex flex-col gap-4"
    >
      <ClientFields form={form as unknown as UseFormReturn<ClientValues>} />
      <OperationFields form={form as unknown as UseFormReturn<OperationValues>} />
      <TermsFields form={form as unknown as UseFormReturn<TermsValues>} />
      <LinesEditor
        form={form}
        currency={invoice.currency}
        terms={{
          discountPercent: Number.isFinite(discountPercent) ? discountPercent : 0,
          reverseCharge: reverseCharge ?? false,
        }}
        disabled={update.isPending}
      />
      <FormFooter
        message={message}
        pristine={!form.formState.isDirty}
        pending={update.isPending}
        saveLabel={<Trans>Enregistrer</Trans>}
        back={
          <Link
            to="/$workspaceId/invoices/$invoiceId"
            params={{ workspaceId, invoiceId: invoice.id }}
            className={buttonClass('secondary')}
          >
            <Trans>Annuler</Trans>
          </Link>
        }
      />
    </form>
  );
}
