import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { Me, Membership } from '../../session/me.ts';
import { Sidebar } from './sidebar.tsx';

/** The frame of every workspace screen: a skip link, the sidebar, then the screen itself. */
export function AppShell({
  me,
  membership,
  children,
}: {
  me: Me;
  membership: Membership;
  children: ReactNode;
}) {
  return (
    <div className="flex min-h-screen bg-slate-50 text-slate-900">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-10 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        <Trans>Aller au contenu</Trans>
      </a>
      <Sidebar me={me} membership={membership} />
      <main id="main" tabIndex={-1} className="flex-1 overflow-x-auto p-6 focus:outline-none">
        {children}
      </main>
    </div>
  );
}
