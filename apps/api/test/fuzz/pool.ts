import { receiveSupplierInvoice, revokeKey } from '@comptoir/core';
import { ublInvoice } from '@comptoir/core/factories';
import type { TestApi } from '../harness.ts';
import type { PoolId } from './json-text.ts';
import type { Keys } from './send.ts';
import { unknownId } from './values.ts';

/**
 * The ids of real records, by kind (`quotes`, the first segment of their REST path): made in
 * setup, and added to by the fuzzer's own successful creations. A deleted record stays listed,
 * known as deleted, so its id is also tried and must be 404.
 */
export class IdPool {
  readonly #ids = new Map<string, string[]>();
  readonly #deleted = new Set<string>();

  add(kind: string, id: string): void {
    const ids = this.#ids.get(kind) ?? [];
    if (!ids.includes(id)) ids.push(id);
    this.#ids.set(kind, ids);
  }

  markDeleted(id: string): void {
    this.#deleted.add(id);
  }

  /**
   * The id a reference names: a live record of its kind (a deleted one when it asks for one), or
   * a well-formed unknown id when there is none.
   */
  resolve = (ref: PoolId): string => {
    const ids = (this.#ids.get(ref.kind) ?? []).filter((id) => this.#deleted.has(id) === ref.deleted);
    return ids[ref.index % Math.max(ids.length, 1)] ?? unknownId(ref.kind);
  };

  /** Whether `id` is a real record of that kind, not deleted. */
  isLive = (kind: string, id: string): boolean =>
    !this.#deleted.has(id) && (this.#ids.get(kind) ?? []).includes(id);

  size(kind: string): number {
    return this.#ids.get(kind)?.length ?? 0;
  }
}

export interface World {
  pool: IdPool;
  keys: Keys;
  workspaceId: string;
}

/**
 * A workspace with a key holding every scope, a revoked and an expired key, and records of every
 * kind made through the API itself (products through the factories: the API cannot create them).
 */
export async function seedWorld(api: TestApi): Promise<World> {
  const workspace = await api.make.workspace('Fuzz');
  const valid = (await api.make.key(workspace.id)).key;
  const revoked = await api.make.key(workspace.id);
  await revokeKey(api.db.orm.em.fork(), revoked.id);
  const expired = await api.make.key(workspace.id, undefined, { expiresAt: new Date(Date.now() + 1_000) });
  const pool = new IdPool();
  const create = async (kind: string, body: unknown) => {
    const response = await api.request(`/api/v1/${kind}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${valid}` },
      json: body,
    });
    const answer = (await response.json()) as { data?: { id?: string } };
    if (response.status !== 201 || !answer.data?.id)
      throw new Error(`seeding ${kind}: ${response.status} ${JSON.stringify(answer)}`);
    pool.add(kind, answer.data.id);
    return answer.data.id;
  };
  const line = { title: 'Seeded line', quantity: 2, unitPrice: 12.5, taxRate: 20 };
  const supplier = await create('companies', {
    name: 'Seeded supplier',
    siret: '73282932000074',
    vatNumber: 'FR44732829320',
  });
  await create('companies', { name: 'Société Générale Fuzz' });
  const contact = await create('contacts', {
    name: 'Seeded contact',
    email: 'seeded@example.com',
    companyId: supplier,
  });
  await create('contacts', { name: 'Other contact', email: 'other@example.com' });
  const opportunity = await create('opportunities', {
    title: 'Seeded opportunity',
    amount: 1000,
    contactId: contact,
    companyId: supplier,
  });
  await create('opportunities', { title: 'Won opportunity', status: 'WON' });
  for (let index = 0; index < 12; index++) {
    await create('quotes', {
      clientName: `Quote client ${index}`,
      clientEmail: 'client@example.com',
      lines: [line],
      ...(index === 0 ? { opportunityId: opportunity, contactId: contact } : {}),
    });
  }
  for (let index = 0; index < 3; index++) {
    await create('invoices', {
      clientName: `Invoice client ${index}`,
      clientEmail: 'client@example.com',
      lines: [line, line],
    });
  }
  await create('webhook-endpoints', { url: 'https://hooks.example.com/fuzz', events: ['*'] });
  await create('webhook-endpoints', { url: 'https://hooks.example.com/stock', events: ['stock.movement'] });
  const products = [
    {
      name: 'Tracked product',
      trackStock: true,
      stockQuantity: 1_000,
      stockThreshold: 5,
      supplierId: supplier,
    },
    { name: 'Low product', trackStock: true, stockQuantity: 3, stockThreshold: 5 },
    { name: 'Empty product', trackStock: true, stockQuantity: 0 },
    { name: 'Untracked product', trackStock: false },
  ];
  for (const product of products) pool.add('products', (await api.make.product(workspace.id, product)).id);
  // Supplier invoices come from the platform, not from the API: received through core, as the
  // platform's ingestion does. A readable one, and a file kept as unreadable.
  const files = [ublInvoice({ number: 'FUZZ-1' }), new TextEncoder().encode('not an invoice')];
  for (const [index, file] of files.entries()) {
    const received = await receiveSupplierInvoice(api.db.orm.em.fork(), workspace.id, {
      flowId: `fuzz-flow-${index}`,
      file,
      fileName: `fuzz-${index}.xml`,
    });
    pool.add('supplier-invoices', received.id);
  }
  const events = await api.request('/api/v1/events?limit=20', {
    headers: { authorization: `Bearer ${valid}` },
  });
  for (const event of ((await events.json()) as { data: { id: string }[] }).data)
    pool.add('events', event.id);
  // The expired key was made valid for a second: wait until it is not.
  const wait = new Date(expired.expiresAt ?? 0).getTime() - Date.now() + 50;
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  return { pool, keys: { valid, revoked: revoked.key, expired: expired.key }, workspaceId: workspace.id };
}
