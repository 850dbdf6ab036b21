import { useQueryClient } from '@tanstack/react-query';
import { useErrorMessage } from '../../../forms/error-messages.ts';
import { useToast } from '../../ui/toast.tsx';
import { invalidateInvoices } from '../invalidate.ts';

/**
 * What every action on an invoice does when the server answers: on success, the lists and the
 * detail are asked again and a toast says what happened; on failure, a toast says why in words.
 */
export function useActionOutcome() {
  const queryClient = useQueryClient();
  const toast = useToast();
  const errorMessage = useErrorMessage();
  return {
    succeeded: async (text: string) => {
      await invalidateInvoices(queryClient);
      toast(text, 'success');
    },
    failed: (error: unknown) => toast(errorMessage(error), 'error'),
    errorMessage,
  };
}
