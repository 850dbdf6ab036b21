import { useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from '@tanstack/react-router';
import { useToast } from '../../ui/toast.tsx';
import { invalidateInvoices } from '../invalidate.ts';

/**
 * What follows a draft invoice saved, new or edited: the invoices read again, a toast with its
 * number, and its own page.
 */
export function useOpenSavedDraft(): (draft: { id: string; number: string | null }) => Promise<void> {
  const { t } = useLingui();
  const { workspaceId } = useParams({ from: '/_authed/$workspaceId' });
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const toast = useToast();
  return async (draft) => {
    await invalidateInvoices(queryClient);
    const number = draft.number;
    toast(t`Brouillon ${number} enregistré.`);
    await navigate({ to: '/$workspaceId/invoices/$invoiceId', params: { workspaceId, invoiceId: draft.id } });
  };
}
