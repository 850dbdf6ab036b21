import type { ProductView } from '@comptoir/core/schemas';
import { useLingui } from '@lingui/react/macro';
import { formatAmount } from '../../format.ts';
import { formatRate } from './quantities.ts';

/** The product's own fields, as a description list. */
export function ProductDetails({ product }: { product: ProductView }) {
  const { t } = useLingui();
  const rows: [string, string][] = [
    [t`Référence`, product.reference ?? '—'],
    [t`Code-barres`, product.barcode ?? '—'],
    [t`Unité`, product.unit ?? '—'],
    [t`Prix de vente HT`, formatAmount(product.unitPrice, 'EUR')],
    [t`TVA`, formatRate(product.taxRate)],
    [t`Coût d’achat moyen HT`, formatAmount(product.costPrice, 'EUR')],
  ];
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 rounded-lg bg-white p-4 shadow-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-medium text-slate-700">{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
