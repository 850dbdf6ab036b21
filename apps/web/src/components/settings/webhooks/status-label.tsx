import { Trans } from '@lingui/react/macro';

type Endpoint = { status: 'enabled' | 'disabled'; disabledReason: 'manual' | 'gone' | 'failing' | null };

/** Whether an endpoint receives events, and if not, why. */
export function EndpointStatus({ endpoint }: { endpoint: Endpoint }) {
  if (endpoint.status === 'enabled')
    return (
      <span className="rounded bg-green-100 px-2 py-0.5 text-sm font-medium text-green-900">
        <Trans>Actif</Trans>
      </span>
    );
  return (
    <span className="rounded bg-slate-200 px-2 py-0.5 text-sm font-medium text-slate-900">
      {endpoint.disabledReason === 'gone' ? (
        <Trans>Désactivé (l’endpoint a répondu 410)</Trans>
      ) : endpoint.disabledReason === 'failing' ? (
        <Trans>Désactivé (en échec depuis 5 jours)</Trans>
      ) : (
        <Trans>Désactivé</Trans>
      )}
    </span>
  );
}
