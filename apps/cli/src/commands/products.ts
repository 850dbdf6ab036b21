import { readFile } from 'node:fs/promises';
import { importProducts } from '@comptoir/core';
import { withOrm } from '../database.ts';
import { CliError, type Flags, type Output, progressBar, required } from '../output.ts';

/** `product import --workspace W --file F`: a JSON array of products (API field names). */
export async function productImport(out: Output, flags: Flags) {
  const file = required(flags, 'file');
  let items: unknown;
  try {
    // Invalid UTF-8 is refused, as the API refuses it, rather than read as U+FFFD.
    items = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(await readFile(file)));
  } catch (error) {
    throw new CliError(`cannot read ${file} as JSON: ${(error as Error).message}`);
  }
  if (!Array.isArray(items)) throw new CliError(`${file} must contain a JSON array of products`);
  const result = await withOrm((orm) =>
    importProducts(orm.em.fork(), required(flags, 'workspace'), items as unknown[], progressBar('Importing')),
  );
  out.result({ ...result }, () => [
    `Imported ${items.length} products: ${result.created} created, ${result.updated} updated.`,
  ]);
}
