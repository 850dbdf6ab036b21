import { Trans, useLingui } from '@lingui/react/macro';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { formatAmount } from '../../format.ts';
import { trpc } from '../../trpc/client.ts';
import { Button } from '../ui/button.tsx';
import { inputClass } from '../ui/field.tsx';
import type { LineValues } from './line-values.ts';

const settleMs = 250;

/**
 * Adds a line from the catalogue: a disclosure opens a search of the products (`products.list`
 * with `q`), each result a button that appends a line with its name, unit, price and VAT rate.
 */
export function ProductPicker({
  currency,
  disabled,
  onPick,
}: {
  currency: string;
  disabled: boolean;
  onPick: (line: LineValues, name: string) => void;
}) {
  const { t, i18n } = useLingui();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const panelId = useId();
  const inputId = useId();
  useEffect(() => {
    const timer = setTimeout(() => setQ(typed.trim()), settleMs);
    return () => clearTimeout(timer);
  }, [typed]);
  const products = useQuery({
    ...trpc.products.list.queryOptions({ limit: 8, ...(q === '' ? {} : { q }) }),
    enabled: open,
    placeholderData: keepPreviousData,
  });
  const found = products.data?.data ?? [];
  return (
    <div className="flex min-w-72 flex-1 flex-col gap-2">
      <div>
        <Button
          variant="secondary"
          disabled={disabled}
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((was) => !was)}
        >
          <Trans>Ajouter depuis le catalogue</Trans>
        </Button>
      </div>
      {open && (
        <div id={panelId} className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-3">
          <label htmlFor={inputId} className="font-medium">
            <Trans>Rechercher un produit</Trans>
          </label>
          <input
            id={inputId}
            type="search"
            value={typed}
            placeholder={t`Nom, référence ou code-barres`}
            onChange={(event) => setTyped(event.target.value)}
            className={inputClass}
          />
          <ul aria-live="polite" aria-busy={products.isFetching} className="flex flex-col gap-1">
            {found.map((product) => {
              const price = formatAmount(product.unitPrice, currency);
              const rate = i18n.number(product.taxRate, { maximumFractionDigits: 4 });
              return (
                <li key={product.id}>
                  <button
                    type="button"
                    disabled={disabled}
                    className="w-full rounded-md px-3 py-2 text-left hover:bg-slate-100"
                    onClick={() =>
                      onPick(
                        {
                          title: product.name,
                          quantity: 1,
                          unitPrice: product.unitPrice,
                          taxRate: product.taxRate,
                          ...(product.unit === null ? {} : { unit: product.unit }),
                        },
                        product.name,
                      )
                    }
                  >
                    <span className="font-medium">{product.name}</span>{' '}
                    <span className="text-sm text-slate-600">
                      <Trans>
                        {price} HT, TVA {rate} %
                      </Trans>
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
          {products.isSuccess && found.length === 0 && (
            <p className="text-sm text-slate-700">
              <Trans>Aucun produit ne correspond.</Trans>
            </p>
          )}
        </div>
      )}
    </div>
  );
}
