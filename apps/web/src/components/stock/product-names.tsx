import { useQueries } from '@tanstack/react-query';
import { trpc } from '../../trpc/client.ts';

/**
 * The names of the products a file names, as far as the API knows them: a product it cannot
 * find (or a lookup that fails) simply has no name here; the batch's answer says why per row.
 */
export function useProductNames(ids: readonly string[]): ReadonlyMap<string, string> {
  const unique = [...new Set(ids.filter((id) => id !== '' && id.length <= 64))];
  const answers = useQueries({
    queries: unique.map((id) => trpc.products.get.queryOptions({ id }, { retry: false })),
  });
  const names = new Map<string, string>();
  answers.forEach((answer, position) => {
    const id = unique[position];
    if (id !== undefined && answer.data !== undefined) names.set(id, answer.data.data.name);
  });
  return names;
}

/** A row's product: its name when known, and the id the file gave. */
export function ProductCell({ id, name }: { id: string; name: string | undefined }) {
  if (id === '') return <>—</>;
  return (
    <span className="flex flex-col">
      {name !== undefined && <span className="font-medium">{name}</span>}
      <span className="font-mono text-xs text-slate-700">{id}</span>
    </span>
  );
}
