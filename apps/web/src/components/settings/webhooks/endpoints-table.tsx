import type { EndpointView } from '@comptoir/core/schemas';
import { Plural, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { formatDay } from '../../../format.ts';
import { DataTable } from '../../ui/data-table.tsx';
import { EndpointStatus } from './status-label.tsx';

const column = createColumnHelper<EndpointView>();

export function EndpointsTable({
  endpoints,
  workspaceId,
}: {
  endpoints: EndpointView[];
  workspaceId: string;
}) {
  const { t } = useLingui();
  const columns = [
    column.display({
      id: 'url',
      header: t`URL`,
      cell: ({ row }) => (
        <Link
          to="/$workspaceId/settings/webhooks/$endpointId"
          params={{ workspaceId, endpointId: row.original.id }}
          className="break-all font-medium text-brand-700 underline"
        >
          {row.original.url}
        </Link>
      ),
    }),
    column.accessor((endpoint) => endpoint.description ?? '—', { id: 'description', header: t`Description` }),
    column.display({
      id: 'events',
      header: t`Événements`,
      cell: ({ row }) =>
        row.original.events.includes('*') ? t`Tous` : <EventCount count={row.original.events.length} />,
    }),
    column.display({
      id: 'status',
      header: t`État`,
      cell: ({ row }) => <EndpointStatus endpoint={row.original} />,
    }),
    column.accessor((endpoint) => formatDay(endpoint.createdAt), { id: 'createdAt', header: t`Ajouté le` }),
  ];
  return (
    <DataTable caption={t`Endpoints de webhooks`} rows={endpoints} columns={columns} rowId={(e) => e.id} />
  );
}

function EventCount({ count }: { count: number }) {
  return <Plural value={count} one="# type" other="# types" />;
}
