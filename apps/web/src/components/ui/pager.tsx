import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';

const linkClass = 'rounded-md border border-slate-300 bg-white px-3 py-1 hover:bg-slate-100';

/**
 * Previous and next pages of the current screen's list, as links: each page has its own URL
 * (`?page=`), the other search params kept.
 */
export function Pager({ page, pages }: { page: number; pages: number }) {
  const { t } = useLingui();
  if (pages <= 1) return null;
  return (
    <nav aria-label={t`Pages de la liste`} className="flex items-center gap-3 text-sm">
      {page > 1 && (
        <Link
          to="."
          search={(previous: Record<string, unknown>) => ({
            ...previous,
            page: page - 1 === 1 ? undefined : page - 1,
          })}
          className={linkClass}
        >
          <Trans>Page précédente</Trans>
        </Link>
      )}
      <span>
        <Trans>
          Page {page} sur {pages}
        </Trans>
      </span>
      {page < pages && (
        <Link
          to="."
          search={(previous: Record<string, unknown>) => ({ ...previous, page: page + 1 })}
          className={linkClass}
        >
          <Trans>Page suivante</Trans>
        </Link>
      )}
    </nav>
  );
}

/** How many pages `total` records make, at least one. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
