import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { Me, Membership } from '../../session/me.ts';
import { SignOutButton } from './sign-out-button.tsx';
import { WorkspaceSwitcher } from './workspace-switcher.tsx';

const linkClass = 'block rounded-md px-3 py-2 text-slate-800 hover:bg-slate-200';

export function Sidebar({ me, membership }: { me: Me; membership: Membership }) {
  const { t } = useLingui();
  // The sections whose screens are still to be built are named, so the shape of the app shows,
  // but they lead nowhere yet.
  const comingSections = [
    t`Tableau de bord`,
    t`Devis`,
    t`Contacts`,
    t`Sociétés`,
    t`Opportunités`,
    t`Produits`,
    t`Réglages`,
  ];
  return (
    <aside className="flex w-60 shrink-0 flex-col gap-6 border-r border-slate-200 bg-white p-4">
      <WorkspaceSwitcher memberships={me.memberships} current={membership} />
      <nav aria-label={t`Sections`} className="flex-1">
        <ul className="flex flex-col gap-1">
          <li>
            <Link
              to="/$workspaceId/invoices"
              params={{ workspaceId: membership.workspaceId }}
              className={linkClass}
              activeProps={{ className: 'bg-slate-200 font-semibold', 'aria-current': 'page' }}
            >
              <Trans>Factures</Trans>
            </Link>
          </li>
          {comingSections.map((name) => (
            <li key={name} className="px-3 py-2 text-slate-600">
              {name} <span className="text-xs">{t`(bientôt)`}</span>
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
