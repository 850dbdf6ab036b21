import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { SettingsTabs } from './tabs.tsx';

/** The frame of every settings section: the heading, the sections' links, then the section. */
export function SettingsLayout({
  workspaceId,
  scopes,
  children,
}: {
  workspaceId: string;
  scopes: readonly string[];
  children: ReactNode;
}) {
  return (
    <div className="flex max-w-5xl flex-col gap-6">
      <h1 className="text-2xl font-semibold">
        <Trans>Réglages</Trans>
      </h1>
      <SettingsTabs workspaceId={workspaceId} scopes={scopes} />
      {children}
    </div>
  );
}

/**
 * A section's heading: the tab's `<title>` (`Membres · Réglages · Comptoir`), its h2 and, on the
 * right, its actions.
 */
export function SectionHeader({
  title,
  documentTitle,
  description,
  actions,
}: {
  title: ReactNode;
  documentTitle: string;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-4">
      <title>{documentTitle}</title>
      <div className="flex max-w-2xl flex-col gap-1">
        <h2 className="text-xl font-semibold">{title}</h2>
        {description !== undefined && <p className="text-slate-700">{description}</p>}
      </div>
      {actions !== undefined && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
    </div>
  );
}
