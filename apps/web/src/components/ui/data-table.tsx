import { type ColumnDef, flexRender, getCoreRowModel, type Row, useReactTable } from '@tanstack/react-table';

/**
 * A list as a real `<table>` (a caption, `scope="col"` headers) over TanStack Table's row model.
 * Columns whose id is in `numeric` line up on the right, as amounts do in a ledger. A row's link
 * (its first cell's `<Link>`, put there by the columns) is how it opens: the keyboard reaches it
 * and the URL changes.
 */
export function DataTable<TRow>({
  caption,
  rows,
  columns,
  rowId,
  numeric = new Set(),
}: {
  caption: string;
  rows: TRow[];
  // biome-ignore lint/suspicious/noExplicitAny: a column's value type differs from column to column.
  columns: ColumnDef<TRow, any>[];
  rowId: (row: TRow) => string;
  numeric?: ReadonlySet<string>;
}) {
  const table = useReactTable({
    data: rows,
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: rowId,
  });
  const align = (id: string) => (numeric.has(id) ? 'text-right tabular-nums' : 'text-left');
  return (
    <div className="overflow-x-auto rounded-lg bg-white shadow-sm">
      <table className="w-full border-collapse text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id} className="border-b border-slate-200">
              {group.headers.map((header) => (
                <th
                  key={header.id}
                  scope="col"
                  className={`px-3 py-2 font-semibold text-slate-700 ${align(header.column.id)}`}
                >
                  {flexRender(header.column.columnDef.header, header.getContext())}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row: Row<TRow>) => (
            <tr key={row.id} className="border-b border-slate-100 last:border-0 hover:bg-slate-50">
              {row.getVisibleCells().map((cell) => (
                <td key={cell.id} className={`px-3 py-2 ${align(cell.column.id)}`}>
                  {flexRender(cell.column.columnDef.cell, cell.getContext())}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
