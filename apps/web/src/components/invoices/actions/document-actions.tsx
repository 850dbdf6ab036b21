import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useErrorMessage } from '../../../forms/error-messages.ts';
import { trpc } from '../../../trpc/client.ts';
import { Button } from '../../ui/button.tsx';
import { useToast } from '../../ui/toast.tsx';
import type { InvoiceDetail } from '../detail/types.ts';
import { downloadDocument, openDocument } from './files.ts';

/** The invoice's PDF, opened in a new tab, and its Factur-X XML, downloaded (issued invoices only). */
export function DocumentActions({ invoice, xml }: { invoice: InvoiceDetail; xml: boolean }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const toast = useToast();
  const errorMessage = useErrorMessage();
  const [pending, setPending] = useState<'pdf' | 'xml' | null>(null);
  const fetchDocument = async (kind: 'pdf' | 'xml') => {
    setPending(kind);
    try {
      const options =
        kind === 'pdf'
          ? trpc.invoices.pdf.queryOptions({ id: invoice.id })
          : trpc.invoices.facturXXml.queryOptions({ id: invoice.id });
      const { data } = await queryClient.fetchQuery(options);
      const filename = data.filename;
      if (kind === 'xml') {
        downloadDocument(data);
        toast(t`${filename} téléchargé.`);
      } else if (!openDocument(data)) {
        toast(t`Le navigateur a bloqué le nouvel onglet : ${filename} a été téléchargé.`);
      }
    } catch (error) {
      toast(errorMessage(error), 'error');
    } finally {
      setPending(null);
    }
  };
  return (
    <>
      <Button variant="secondary" pending={pending === 'pdf'} onClick={() => void fetchDocument('pdf')}>
        <Trans>Ouvrir le PDF</Trans>
      </Button>
      {xml && (
        <Button variant="secondary" pending={pending === 'xml'} onClick={() => void fetchDocument('xml')}>
          <Trans>Télécharger le XML Factur-X</Trans>
        </Button>
      )}
    </>
  );
}
