import { useLingui } from '@lingui/react/macro';
import { flexRender, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import { type InvoiceRow, numericColumns, useInvoiceColumns } from './columns.tsx';

export function InvoicesTable({ invoices }: { invoices: InvoiceRow[] }) {
  const { t } = useLingui();
  const table = useReactTable({
    data: invoices,
    columns: useInvoiceColumns(),
    getCoreRowModel: getCoreRowModel(),
    getRowId: (invoice) => invoice.id,
  });
  return (
    <table className="w-full border-collapse rounded-lg bg-white text-sm shadow-sm">
      <caption className="sr-only">{t`Factures`}</caption>
      <thead>
        {table.getHeaderGroups().map((group) => (
          <tr key={group.id} className="border-b border-slate-200">
            {group.headers.map((header) => (
              <th
                key={header.id}
                scope="col"
                className={`px-3 py-2 font-semibold text-slate-700 ${numericColumns.has(header.column.id) ? 'text-right' : 'text-left'}`}
              >
                {flexRender(header.column.columnDef.header, header.getContext())}
              </th>
            ))}
          </tr>
        ))}
      </thead>
      <tbody>
        {table.getRowModel().rows.map((row) => (
          <tr key={row.id} className="border-b border-slate-100 last:border-0">
            {row.getVisibleCells().map((cell) => (
              <td
                key={cell.id}
                className={`px-3 py-2 ${numericColumns.has(cell.column.id) ? 'text-right tabular-nums' : ''}`}
              >
                {flexRender(cell.column.columnDef.cell, cell.getContext())}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
