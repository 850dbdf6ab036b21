import { Trans, useLingui } from '@lingui/react/macro';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Link } from '@tanstack/react-router';
import type { Membership } from '../../session/me.ts';

/** The workspace in use, and the others this person belongs to, one keystroke away. */
export function WorkspaceSwitcher({
  memberships,
  current,
}: {
  memberships: Membership[];
  current: Membership;
}) {
  const { t } = useLingui();
  const workspace = current.workspaceName;
  return (
    // Not modal: a modal menu locks scrolling with a <style> element, which the CSP refuses.
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label={t`Espace : ${workspace}. Changer d’espace`}
        className="flex w-full items-center justify-between rounded-md border border-slate-300 px-3 py-2 text-left font-semibold hover:bg-slate-100"
      >
        <span className="truncate">{current.workspaceName}</span>
        <span aria-hidden="true">▾</span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="start"
          sideOffset={4}
          className="min-w-56 rounded-md border border-slate-200 bg-white p-1 shadow-lg"
        >
          <DropdownMenu.Label className="px-3 py-1 text-xs text-slate-600">
            <Trans>Vos espaces</Trans>
          </DropdownMenu.Label>
          {memberships.map((membership) => (
            <DropdownMenu.Item key={membership.workspaceId} asChild>
              <Link
                to="/$workspaceId/invoices"
                params={{ workspaceId: membership.workspaceId }}
                className="block rounded px-3 py-2 outline-none data-[highlighted]:bg-slate-100"
              >
                {membership.workspaceName}
                {membership.workspaceId === current.workspaceId && (
                  <span className="ml-2 text-xs text-slate-600">
                    <Trans>(actuel)</Trans>
                  </span>
                )}
              </Link>
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
