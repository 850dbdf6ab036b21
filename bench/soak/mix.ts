/**
 * The traffic mix: each kind of request, its share of SOAK_RATE, and how to make the next one.
 * Reads (lists and searches), creations, 200-movement stock batches, and adjustments with
 * Idempotency-Key replays (adjustments.ts). Choices come from a seeded PRNG.
 */
import { random } from '../seed.ts';
import { adjustmentPlanner, replayKind } from './adjustments.ts';
import type { Answer } from './http.ts';
import { invoiceLines, type SoakWorkspace } from './seed.ts';

/** One request to send, what it should answer, and a check of the answer. */
export interface Planned {
  kind: string;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  headers?: Record<string, string>;
  expected: number;
  /** Called with the answer; a string is an anomaly to count. */
  check?: (answer: Answer) => string | undefined;
}

/** A planned request whose kind is the mix entry's unless it names another (a replay). */
export type PlannedRequest = Omit<Planned, 'kind'> & { kind?: string };

export interface MixEntry {
  kind: string;
  share: number;
  plan: () => Planned;
}

/** What the request makers draw from: the PRNG, the seeded ids, a serial for created records. */
export interface PlanContext {
  next: () => number;
  pick: <T>(values: readonly T[]) => T;
  serial: () => number;
  runTag: string;
  workspace: SoakWorkspace;
}

const productTerms = [
  'chevre fermier',
  'miel de lavande',
  'cafe en grains',
  'confiture',
  'biere',
  'REF-0012',
];
const contactTerms = ['sète', 'annecy', 'brest', 'colmar', 'nimes', 'rouen'];

export function createMix(workspace: SoakWorkspace): MixEntry[] {
  const next = random(2026);
  let created = 0;
  const context: PlanContext = {
    next,
    pick: (values) => values[Math.floor(next() * values.length)] as (typeof values)[number],
    serial: () => ++created,
    runTag: Date.now().toString(36),
    workspace,
  };
  const entry = (kind: string, share: number, make: (context: PlanContext) => PlannedRequest) => ({
    kind,
    share,
    plan: (): Planned => ({ kind, ...make(context) }),
  });
  return [
    entry('GET /products', 0.2, listProducts),
    entry('GET /products?q=', 0.15, searchProducts),
    entry('GET /contacts?q=', 0.1, searchContacts),
    entry('GET /invoices', 0.15, listInvoices),
    entry('POST /invoices', 0.1, createInvoice),
    entry('POST /contacts', 0.05, createContact),
    entry('POST /quotes', 0.05, createQuote),
    entry('POST /stock-movements (200)', 0.005, stockBatch),
    entry('POST /products/{id}/adjust', 0.195, adjustmentPlanner()),
  ];
}

/** Every kind the tables report, replays included. */
export const kindNames = (mix: MixEntry[]): string[] => [...mix.map((entry) => entry.kind), replayKind];

const json = (value: unknown) => JSON.stringify(value);

function listProducts({ next }: PlanContext): PlannedRequest {
  const offset = Math.floor(next() * 50) * 20;
  return { method: 'GET', path: `/api/v1/products?limit=20&offset=${offset}`, expected: 200 };
}

function searchProducts({ pick }: PlanContext): PlannedRequest {
  const term = encodeURIComponent(pick(productTerms));
  return { method: 'GET', path: `/api/v1/products?q=${term}&limit=20`, expected: 200 };
}

function searchContacts({ pick }: PlanContext): PlannedRequest {
  const term = encodeURIComponent(pick(contactTerms));
  return { method: 'GET', path: `/api/v1/contacts?q=${term}&limit=20`, expected: 200 };
}

function listInvoices({ next }: PlanContext): PlannedRequest {
  const offset = Math.floor(next() * 10) * 20;
  return { method: 'GET', path: `/api/v1/invoices?limit=20&offset=${offset}`, expected: 200 };
}

function createInvoice({ serial }: PlanContext): PlannedRequest {
  const n = serial();
  const body = {
    clientName: `Client soak ${n}`,
    clientEmail: `soak${n}@client.test`,
    lines: invoiceLines(3),
  };
  return { method: 'POST', path: '/api/v1/invoices', body: json(body), expected: 201 };
}

/** Every other one at a company. */
function createContact({ serial, pick, runTag, workspace }: PlanContext): PlannedRequest {
  const n = serial();
  const body = {
    name: `Prospect ${n}`,
    email: `prospect-${runTag}-${n}@soak.test`,
    ...(n % 2 === 0 ? { companyId: pick(workspace.companyIds) } : {}),
  };
  return { method: 'POST', path: '/api/v1/contacts', body: json(body), expected: 201 };
}

function createQuote({ serial }: PlanContext): PlannedRequest {
  const n = serial();
  const body = {
    clientName: `Devis soak ${n}`,
    clientEmail: `devis${n}@client.test`,
    lines: invoiceLines(2),
  };
  return { method: 'POST', path: '/api/v1/quotes', body: json(body), expected: 201 };
}

/** 200 distinct reserve products: one receipt of 3 for every 3 sales of 1. */
function stockBatch({ pick, workspace }: PlanContext): PlannedRequest {
  const chosen = new Set<string>();
  while (chosen.size < 200) chosen.add(pick(workspace.batchProductIds));
  const movements = [...chosen].map((productId, i) =>
    i % 4 === 0
      ? { productId, quantity: 3, unitCost: 3.25, reason: 'Réception', refKind: 'delivery', refId: `BL-${i}` }
      : { productId, quantity: -1, reason: 'Vente', refKind: 'ticket', refId: `T-${i}` },
  );
  return { method: 'POST', path: '/api/v1/stock-movements', body: json({ movements }), expected: 200 };
}
