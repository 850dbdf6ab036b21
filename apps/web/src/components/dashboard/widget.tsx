import { Trans, useLingui } from '@lingui/react/macro';
import { QueryErrorResetBoundary } from '@tanstack/react-query';
import { type ReactNode, Suspense, useId } from 'react';
import { Button } from '../ui/button.tsx';
import { ErrorBoundary } from '../ui/error-boundary.tsx';

/**
 * One block of the dashboard: a titled section whose content loads on its own, with its own
 * skeleton while its query runs and its own message (and a retry) when it fails, so that one
 * failing widget never blanks the page.
 */
export function Widget({
  title,
  className = '',
  children,
}: {
  title: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className={`flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm ${className}`}
    >
      <h2 id={headingId} className="text-base font-semibold text-slate-900">
        {title}
      </h2>
      <QueryErrorResetBoundary>
        {({ reset }) => (
          <ErrorBoundary onReset={reset} fallback={(retry) => <WidgetError retry={retry} />}>
            <Suspense fallback={<WidgetSkeleton />}>{children}</Suspense>
          </ErrorBoundary>
        )}
      </QueryErrorResetBoundary>
    </section>
  );
}

function WidgetSkeleton() {
  const { t } = useLingui();
  return (
    <div aria-busy="true" className="flex flex-col gap-2">
      <p role="status" className="sr-only">
        {t`Chargement…`}
      </p>
      <div className="h-7 w-32 animate-pulse rounded bg-slate-200" />
      <div className="h-4 w-48 animate-pulse rounded bg-slate-100" />
      <div className="h-4 w-40 animate-pulse rounded bg-slate-100" />
    </div>
  );
}

function WidgetError({ retry }: { retry: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-start gap-2">
      <p className="text-sm text-slate-700">
        <Trans>Ces chiffres n’ont pas pu être chargés.</Trans>
      </p>
      <Button variant="secondary" onClick={retry}>
        <Trans>Réessayer</Trans>
      </Button>
    </div>
  );
}
