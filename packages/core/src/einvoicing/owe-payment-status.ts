import { type EntityManager, kysely, toDate } from '@comptoir/db';
import { Decimal } from 'decimal.js';
import type { InvoiceView, PaymentView } from '../invoices/schemas.ts';
import { findWorkspace } from '../workspaces/store.ts';
import { type OwedStatusPayload, owePlatformStatus } from './owed-statuses.ts';

/**
 * VAT on services is due when they are paid, unless the seller opted for VAT on debits: the
 * platform must then learn of each payment as an "Encaissée" (212) with its amount and date, so
 * the tax authority can match the VAT. In the payment's transaction, once per payment; only for
 * an invoice that went through the platform.
 */
export async function owePaymentStatus(
  tx: EntityManager,
  workspaceId: string,
  invoice: InvoiceView,
  payment: PaymentView,
): Promise<void> {
  if (!invoice.einvoice || invoice.type !== 'invoice' || invoice.operationCategory !== 'services') return;
  const seller = await findWorkspace(tx, workspaceId);
  if (!seller || seller.vatOnDebits || !seller.siren || !invoice.issuedAt) return;
  const submission = await kysely(tx)
    .selectFrom('einvoice_submissions')
    .select('submitted_at')
    .where('invoice_id', '=', invoice.id)
    .executeTakeFirst();
  const payload: OwedStatusPayload = {
    issuer: { siren: seller.siren, name: seller.legalName ?? seller.name, role: 'SE' },
    recipient: {
      siren: invoice.clientSiren ?? '',
      name: invoice.clientCompany ?? invoice.clientName,
      role: 'BY',
    },
    invoice: {
      number: invoice.number,
      issueDate: invoice.issuedAt.slice(0, 10),
      typeCode: '380',
      sellerSiren: seller.siren,
      receivedAt: toDate(submission?.submitted_at ?? invoice.issuedAt).toISOString(),
    },
    payment: {
      amount: new Decimal(payment.amount).toFixed(2),
      currency: invoice.currency,
      date: payment.paidAt.slice(0, 10),
    },
  };
  await owePlatformStatus(tx, seller.id, {
    kind: 'invoice',
    id: invoice.id,
    status: 'paid',
    reason: null,
    payload,
  });
}
