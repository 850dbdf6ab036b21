import { invoiceUpdateSchema } from '@comptoir/core/schemas';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useErrorMessage } from '../../../forms/error-messages.ts';
import { showServerErrors, useSchemaForm } from '../../../forms/use-server-form.ts';
import { trpc } from '../../../trpc/client.ts';
import { LinesEditor, linesFromDocument } from '../../lines/lines-editor.tsx';
import { buttonClass } from '../../ui/button.tsx';
import { useToast } from '../../ui/toast.tsx';
import type { InvoiceDetail } from '../detail/types.ts';
import { invalidateInvoices } from '../invalidate.ts';
import { ClientFields, type ClientValues } from './client-fields.tsx';
import { FormFooter } from './form-footer.tsx';
import { OperationFields, type OperationValues } from './operation-fields.tsx';
import { TermsFields, type TermsValues } from './terms-fields.tsx';

/** A saved DRAFT, every field as it stands; Save sends them all, lines replaced. */
export function InvoiceEditForm({ invoice }: { invoice: InvoiceDetail }) {
  const { t } = useLingui();
  const { workspaceId } = useParams({ from: '/_authed/$workspaceId' });
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const toast = useToast();
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
      onSuccess: async ({ data: saved }) => {
        await invalidateInvoices(queryClient);
        const number = saved.number;
        toast(t`Brouillon ${number} enregistré.`);
        await navigate({
          to: '/$workspaceId/invoices/$invoiceId',
          params: { workspaceId, invoiceId: saved.id },
        });
      },
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
