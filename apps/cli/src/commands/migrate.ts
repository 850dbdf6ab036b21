import { migrate } from '@comptoir/db';
import { withOrm } from '../database.ts';
import type { Output } from '../output.ts';

/** `migrate`: applies the pending database migrations (an operator's step, never the API's). */
export async function migrateCommand(out: Output) {
  const applied = await withOrm(migrate);
  out.result({ applied }, () =>
    applied.length === 0 ? ['Database schema is up to date.'] : applied.map((name) => `Applied ${name}`),
  );
}
