import type { EntityManager } from '@comptoir/db';
import { createCompany } from '../companies/create.ts';
import { createContact } from '../contacts/create.ts';
import { cancelInvoice } from '../invoices/cancel.ts';
import { createInvoice } from '../invoices/create.ts';
import { markOverdueInvoices } from '../invoices/mark-overdue.ts';
import { recordInvoicePayment } from '../invoices/record-payment.ts';
import { sendInvoice } from '../invoices/send.ts';
import { updateInvoice } from '../invoices/update.ts';
import type { LineCreate } from '../lines/schemas.ts';
import { createOpportunity } from '../opportunities/create.ts';
import { updateOpportunity } from '../opportunities/update.ts';
import { acceptQuote } from '../quotes/accept.ts';
import { convertQuoteToInvoice } from '../quotes/convert-to-invoice.ts';
import { createQuote } from '../quotes/create.ts';
import { sendQuote } from '../quotes/send.ts';
import { updateWorkspace } from '../workspaces/update.ts';

const dayMs = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * dayMs).toISOString();

/** The demo seller: identifiers that pass their checks (SIREN Luhn, SIRET, FR key, IBAN). */
const sellerIdentity = {
  legalName: 'Comptoir Démo SAS',
  legalForm: 'SAS',
  shareCapital: 10_000,
  rcsCity: 'Lyon',
  siren: '732829320',
  siret: '73282932000074',
  vatNumber: 'FR44732829320',
  address: { lines: ['12 rue de la Paix'], postalCode: '69002', city: 'Lyon', countryCode: 'FR' },
  iban: 'FR7630006000011234567890189',
  bic: 'AGRIFRPP',
  paymentTermsDays: 30,
  latePenaltyRate: 12.15,
};

const tasting: LineCreate = {
  title: 'Dégustation privée (1 h)',
  quantity: 2,
  unitPrice: 45,
  taxRate: 20,
  unit: 'h',
};
const coffee: LineCreate = {
  title: 'Café en grains 1 kg',
  quantity: 10,
  unitPrice: 18.9,
  taxRate: 5.5,
  unit: 'kg',
};
const tea: LineCreate = {
  title: 'Thé vert sencha',
  quantity: 6,
  unitPrice: 9.5,
  taxRate: 5.5,
  discountPercent: 10,
};

/**
 * The records a newcomer explores in the demo workspace, each made through the use cases so
 * its events exist: a seller identity, companies and contacts, opportunities in several states,
 * quotes (draft, sent, accepted, converted) and invoices (draft, sent, partly paid, paid,
 * overdue, cancelled by a credit note).
 */
export async function seedDemoRecords(tx: EntityManager, workspaceId: string): Promise<void> {
  await updateWorkspace(tx, workspaceId, sellerIdentity);
  const bistro = await createCompany(tx, workspaceId, {
    name: 'Bistrot des Halles SARL',
    siret: '55208131766522',
    vatNumber: 'FR03552081317',
    address: '4 place des Halles, 69001 Lyon',
  });
  const hotel = await createCompany(tx, workspaceId, {
    name: 'Hôtel du Parc',
    address: '1 avenue du Parc, 74000 Annecy',
  });
  const chef = await createContact(tx, workspaceId, {
    name: 'Camille Martin',
    email: 'camille@bistrot-halles.test',
    companyId: bistro.id,
  });
  const manager = await createContact(tx, workspaceId, {
    name: 'Louis Bernard',
    email: 'louis@hotel-parc.test',
    companyId: hotel.id,
  });
  const client = (contact: { name: string; email: string }) => ({
    clientName: contact.name,
    clientEmail: contact.email,
  });

  // Opportunities: a fresh lead, a hot one, a lost one, and one the converted quote wins.
  await createOpportunity(tx, workspaceId, {
    title: 'Carte des thés 2027',
    contactId: manager.id,
    companyId: hotel.id,
  });
  const hot = await createOpportunity(tx, workspaceId, {
    title: 'Café du brunch',
    amount: 1200,
    contactId: chef.id,
    companyId: bistro.id,
  });
  await updateOpportunity(tx, workspaceId, hot.id, { status: 'HOT', priority: 'high' });
  const lost = await createOpportunity(tx, workspaceId, {
    title: 'Séminaire de printemps',
    amount: 800,
    companyId: hotel.id,
  });
  await updateOpportunity(tx, workspaceId, lost.id, { status: 'LOST' });
  const won = await createOpportunity(tx, workspaceId, {
    title: 'Épicerie fine du bistrot',
    amount: 250,
    contactId: chef.id,
    companyId: bistro.id,
  });

  // Quotes: a draft, a sent one, an accepted one, and one accepted then invoiced.
  await createQuote(tx, workspaceId, { ...client(manager), lines: [tea] });
  const sent = await createQuote(tx, workspaceId, {
    ...client(chef),
    opportunityId: hot.id,
    lines: [coffee, tasting],
  });
  await sendQuote(tx, workspaceId, sent.id);
  const accepted = await createQuote(tx, workspaceId, { ...client(manager), lines: [tasting] });
  await sendQuote(tx, workspaceId, accepted.id);
  await acceptQuote(tx, workspaceId, accepted.id);
  const converted = await createQuote(tx, workspaceId, {
    ...client(chef),
    opportunityId: won.id,
    lines: [coffee, tea],
  });
  await sendQuote(tx, workspaceId, converted.id);
  await acceptQuote(tx, workspaceId, converted.id);
  await convertQuoteToInvoice(tx, workspaceId, converted.id);

  // Invoices are issued in number order: the overdue one first, issued 45 days ago.
  const invoice = async (lines: LineCreate[], contact = chef) =>
    createInvoice(tx, workspaceId, { ...client(contact), lines });
  const overdue = await invoice([coffee]);
  await updateInvoice(tx, workspaceId, overdue.id, {
    clientCompany: bistro.name,
    clientAddress: '4 place des Halles',
    clientPostalCode: '69001',
    clientCity: 'Lyon',
    clientSiren: '552081317',
    clientVatNumber: 'FR03552081317',
    operationCategory: 'goods',
    dueAt: daysAgo(15),
  });
  await sendInvoice(tx, workspaceId, overdue.id, { issuedAt: daysAgo(45) });
  await markOverdueInvoices(tx);
  const paid = await invoice([tasting], manager);
  await sendInvoice(tx, workspaceId, paid.id);
  await recordInvoicePayment(tx, workspaceId, paid.id, {
    amount: 108,
    method: 'transfer',
    reference: 'VIR-0001',
  });
  const partlyPaid = await invoice([coffee, tasting]);
  await updateInvoice(tx, workspaceId, partlyPaid.id, { discountPercent: 5 });
  await sendInvoice(tx, workspaceId, partlyPaid.id);
  await recordInvoicePayment(tx, workspaceId, partlyPaid.id, { amount: 100, method: 'card' });
  const sentInvoice = await invoice([tea], manager);
  await sendInvoice(tx, workspaceId, sentInvoice.id);
  const credited = await invoice([tasting]);
  await sendInvoice(tx, workspaceId, credited.id);
  await cancelInvoice(tx, workspaceId, credited.id);
  await invoice([coffee, tea], manager);
}
