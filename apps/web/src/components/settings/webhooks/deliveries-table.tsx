import type { DeliveryAttemptView } from '@comptoir/core/schemas';
import { i18n } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useErrorMessage } from '../../../forms/error-messages.ts';
import { trpc } from '../../../trpc/client.ts';
import { Button } from '../../ui/button.tsx';
import { DataTable } from '../../ui/data-table.tsx';
import { useToast } from '../../ui/toast.tsx';
import { useInvalidateWebhooks } from '../invalidate.ts';

const column = createColumnHelper<DeliveryAttemptView>();

/** An instant to the minute and second, in the reader's time zone: attempts are seconds apart. */
const moment = (iso: string) => i18n.date(iso, { dateStyle: 'short', timeStyle: 'medium' });

export const numericDeliveryColumns = new Set(['statusCode', 'durationMs']);

/** Every attempt to deliver to an endpoint, newest first: what it answered, how fast, what next. */
export function DeliveriesTable({
  attempts,
  endpointId,
  canRedeliver,
}: {
  attempts: DeliveryAttemptView[];
  endpointId: string;
  canRedeliver: boolean;
}) {
  const { t } = useLingui();
  const outcome = (attempt: DeliveryAttemptView) => (attempt.outcome === 'succeeded' ? t`Réussi` : t`Échoué`);
  const milliseconds = (ms: number) => t`${ms} ms`;
  const columns = [
    column.accessor((attempt) => moment(attempt.attemptedAt), { id: 'attemptedAt', header: t`Tentative du` }),
    column.display({
      id: 'eventType',
      header: t`Événement`,
      cell: ({ row }) => <code className="text-xs">{row.original.eventType}</code>,
    }),
    column.accessor('attempt', { header: t`Essai n°` }),
    column.accessor(outcome, { id: 'outcome', header: t`Résultat` }),
    column.accessor((attempt) => (attempt.statusCode === null ? '—' : String(attempt.statusCode)), {
      id: 'statusCode',
      header: t`Code HTTP`,
    }),
    column.accessor((attempt) => milliseconds(attempt.durationMs), { id: 'durationMs', header: t`Durée` }),
    column.accessor((attempt) => attempt.error ?? '—', { id: 'error', header: t`Erreur` }),
    column.accessor((attempt) => (attempt.nextAttemptAt === null ? '—' : moment(attempt.nextAttemptAt)), {
      id: 'nextAttemptAt',
      header: t`Prochain essai`,
    }),
    ...(canRedeliver
      ? [
          column.display({
            id: 'actions',
            header: t`Actions`,
            cell: ({ row }) => <Redeliver eventId={row.original.eventId} endpointId={endpointId} />,
          }),
        ]
      : []),
  ];
  return (
    <DataTable
      caption={t`Envois à cet endpoint`}
      rows={attempts}
      columns={columns}
      rowId={(attempt) => `${attempt.deliveryId}-${attempt.attempt}`}
      numeric={numericDeliveryColumns}
    />
  );
}

/** Delivers the attempt's event again to this endpoint, on a fresh retry schedule. */
function Redeliver({ eventId, endpointId }: { eventId: string; endpointId: string }) {
  const { t } = useLingui();
  const toast = useToast();
  const errorMessage = useErrorMessage();
  const invalidate = useInvalidateWebhooks();
  const redeliver = useMutation(
    trpc.events.redeliver.mutationOptions({
      onSuccess: async () => {
        toast(t`L’événement ${eventId} va être renvoyé.`);
        await invalidate();
      },
      onError: (error) => toast(errorMessage(error), 'error'),
    }),
  );
  return (
    <Button
      variant="ghost"
      className="px-2 py-1"
      pending={redeliver.isPending}
      aria-label={t`Renvoyer l’événement ${eventId}`}
      onClick={() => redeliver.mutate({ id: eventId, endpointId })}
    >
      <Trans>Renvoyer</Trans>
    </Button>
  );
}
