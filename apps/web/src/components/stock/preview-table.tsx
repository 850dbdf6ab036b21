import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { type ColumnDef, createColumnHelper } from '@tanstack/react-table';
import { DataTable } from '../ui/data-table.tsx';
import type { CsvRow } from './csv.ts';
import { ProductCell, useProductNames } from './product-names.tsx';
import { useColumnLabels, useRowProblems } from './row-problems.ts';

const column = createColumnHelper<CsvRow>();

/** The file's rows before anything is sent, each with what the batch's schema finds wrong with it. */
export function PreviewTable({ rows }: { rows: CsvRow[] }) {
  const { t } = useLingui();
  const labels = useColumnLabels();
  const problemsOf = useRowProblems();
  const names = useProductNames(rows.map((row) => row.cells.productId));
  const count = rows.length;
  const invalid = rows.filter((row) => row.issues.length > 0).length;
  const columns: ColumnDef<CsvRow, string>[] = [
    column.accessor((row) => String(row.line), { id: 'line', header: t`Ligne` }),
    column.accessor((row) => row.cells.productId, {
      id: 'productId',
      header: labels.productId,
      cell: (info) => <ProductCell id={info.getValue()} name={names.get(info.getValue())} />,
    }),
    column.accessor((row) => row.cells.quantity || '—', { id: 'quantity', header: labels.quantity }),
    column.accessor((row) => row.cells.reason || '—', { id: 'reason', header: labels.reason }),
    column.accessor(
      (row) => [row.cells.refKind, row.cells.refId].filter((part) => part !== '').join(' ') || '—',
      {
        id: 'reference',
        header: t`Document`,
      },
    ),
    column.accessor((row) => row.cells.unitCost || '—', { id: 'unitCost', header: labels.unitCost }),
    column.display({
      id: 'check',
      header: t`Vérification`,
      cell: (info) => {
        const problems = problemsOf(info.row.original);
        if (problems.length === 0) return <span className="text-emerald-800">{t`Prête`}</span>;
        return (
          <ul className="font-medium text-red-800">
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        );
      },
    }),
  ];
  return (
    <section aria-labelledby="preview-title" className="flex flex-col gap-3">
      <h2 id="preview-title" className="text-lg font-semibold">
        <Trans>Aperçu du fichier</Trans>
      </h2>
      <p className="text-slate-700">
        <Plural value={count} one="# mouvement lu" other="# mouvements lus" />
        {invalid > 0 && (
          <>
            {' · '}
            <strong className="text-red-800">
              <Plural
                value={invalid}
                one="# ligne à corriger : elle ne sera pas envoyée"
                other="# lignes à corriger : elles ne seront pas envoyées"
              />
            </strong>
          </>
        )}
      </p>
      <DataTable
        caption={t`Aperçu des mouvements du fichier`}
        rows={rows}
        columns={columns}
        rowId={(row) => String(row.line)}
        numeric={new Set(['line', 'quantity', 'unitCost'])}
      />
    </section>
  );
}
