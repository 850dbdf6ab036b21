import { createComptoirClient } from '@comptoir/client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './harness.ts';

// The README's "Records that move" example, step by step, with the figures it prints: a
// newcomer who copies it gets what it says.

let api: TestApi;
let apiKey: string;

beforeAll(async () => {
  api = await startTestApi();
  apiKey = (await api.make.key((await api.make.workspace()).id)).key;
});
afterAll(() => api.close());

it('runs the README example: seller identity set; quote sent, accepted, invoiced; invoice sent, paid in two payments', async () => {
  const comptoir = createComptoirClient({ url: api.baseUrl, apiKey });
  await comptoir.workspace.update.mutate({
    legalName: 'Torréfaction Martin SAS',
    siren: '732829320',
    vatNumber: 'FR44732829320',
    address: { lines: ['3 quai des Brumes'], postalCode: '76600', city: 'Le Havre', countryCode: 'FR' },
  });
  const { data: quote } = await comptoir.quotes.create.mutate({
    clientName: 'Café du Port',
    clientEmail: 'compta@port.test',
    lines: [{ title: 'Torréfaction sur mesure', quantity: 10, unitPrice: 18.9, taxRate: 5.5, unit: 'kg' }],
  });
  await comptoir.quotes.send.mutate({ id: quote.id });
  await comptoir.quotes.accept.mutate({ id: quote.id });
  const { data: accepted } = await comptoir.quotes.convertToInvoice.mutate({ id: quote.id });
  const invoiceId = accepted.invoiceId;
  if (!invoiceId) throw new Error('the converted quote names no invoice');

  await comptoir.invoices.send.mutate({ id: invoiceId });
  const { data: partial } = await comptoir.invoices.recordPayment.mutate({
    id: invoiceId,
    amount: 100,
    method: 'transfer',
  });
  expect(partial.status).toBe('PARTIAL');
  const { data: paid } = await comptoir.invoices.recordPayment.mutate(
    { id: invoiceId, amount: 99.4, method: 'card', reference: 'CB-2291' },
    { context: { idempotencyKey: 'payment-CB-2291' } },
  );
  expect(paid.status).toBe('PAID');
  expect(paid.totals).toEqual({
    subtotal: 189,
    discountAmount: 0,
    taxes: [{ rate: 5.5, base: 189, amount: 10.4 }],
    total: 199.4,
    paid: 199.4,
    balance: 0,
  });
  expect(paid.lines).toEqual([
    expect.objectContaining({ description: 'Torréfaction sur mesure', unit: 'kg' }),
  ]);
  expect(paid.payments.map((payment) => [payment.amount, payment.method])).toEqual([
    [100, 'transfer'],
    [99.4, 'card'],
  ]);
});
