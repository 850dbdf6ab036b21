import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link, useParams } from '@tanstack/react-router';
import { type ColumnDef, createColumnHelper } from '@tanstack/react-table';
import { formatDelta, formatQuantity } from '../products/quantities.ts';
import { DataTable } from '../ui/data-table.tsx';
import type { BatchOutcome } from './batch-outcome.ts';
import type { CsvRow } from './csv.ts';
import { ProductCell, useProductNames } from './product-names.tsx';
import { useMovementErrorLabels, useRowProblems } from './row-problems.ts';

interface ResultRow {
  row: CsvRow;
  state: 'applied' | 'refused' | 'notSent';
  text: string;
}

const column = createColumnHelper<ResultRow>();
const stateClass = {
  applied: 'text-emerald-800',
  refused: 'font-medium text-red-800',
  notSent: 'text-slate-700',
};

/** What became of each line of the file once the batch was sent. */
export function BatchResult({ outcome, rows }: { outcome: BatchOutcome; rows: CsvRow[] }) {
  const { t } = useLingui();
  const { workspaceId } = useParams({ from: '/_authed/$workspaceId' });
  const errorLabels = useMovementErrorLabels();
  const problemsOf = useRowProblems();
  const names = useProductNames(rows.map((row) => row.cells.productId));
  const notSent = (problems: string) => t`Non envoyé : ${problems}`;
  const byLine = new Map<number, ResultRow>();
  for (const applied of outcome.result.applied) {
    const row = outcome.sent[applied.index];
    if (row === undefined) continue;
    const before = formatQuantity(applied.before);
    const after = formatQuantity(applied.after);
    const delta = formatDelta(applied.delta);
    byLine.set(row.line, { row, state: 'applied', text: t`Appliqué : ${before} → ${after} (${delta})` });
  }
  for (const refused of outcome.result.errors) {
    const row = outcome.sent[refused.index];
    if (row === undefined) continue;
    const why = errorLabels[refused.error];
    byLine.set(row.line, { row, state: 'refused', text: t`Refusé : ${why}` });
  }
  const results = rows.map(
    (row): ResultRow =>
      byLine.get(row.line) ?? {
        row,
        state: 'notSent',
        text: notSent(problemsOf(row).join(' ; ')),
      },
  );
  const columns: ColumnDef<ResultRow, string>[] = [
    column.accessor((result) => String(result.row.line), { id: 'line', header: t`Ligne` }),
    column.accessor((result) => result.row.cells.productId, {
      id: 'productId',
      header: t`Produit`,
      // An applied movement's product exists: its page shows the new stock and the ledger entry.
      cell: (info) => {
        const id = info.getValue();
        const cell = <ProductCell id={id} name={names.get(id)} />;
        if (info.row.original.state !== 'applied') return cell;
        return (
          <Link
            to="/$workspaceId/products/$productId"
            params={{ workspaceId, productId: id }}
            className="text-brand-800 underline underline-offset-2"
          >
            {cell}
          </Link>
        );
      },
    }),
    column.accessor((result) => result.row.cells.quantity || '—', { id: 'quantity', header: t`Quantité` }),
    column.accessor((result) => result.text, {
      id: 'result',
      header: t`Résultat`,
      cell: (info) => <span className={stateClass[info.row.original.state]}>{info.getValue()}</span>,
    }),
  ];
  const applied = outcome.result.applied.length;
  const refused = outcome.result.errors.length;
  return (
    <section aria-labelledby="result-title" className="flex flex-col gap-3">
      <h2 id="result-title" className="text-lg font-semibold">
        <Trans>Résultat de l’envoi</Trans>
      </h2>
      <p
        role="status"
        className={`rounded-md px-4 py-3 font-medium ${
          outcome.kind === 'applied'
            ? 'bg-emerald-50 text-emerald-900'
            : outcome.kind === 'partial'
              ? 'bg-amber-50 text-amber-900'
              : 'bg-red-50 text-red-900'
        }`}
      >
        {outcome.kind === 'applied' ? (
          <Plural
            value={applied}
            one="Le mouvement a été appliqué."
            other="Les # mouvements ont été appliqués."
          />
        ) : outcome.kind === 'partial' ? (
          <Trans>
            Envoi en partie appliqué :{' '}
            <Plural value={applied} one="# mouvement appliqué" other="# mouvements appliqués" />,{' '}
            <Plural value={refused} one="# refusé" other="# refusés" />. Les lignes refusées n’ont rien changé
            : corrigez-les et envoyez-les dans un nouveau fichier.
          </Trans>
        ) : (
          <Trans>
            Aucun mouvement n’a été appliqué : <Plural value={refused} one="# refusé" other="# refusés" />. Le
            stock n’a pas changé.
          </Trans>
        )}
      </p>
      <DataTable
        caption={t`Résultat par ligne du fichier`}
        rows={results}
        columns={columns}
        rowId={(result) => String(result.row.line)}
        numeric={new Set(['line', 'quantity'])}
      />
    </section>
  );
}
