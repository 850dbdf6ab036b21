import type { Permission } from '@comptoir/core/schemas';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';

export type SettingsTab =
  | '/$workspaceId/settings/company'
  | '/$workspaceId/settings/members'
  | '/$workspaceId/settings/keys'
  | '/$workspaceId/settings/webhooks';

/** The settings' sections, each shown only to a role that may read it (the server checks too). */
export const settingsTabs: { to: SettingsTab; needs: Permission }[] = [
  { to: '/$workspaceId/settings/company', needs: 'read:workspace' },
  { to: '/$workspaceId/settings/members', needs: 'manage:members' },
  { to: '/$workspaceId/settings/keys', needs: 'manage:keys' },
  { to: '/$workspaceId/settings/webhooks', needs: 'read:webhooks' },
];

/** The first section `scopes` allow, where /settings leads. */
export function firstSettingsTab(scopes: readonly string[]): SettingsTab | undefined {
  return settingsTabs.find((tab) => scopes.includes(tab.needs))?.to;
}

const labels: Record<SettingsTab, ReactNode> = {
  '/$workspaceId/settings/company': <Trans>Entreprise</Trans>,
  '/$workspaceId/settings/members': <Trans>Membres</Trans>,
  '/$workspaceId/settings/keys': <Trans>Clés d’API</Trans>,
  '/$workspaceId/settings/webhooks': <Trans>Webhooks</Trans>,
};

/** The sections as links: each has its own URL, so it can be bookmarked and reloaded. */
export function SettingsTabs({ workspaceId, scopes }: { workspaceId: string; scopes: readonly string[] }) {
  const { t } = useLingui();
  return (
    <nav aria-label={t`Sections des réglages`} className="border-b border-slate-300">
      <ul className="-mb-px flex flex-wrap gap-1">
        {settingsTabs
          .filter((tab) => scopes.includes(tab.needs))
          .map((tab) => (
            <li key={tab.to}>
              <Link
                to={tab.to}
                params={{ workspaceId }}
                className="block border-b-2 border-transparent px-4 py-2 font-medium text-slate-700 hover:text-slate-900"
                activeProps={{ className: 'border-brand-700! text-slate-900', 'aria-current': 'page' }}
              >
                {labels[tab.to]}
              </Link>
            </li>
          ))}
      </ul>
    </nav>
  );
}
