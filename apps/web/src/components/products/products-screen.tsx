import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useCan } from '../../session/permissions.ts';
import { trpc } from '../../trpc/client.ts';
import { buttonClass } from '../ui/button.tsx';
import { DataTable } from '../ui/data-table.tsx';
import { PageHeader } from '../ui/page-header.tsx';
import { Pager, pageCount } from '../ui/pager.tsx';
import { SearchInput } from '../ui/search-input.tsx';
import { numericColumns, useProductColumns } from './columns.tsx';
import { NoProductsMatch, NoProductsYet, PastTheLastPage } from './empty-states.tsx';
import { type ProductsListSearch, productsListInput, productsPageSize } from './list-input.ts';
import { ProductSheet } from './product-sheet.tsx';
import { TrackingFilter } from './tracking-filter.tsx';

export interface ProductsScreenSearch extends ProductsListSearch {
  /** `new`: the creation sheet is open. */
  sheet?: 'new' | undefined;
  /** The product whose edit sheet is open. */
  product?: string | undefined;
}

export function ProductsScreen({ search }: { search: ProductsScreenSearch }) {
  const { t } = useLingui();
  const canWrite = useCan('write:products');
  const navigate = useNavigate();
  const { data: list } = useSuspenseQuery(trpc.products.list.queryOptions(productsListInput(search)));
  const total = list.pagination.total;
  const page = search.page ?? 1;
  const columns = useProductColumns(canWrite);
  const filtered = (search.q ?? '') !== '' || search.tracking !== undefined;
  const closeSheet = () =>
    void navigate({
      to: '.',
      search: (previous: Record<string, unknown>) => ({ ...previous, sheet: undefined, product: undefined }),
    });
  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title={<Trans>Produits et stock</Trans>}
        documentTitle={t`Produits · Comptoir`}
        actions={
          canWrite && (
            <>
              <Link from="/$workspaceId/products/" to="./movements" className={buttonClass('secondary')}>
                <Trans>Mouvements par fichier CSV</Trans>
              </Link>
              <Link
                to="."
                search={(previous: Record<string, unknown>) => ({
                  ...previous,
                  sheet: 'new' as const,
                  product: undefined,
                })}
                className={buttonClass()}
              >
                <Trans>Nouveau produit</Trans>
              </Link>
            </>
          )
        }
      />
      <search className="flex flex-wrap items-end gap-4">
        <SearchInput value={search.q} label={t`Rechercher un produit`} />
        <TrackingFilter tracking={search.tracking} />
      </search>
      <p className="text-sm text-slate-700" aria-live="polite">
        <Plural value={total} _0="Aucun produit actif" one="# produit actif" other="# produits actifs" />
      </p>
      {list.data.length > 0 ? (
        <>
          <DataTable
            caption={t`Produits`}
            rows={list.data}
            columns={columns}
            rowId={(product) => product.id}
            numeric={numericColumns}
          />
          <Pager page={page} pages={pageCount(total, productsPageSize)} />
        </>
      ) : total > 0 ? (
        <PastTheLastPage />
      ) : filtered ? (
        <NoProductsMatch />
      ) : (
        <NoProductsYet canWrite={canWrite} />
      )}
      {canWrite && (
        <ProductSheet
          creating={search.sheet === 'new'}
          productId={search.sheet === 'new' ? undefined : search.product}
          onClose={closeSheet}
        />
      )}
    </div>
  );
}
