import type { QuoteDetailView } from '@comptoir/core/schemas';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useErrorMessage } from '../../forms/error-messages.ts';
import { showServerErrors, useSchemaForm } from '../../forms/use-server-form.ts';
import { trpc } from '../../trpc/client.ts';
import { LinesEditor, linesFromDocument } from '../lines/lines-editor.tsx';
import { buttonClass } from '../ui/button.tsx';
import { EmptyState } from '../ui/empty-state.tsx';
import { PageHeader } from '../ui/page-header.tsx';
import { useToast } from '../ui/toast.tsx';
import { EditFields } from './edit-fields.tsx';
import { FormFooter } from './form-footer.tsx';
import { editQuoteSchema } from './form-schemas.ts';
import { useInvalidateQuotes } from './invalidate.ts';

/** A draft's editor; a quote that is no longer a draft says so, and links back to it. */
export function EditQuoteScreen({ workspaceId, quoteId }: { workspaceId: string; quoteId: string }) {
  const { t } = useLingui();
  const {
    data: { data: quote },
  } = useSuspenseQuery(trpc.quotes.get.queryOptions({ id: quoteId }));
  if (quote.status !== 'DRAFT') {
    return (
      <div className="flex flex-col gap-6">
        <PageHeader
          title={<Trans>Modifier le devis</Trans>}
          documentTitle={t`Modifier le devis · Comptoir`}
        />
        <EmptyState title={<Trans>Ce devis n’est plus un brouillon</Trans>}>
          <p className="text-slate-700">
            <Trans>Un devis envoyé ne se modifie plus : il engage ce qu’il dit.</Trans>
          </p>
          <Link
            to="/$workspaceId/quotes/$quoteId"
            params={{ workspaceId, quoteId }}
            className={buttonClass('secondary')}
          >
            <Trans>Voir le devis</Trans>
          </Link>
        </EmptyState>
      </div>
    );
  }
  return <DraftForm workspaceId={workspaceId} quote={quote} />;
}

function DraftForm({ workspaceId, quote }: { workspaceId: string; quote: QuoteDetailView }) {
  const { t } = useLingui();
  const form = useSchemaForm(editQuoteSchema, {
    title: quote.title,
    validityDays: quote.validityDays,
    terms: quote.terms ?? '',
    notes: quote.notes ?? '',
    lines: linesFromDocument(quote.lines),
  });
  const update = useMutation(trpc.quotes.update.mutationOptions());
  const invalidateQuotes = useInvalidateQuotes();
  const errorMessage = useErrorMessage();
  const toast = useToast();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);

  const onSubmit = form.handleSubmit(async ({ terms, notes, ...always }) => {
    setError(null);
    // Terms and notes go only when changed: an untouched empty field stays none, not "".
    const dirty = form.formState.dirtyFields;
    try {
      await update.mutateAsync({
        id: quote.id,
        ...always,
        ...(dirty.terms ? { terms } : {}),
        ...(dirty.notes ? { notes } : {}),
      });
    } catch (refusal) {
      const placed = showServerErrors(form, refusal);
      setError(placed ? t`Certains champs sont à corriger.` : errorMessage(refusal));
      return;
    }
    await invalidateQuotes();
    toast(t`Devis enregistré.`, 'success');
    await navigate({ to: '/$workspaceId/quotes/$quoteId', params: { workspaceId, quoteId: quote.id } });
  });

  const pending = form.formState.isSubmitting;
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6">
      <PageHeader
        title={<Trans>Modifier le brouillon</Trans>}
        documentTitle={t`Modifier le brouillon · Comptoir`}
      />
      <fieldset disabled={pending} className="flex flex-col gap-6">
        <EditFields form={form} quote={quote} />
        <LinesEditor form={form} currency={quote.currency} disabled={pending} />
      </fieldset>
      <FormFooter
        error={error}
        pristine={!form.formState.isDirty}
        pending={pending}
        cancel={{ workspaceId, quoteId: quote.id }}
        saveLabel={t`Enregistrer`}
      />
    </form>
  );
}
