import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { type ButtonVariant, buttonClass } from './button.tsx';
import { EmptyState } from './empty-state.tsx';

/** A list's way out of a search that found nothing: `?q=` cleared, back to page 1, the filters kept. */
export function ClearSearchLink({ variant = 'primary' }: { variant?: ButtonVariant }) {
  return (
    <Link
      to="."
      search={(previous: Record<string, unknown>) => ({ ...previous, q: undefined, page: undefined })}
      className={buttonClass(variant)}
    >
      <Trans>Effacer la recherche</Trans>
    </Link>
  );
}

/**
 * A list's `?page=` past its last page (the list shrank since it was numbered): `why` says how it
 * may have, and the link goes back to page 1, the search and filters kept.
 */
export function PastTheLastPage({ why, variant = 'primary' }: { why: ReactNode; variant?: ButtonVariant }) {
  return (
    <EmptyState title={<Trans>Cette page est vide</Trans>}>
      <p className="text-slate-700">{why}</p>
      <Link
        to="."
        search={(previous: Record<string, unknown>) => ({ ...previous, page: undefined })}
        className={buttonClass(variant)}
      >
        <Trans>Revenir à la première page</Trans>
      </Link>
    </EmptyState>
  );
}
