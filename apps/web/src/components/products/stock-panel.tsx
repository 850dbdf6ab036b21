import type { ProductView } from '@comptoir/core/schemas';
import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useCan } from '../../session/permissions.ts';
import { buttonClass } from '../ui/button.tsx';
import { formatQuantity } from './quantities.ts';
import { StockBadge } from './stock-badge.tsx';

/** The product's stock: its quantity and state, its threshold, and the way to count it again. */
export function StockPanel({ product }: { product: ProductView }) {
  const canWrite = useCan('write:products');
  const unit = product.unit ?? '';
  const threshold = product.stockThreshold === null ? null : formatQuantity(product.stockThreshold);
  return (
    <section aria-labelledby="stock-title" className="flex flex-col gap-3 rounded-lg bg-white p-4 shadow-sm">
      <h2 id="stock-title" className="text-lg font-semibold">
        <Trans>Stock</Trans>
      </h2>
      {product.stockQuantity === null ? (
        <>
          <StockBadge state={product.stockState} />
          <p className="text-slate-700">
            <Trans>Le stock de ce produit n’est pas suivi. Modifiez le produit pour le suivre.</Trans>
          </p>
        </>
      ) : (
        <>
          <p className="flex items-baseline gap-3">
            <span className="text-3xl font-semibold tabular-nums">
              {formatQuantity(product.stockQuantity)}
            </span>
            {unit !== '' && <span className="text-slate-700">{unit}</span>}
            <StockBadge state={product.stockState} />
          </p>
          <p className="text-sm text-slate-700">
            {threshold === null ? (
              <Trans>Pas de seuil d’alerte.</Trans>
            ) : (
              <Trans>Seuil d’alerte : {threshold}</Trans>
            )}
          </p>
          {canWrite && product.archivedAt === null && (
            <Link
              to="."
              search={(previous: Record<string, unknown>) => ({ ...previous, adjust: true as const })}
              className={buttonClass('primary', 'self-start')}
            >
              <Trans>Ajuster le stock</Trans>
            </Link>
          )}
        </>
      )}
    </section>
  );
}
