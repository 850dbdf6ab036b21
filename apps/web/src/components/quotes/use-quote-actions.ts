import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useErrorMessage } from '../../forms/error-messages.ts';
import { trpc } from '../../trpc/client.ts';
import { useToast } from '../ui/toast.tsx';
import { useActionWords } from './action-words.ts';
import type { QuoteAction } from './available-actions.ts';
import { useInvalidateQuotes } from './invalidate.ts';
import { goToInvoice } from './invoice-link.tsx';

/**
 * The lifecycle's procedures for one quote. Each waits for the server (nothing optimistic:
 * sending numbers the quote), then says so in a toast and asks the quotes again; a refusal is
 * a toast in words. Deleting goes back to the list; converting goes to the new invoice.
 */
export function useQuoteActions(workspaceId: string, id: string) {
  const words = useActionWords();
  const toast = useToast();
  const errorMessage = useErrorMessage();
  const invalidateQuotes = useInvalidateQuotes();
  const navigate = useNavigate();
  const handlers = (action: QuoteAction) => ({
    onSuccess: async () => {
      toast(words[action].done, 'success');
      await invalidateQuotes({ invoices: action === 'convert' });
    },
    onError: (error: unknown) => toast(errorMessage(error), 'error'),
  });
  const mutations = {
    send: useMutation(trpc.quotes.send.mutationOptions(handlers('send'))),
    requestSignature: useMutation(trpc.quotes.requestSignature.mutationOptions(handlers('requestSignature'))),
    accept: useMutation(trpc.quotes.accept.mutationOptions(handlers('accept'))),
    reject: useMutation(trpc.quotes.reject.mutationOptions(handlers('reject'))),
    archive: useMutation(trpc.quotes.archive.mutationOptions(handlers('archive'))),
    delete: useMutation(trpc.quotes.delete.mutationOptions(handlers('delete'))),
    convert: useMutation(trpc.quotes.convertToInvoice.mutationOptions(handlers('convert'))),
  };
  const pending = (Object.keys(mutations) as QuoteAction[]).find((action) => mutations[action].isPending);
  /** Runs `action`; resolves once it is done and its consequences are on screen (or refused). */
  const run = async (action: QuoteAction): Promise<boolean> => {
    try {
      if (action === 'delete') {
        await mutations.delete.mutateAsync({ id });
        await navigate({ to: '/$workspaceId/quotes', params: { workspaceId } });
      } else if (action === 'convert') {
        const { data } = await mutations.convert.mutateAsync({ id });
        if (data.invoiceId !== null) await goToInvoice(navigate, workspaceId, data.invoiceId);
      } else {
        await mutations[action].mutateAsync({ id });
      }
      return true;
    } catch {
      // Already said in a toast (onError).
      return false;
    }
  };
  return { run, pending };
}
