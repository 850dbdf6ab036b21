import { i18n } from '@lingui/core';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { dashboardQueries } from './queries.ts';
import { footerLinkClass, RecordList } from './record-list.tsx';

const quantity = (value: number | null) => i18n.number(value ?? 0, { maximumFractionDigits: 4 });

/** The tracked products at or under their threshold, or out of stock, the least stocked first. */
export function LowStock({ workspaceId }: { workspaceId: string }) {
  const { t } = useLingui();
  const { data } = useSuspenseQuery(dashboardQueries.lowStock());
  const { count, products } = data.data;
  return (
    <RecordList
      items={products}
      label={t`Produits sous le seuil`}
      itemKey={(product) => product.id}
      render={(product) => (
        <>
          <span className="min-w-0 truncate">
            <span className="font-medium text-slate-900">{product.name}</span>
            {product.reference !== null && <> · {product.reference}</>}
          </span>
          <StockFigures
            out={product.stockState === 'out'}
            inStock={quantity(product.stockQuantity)}
            threshold={product.stockThreshold === null ? null : quantity(product.stockThreshold)}
          />
        </>
      )}
      empty={<Trans>Tous les produits suivis sont au-dessus de leur seuil d’alerte.</Trans>}
      footer={
        <Link to="/$workspaceId/products" params={{ workspaceId }} className={footerLinkClass}>
          {count > 0 ? (
            <Plural
              value={count}
              one="Voir le produit à réapprovisionner"
              other="Voir les # produits à réapprovisionner"
            />
          ) : (
            <Trans>Voir les produits</Trans>
          )}
        </Link>
      }
    />
  );
}

function StockFigures({
  out,
  inStock,
  threshold,
}: {
  out: boolean;
  inStock: string;
  threshold: string | null;
}) {
  const { t } = useLingui();
  return (
    <span className={out ? 'font-medium text-red-800' : 'text-slate-700'}>
      {out ? t`Rupture` : t`Stock bas`}
      {' · '}
      {threshold === null ? t`${inStock} en stock` : t`${inStock} en stock, seuil ${threshold}`}
    </span>
  );
}
