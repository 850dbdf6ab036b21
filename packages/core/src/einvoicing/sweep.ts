import { type EntityManager, kysely } from '@comptoir/db';
import { sql } from 'kysely';

/**
 * The safety net under the outbox: an issued invoice or credit note that owes the platform its
 * document (`pending`) and has no submission row gets one. The issuing transaction writes both,
 * so this finds nothing unless a row was lost; it costs one index scan of the pending invoices.
 */
export async function sweepUnsubmitted(em: EntityManager): Promise<number> {
  const { numInsertedOrUpdatedRows } = await kysely(em)
    .insertInto('einvoice_submissions')
    .columns(['invoice_id', 'workspace_id'])
    .expression((eb) =>
      eb
        .selectFrom('invoices as i')
        .select(['i.id', 'i.workspace_id'])
        .where('i.einvoice_status', '=', 'pending')
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('einvoice_submissions as s')
                .select(sql.lit(1).as('one'))
                .whereRef('s.invoice_id', '=', 'i.id'),
            ),
          ),
        ),
    )
    .onConflict((conflict) => conflict.column('invoice_id').doNothing())
    .executeTakeFirst();
  return Number(numInsertedOrUpdatedRows ?? 0n);
}
