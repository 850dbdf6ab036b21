import type { Permission } from '@comptoir/core/schemas';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { Me, Membership } from '../../session/me.ts';
import { SignOutButton } from './sign-out-button.tsx';
import { WorkspaceSwitcher } from './workspace-switcher.tsx';

const linkClass = 'block rounded-md px-3 py-2 text-slate-800 hover:bg-slate-200';

interface Section {
  to:
    | '/$workspaceId'
    | '/$workspaceId/invoices'
    | '/$workspaceId/quotes'
    | '/$workspaceId/contacts'
    | '/$workspaceId/companies'
    | '/$workspaceId/opportunities'
    | '/$workspaceId/products'
    | '/$workspaceId/settings';
  label: ReactNode;
  /** Shown only to a role that may read it: a stock clerk sees no invoices. */
  needs?: Permission;
  exact?: boolean;
}

export function Sidebar({ me, membership }: { me: Me; membership: Membership }) {
  const { t } = useLingui();
  const sections: Section[] = [
    { to: '/$workspaceId', label: <Trans>Tableau de bord</Trans>, exact: true },
    { to: '/$workspaceId/invoices', label: <Trans>Factures</Trans>, needs: 'read:invoices' },
    { to: '/$workspaceId/quotes', label: <Trans>Devis</Trans>, needs: 'read:quotes' },
    { to: '/$workspaceId/contacts', label: <Trans>Contacts</Trans>, needs: 'read:contacts' },
    { to: '/$workspaceId/companies', label: <Trans>Sociétés</Trans>, needs: 'read:contacts' },
    { to: '/$workspaceId/opportunities', label: <Trans>Opportunités</Trans>, needs: 'read:opportunities' },
    { to: '/$workspaceId/products', label: <Trans>Produits et stock</Trans>, needs: 'read:products' },
    { to: '/$workspaceId/settings', label: <Trans>Réglages</Trans> },
  ];
  const allowed = new Set<string>(membership.scopes);
  return (
    <aside className="flex w-60 shrink-0 flex-col gap-6 border-r border-slate-200 bg-white p-4">
      <WorkspaceSwitcher memberships={me.memberships} current={membership} />
      <nav aria-label={t`Sections`} className="flex-1">
        <ul className="flex flex-col gap-1">
          {sections
            .filter((section) => section.needs === undefined || allowed.has(section.needs))
            .map((section) => (
              <li key={String(section.to)}>
                <Link
                  to={section.to}
                  params={{ workspaceId: membership.workspaceId }}
                  className={linkClass}
                  activeOptions={{ exact: section.exact ?? false }}
                  activeProps={{ className: 'bg-slate-200 font-semibold', 'aria-current': 'page' }}
                >
                  {section.label}
                </Link>
              </li>
            ))}
        </ul>
      </nav>
      <div className="flex flex-col gap-2 border-t border-slate-200 pt-4 text-sm">
        <p className="truncate text-slate-700" title={me.user.email}>
          {me.user.name}
        </p>
        <SignOutButton />
      </div>
    </aside>
  );
}
