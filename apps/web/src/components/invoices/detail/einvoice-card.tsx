import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { trpc } from '../../../trpc/client.ts';
import { useEinvoiceLabels } from './einvoice-labels.ts';
import { Section } from './section.tsx';
import type { InvoiceDetail } from './types.ts';

/** Where the invoice stands with the e-invoicing platform, and every change of that status. */
export function EinvoiceCard({ invoice }: { invoice: InvoiceDetail }) {
  const { t, i18n } = useLingui();
  const { statuses, sources } = useEinvoiceLabels();
  const einvoice = invoice.einvoice;
  const reason = einvoice?.reason ?? null;
  const history = useQuery({
    ...trpc.invoices.einvoiceHistory.queryOptions({ id: invoice.id }),
    enabled: einvoice !== null,
  });
  const when = (at: string) => i18n.date(at, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <Section title={<Trans>Facturation électronique</Trans>}>
      {einvoice === null ? (
        <p className="text-sm text-slate-700">
          {invoice.status === 'DRAFT' ? (
            <Trans>
              Un brouillon n’est pas transmis : la facture le sera à son envoi, si l’espace est relié à une
              plateforme.
            </Trans>
          ) : (
            <Trans>Non transmise : l’espace n’était relié à aucune plateforme lors de l’émission.</Trans>
          )}
        </p>
      ) : (
        <>
          <p>
            <span className="font-medium" data-einvoice-status>
              {statuses[einvoice.status]}
            </span>{' '}
            <span className="text-sm text-slate-600">({when(einvoice.statusAt)})</span>
          </p>
          {reason !== null && (
            <p className="text-sm text-red-800">
              <Trans>Motif : {reason}</Trans>
            </p>
          )}
          {(history.data?.data.length ?? 0) > 0 && (
            <ol
              aria-label={t`Historique de transmission`}
              className="flex flex-col gap-1 border-l border-slate-200 pl-3 text-sm"
            >
              {history.data?.data.map((entry) => (
                <li key={`${entry.at}-${entry.status}-${entry.source}`}>
                  <span className="font-medium">{statuses[entry.status]}</span>
                  {entry.platformCode !== null && ` (${entry.platformCode})`} · {when(entry.at)} ·{' '}
                  {sources[entry.source]}
                  {entry.reason !== null && <span className="block text-red-800">{entry.reason}</span>}
                </li>
              ))}
            </ol>
          )}
        </>
      )}
    </Section>
  );
}
