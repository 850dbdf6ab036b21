import { useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useErrorMessage } from '../../forms/error-messages.ts';
import { trpc } from '../../trpc/client.ts';
import { useToast } from '../ui/toast.tsx';

/** How long the PDF's object URL lives: long enough for the new tab to read it. */
const keepUrlMs = 60_000;

function bytesOf(base64: string): Uint8Array<ArrayBuffer> {
  const text = atob(base64);
  const bytes = new Uint8Array(text.length);
  for (let index = 0; index < text.length; index++) bytes[index] = text.charCodeAt(index);
  return bytes;
}

/**
 * Opens the quote's PDF in a new tab. `quotes.pdf` answers the bytes in base64 (JSON carries no
 * bytes): they become a Blob behind an object URL, never cached (a draft's PDF changes).
 */
export function useOpenPdf(id: string) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const toast = useToast();
  const errorMessage = useErrorMessage();
  const [pending, setPending] = useState(false);
  const open = async () => {
    setPending(true);
    try {
      const { data } = await queryClient.fetchQuery({
        ...trpc.quotes.pdf.queryOptions({ id }),
        staleTime: 0,
        gcTime: 0,
      });
      const file = new File([bytesOf(data.contentBase64)], data.filename, { type: data.contentType });
      const url = URL.createObjectURL(file);
      const tab = window.open(url, '_blank');
      if (tab === null)
        toast(t`Le navigateur a bloqué l’ouverture du PDF : autorisez les fenêtres de Comptoir.`, 'error');
      setTimeout(() => URL.revokeObjectURL(url), keepUrlMs);
    } catch (error) {
      toast(errorMessage(error), 'error');
    } finally {
      setPending(false);
    }
  };
  return { open, pending };
}
