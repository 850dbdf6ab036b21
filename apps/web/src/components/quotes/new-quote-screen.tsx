import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useErrorMessage } from '../../forms/error-messages.ts';
import { showServerErrors, useSchemaForm } from '../../forms/use-server-form.ts';
import { trpc } from '../../trpc/client.ts';
import { blankLine, LinesEditor } from '../lines/lines-editor.tsx';
import { PageHeader } from '../ui/page-header.tsx';
import { useToast } from '../ui/toast.tsx';
import { ClientFields } from './client-fields.tsx';
import { FormFooter } from './form-footer.tsx';
import { newQuoteSchema } from './form-schemas.ts';
import { useInvalidateQuotes } from './invalidate.ts';

/**
 * A new draft quote: its client, currency, validity and lines, checked by `quotes.create`'s own
 * schema as typed. Saved, it opens on its detail, from where it is sent.
 */
export function NewQuoteScreen({ workspaceId }: { workspaceId: string }) {
  const { t } = useLingui();
  const form = useSchemaForm(newQuoteSchema, {
    clientName: '',
    clientCompany: null,
    clientEmail: '',
    currency: 'EUR',
    validityDays: 30,
    lines: [blankLine()],
  });
  const create = useMutation(trpc.quotes.create.mutationOptions());
  const update = useMutation(trpc.quotes.update.mutationOptions());
  const invalidateQuotes = useInvalidateQuotes();
  const errorMessage = useErrorMessage();
  const toast = useToast();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const currency = form.watch('currency') ?? 'EUR';

  const onSubmit = form.handleSubmit(async ({ validityDays, ...body }) => {
    setError(null);
    let created: { id: string; validityDays: number };
    try {
      created = (await create.mutateAsync(body)).data;
    } catch (refusal) {
      // The form keeps what was typed; each detail goes beside its field.
      const placed = showServerErrors(form, refusal);
      setError(placed ? t`Certains champs sont à corriger.` : errorMessage(refusal));
      return;
    }
    const params = { workspaceId, quoteId: created.id };
    try {
      if (created.validityDays !== validityDays) await update.mutateAsync({ id: created.id, validityDays });
    } catch (refusal) {
      // The draft exists: its editor shows what was saved, the validity to set again.
      await invalidateQuotes();
      const reason = errorMessage(refusal);
      toast(t`Devis créé, mais sa validité n’a pas été enregistrée : ${reason}`, 'error');
      await navigate({ to: '/$workspaceId/quotes/$quoteId/edit', params });
      return;
    }
    await invalidateQuotes();
    toast(t`Devis brouillon créé.`, 'success');
    await navigate({ to: '/$workspaceId/quotes/$quoteId', params });
  });

  const pending = form.formState.isSubmitting;
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6">
      <PageHeader title={<Trans>Nouveau devis</Trans>} documentTitle={t`Nouveau devis · Comptoir`} />
      <fieldset disabled={pending} className="flex flex-col gap-6">
        <ClientFields form={form} />
        <LinesEditor form={form} currency={currency} disabled={pending} />
      </fieldset>
      <FormFooter
        error={error}
        pristine={!form.formState.isDirty}
        pending={pending}
        cancel={{ workspaceId }}
        saveLabel={t`Créer le brouillon`}
      />
    </form>
  );
}
