/**
 * The seed data: one workspace with a catalogue, reserve products for the stock batches,
 * companies, contacts and a history of invoices (so the statistics describe tables with rows,
 * see docs/benchmarks.md), and an API key with every scope.
 */
import {
  createCompany,
  createContact,
  createInvoice,
  createKey,
  createWorkspace,
  importProducts,
  scopes,
} from '@comptoir/core';
import type { MikroORM } from '@comptoir/db';
import type pg from 'pg';
import { catalogue, random, supplierNames } from '../seed.ts';
import { seedSizes } from './settings.ts';

export interface SoakWorkspace {
  workspaceId: string;
  apiKey: string;
  companyIds: string[];
  /** Products for the 200-movement batches: stock deep enough that no exit is refused. */
  batchProductIds: string[];
  /** Tracked catalogue products (shallow stock, with thresholds): the adjustments' targets. */
  adjustProductIds: string[];
}

const cities = ['Sète', 'Annecy', 'Brest', 'Colmar', 'Nîmes', 'Rouen', 'Pau', 'Évry', 'Agen', 'Laval'];
const trades = ['Boulangerie', 'Société', 'Café', 'Épicerie', 'Garage', 'Librairie', 'Brasserie', 'Atelier'];

/** `count` invoice or quote lines, alternating the two VAT rates. */
export function invoiceLines(count: number) {
  return Array.from({ length: count }, (_, i) => ({
    title: `Prestation ${i + 1}`,
    quantity: 1 + i,
    unitPrice: (1990 * (i + 1)) / 100,
    taxRate: i % 2 === 0 ? 20 : 5.5,
  }));
}

/** Seeds the workspace through the core use cases; the adjustments' targets are read later. */
export async function seedWorkspace(orm: MikroORM): Promise<Omit<SoakWorkspace, 'adjustProductIds'>> {
  const workspace = await createWorkspace(orm.em.fork(), { name: 'Soak', negativeStock: 'block' });
  const batchProductIds = await seedProducts(orm, workspace.id);
  const companyIds = await seedCompanies(orm, workspace.id);
  await seedContacts(orm, workspace.id, companyIds);
  await seedInvoices(orm, workspace.id);
  const { key } = await createKey(orm.em.fork(), {
    workspaceId: workspace.id,
    name: 'soak',
    scopes: [...scopes],
    rateLimitPerMinute: 1_000_000_000,
  });
  return { workspaceId: workspace.id, apiKey: key, companyIds, batchProductIds };
}

/** The suppliers, the catalogue, then the reserve products; returns the reserve products' ids. */
async function seedProducts(orm: MikroORM, workspaceId: string): Promise<string[]> {
  const supplierIds: string[] = [];
  for (const name of supplierNames) {
    supplierIds.push((await createCompany(orm.em.fork(), workspaceId, { name }, { isSupplier: true })).id);
  }
  for (let start = 0; start < seedSizes.catalogueProducts; start += 10_000) {
    const count = Math.min(10_000, seedSizes.catalogueProducts - start);
    await importProducts(orm.em.fork(), workspaceId, catalogue(start, count, supplierIds));
  }
  const { ids } = await importProducts(
    orm.em.fork(),
    workspaceId,
    Array.from({ length: seedSizes.batchProducts }, (_, i) => ({
      name: `Article de réserve ${i}`,
      reference: `RES-${String(i).padStart(5, '0')}`,
      trackStock: true,
      stockQuantity: 1_000_000_000,
      stockThreshold: 10,
      costPrice: 3.5,
    })),
  );
  return ids;
}

async function seedCompanies(orm: MikroORM, workspaceId: string): Promise<string[]> {
  const seedRandom = random(12);
  const companyIds: string[] = [];
  for (let i = 0; i < seedSizes.companies; i++) {
    const city = cities[Math.floor(seedRandom() * cities.length)];
    const name = `${trades[i % trades.length]} ${city} ${i}`;
    companyIds.push((await createCompany(orm.em.fork(), workspaceId, { name })).id);
  }
  return companyIds;
}

/** Contacts, three in five of them at a company. */
async function seedContacts(orm: MikroORM, workspaceId: string, companyIds: string[]): Promise<void> {
  for (let i = 0; i < seedSizes.contacts; i++) {
    await createContact(orm.em.fork(), workspaceId, {
      name: `Contact ${i} ${cities[i % cities.length]}`,
      email: `contact${i}@soak.test`,
      ...(i % 5 < 3 ? { companyId: companyIds[i % companyIds.length] as string } : {}),
    });
  }
}

async function seedInvoices(orm: MikroORM, workspaceId: string): Promise<void> {
  for (let i = 0; i < seedSizes.invoices; i++) {
    await createInvoice(orm.em.fork(), workspaceId, {
      clientName: `Client ${i}`,
      clientEmail: `client${i}@soak.test`,
      lines: invoiceLines(5),
    });
  }
}

/** The tracked catalogue products (references REF-…), in id order. */
export async function trackedCatalogueProductIds(db: pg.Client, workspaceId: string): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `select id from products where workspace_id = $1 and track_stock and reference like 'REF-%' order by id`,
    [workspaceId],
  );
  return rows.map((row) => row.id);
}
