import { type Role, receiveSupplierInvoice, type Scope } from '@comptoir/core';
import { ublInvoice } from '@comptoir/core/factories';
import { type AppRouter, appRouter, procedureMetas } from '@comptoir/trpc';
import type { TestApi } from '../harness.ts';
import { sessionHeaders, signIn } from './people.ts';
import type { Workspace } from './records.ts';
import { callTrpc } from './trpc.ts';

/**
 * The table the common route tests run against: every procedure of the app router, read from
 * the router itself (its meta and input schema), so a new procedure is covered without editing
 * the suite. What the router cannot tell is below, small and checked by the suite.
 */

type RouterName = keyof AppRouter['_def']['record'];

/**
 * The scope every procedure of a router needs: `read:<resource>` for its queries,
 * `write:<resource>` for its mutations (api-v1.md sections 4 and 5: companies use the contacts
 * scopes, stock movements the products ones; rulings: webhook endpoints and events use
 * read:webhooks / write:webhooks; internal procedures the scopes of their resource).
 * The code's own statement of it, `scopedProcedure(scope)`, is a closure, in neither the meta
 * nor the OpenAPI document; so the contract's rule is stated here and the suite holds the code
 * to it both ways: refused to a key with every other scope, served to a key with only this one.
 * `satisfies` makes tsc refuse a router without an entry; the suite refuses stale entries.
 */
/**
 * Routers of people rather than of a resource's scopes, and what admits their procedures (core
 * people/roles.ts): `manage:members` and `manage:keys` only an owner's session holds (a key never
 * does, whatever its scopes); `session` any signed-in person; `public` anyone (the invitation's
 * token is its credential).
 */
export const peopleAccess = {
  invitations: 'manage:members',
  keys: 'manage:keys',
  me: 'session',
  members: 'manage:members',
} as const satisfies Partial<Record<RouterName, string>>;
/** Procedures admitted otherwise than their router's. */
const procedureAccess: Record<string, PeopleAccess> = { 'invitations.accept': 'public' };
export type PeopleAccess = (typeof peopleAccess)[keyof typeof peopleAccess] | 'public';

export const scopeResource = {
  companies: 'contacts',
  contacts: 'contacts',
  einvoicing: 'workspace',
  events: 'webhooks',
  eventTypes: 'webhooks',
  invoices: 'invoices',
  opportunities: 'opportunities',
  products: 'products',
  quotes: 'quotes',
  stockMovements: 'products',
  supplierInvoices: 'purchases',
  webhookEndpoints: 'webhooks',
  workspace: 'workspace',
  // the app's dashboard: one widget per procedure, each reading its own resource
  dashboard: {
    receivables: 'invoices',
    quotesAwaiting: 'quotes',
    followUps: 'opportunities',
    lowStock: 'products',
  },
} as const satisfies Record<Exclude<RouterName, keyof typeof peopleAccess>, string | Record<string, string>>;

/** The resource whose scopes a procedure needs: its router's, or its own in a router of several. */
function resourceOf(router: string, procedure: string): string | undefined {
  const entry = (scopeResource as Record<string, string | Record<string, string>>)[router];
  return typeof entry === 'object' ? entry[procedure.slice(router.length + 1)] : entry;
}

export type Input = Record<string, unknown>;

/** A workspace the suite can make records in, through the API, with a key holding every scope. */
export interface Scene {
  workspaceId: string;
  headers: Record<string, string>;
  /** Calls a procedure over tRPC with the workspace's key, expects success and returns its output. */
  run(procedure: string, input: Input): Promise<{ data: unknown }>;
  /** A new record of a router's kind (`quotes` -> a new quote) in this workspace: its id. */
  record(router: string): Promise<string>;
  /** A number not used before, for unique fields. */
  unique(): number;
  /** Headers of the workspace's owner, signed in (made once): for the procedures of people. */
  ownerHeaders(): Promise<Record<string, string>>;
  /** A new member of the workspace with the role: their user id. */
  member(role: Role): Promise<string>;
  /**
   * A supplier invoice received in this workspace (they come from the platform, not from a
   * procedure): core's receive, as the platform's ingestion calls it. Its id.
   */
  receiveSupplierInvoice(file: Uint8Array): Promise<string>;
}

/** A supplier invoice of the scene, approved, for the payments. */
async function approvedSupplierInvoice(scene: Scene): Promise<string> {
  const id = await scene.record('supplierInvoices');
  await scene.run('supplierInvoices.approve', { id });
  return id;
}

/** An invoice's or a quote's input: a client and one line. */
const clientDocument = {
  clientName: 'Common client',
  clientEmail: 'client@example.test',
  lines: [{ title: 'Line', quantity: 1, unitPrice: 10 }],
};

/** The id of a new quote of the scene, sent (status SENT), for the transitions that need one. */
async function sentQuote(scene: Scene): Promise<string> {
  const id = await scene.record('quotes');
  await scene.run('quotes.send', { id });
  return id;
}

/**
 * A valid input beside the `id`: the suite gives a procedure that takes one the id of a new
 * record of its router's kind (a maker may return an `id` of its own, say a record in the
 * status the procedure needs). Procedures whose input needs nothing else are not listed: their
 * input is `{}` or `{ id }`. A new procedure with required fields fails its "serves" test with
 * a 400 until it gets a line here.
 */
/**
 * A platform connection no test reaches: `.invalid` never resolves (RFC 6761), so a test of it
 * fails at once, as a result (`ok: false`), without leaving the machine.
 */
const unreachablePlatform = {
  baseUrl: 'https://pa.comptoir.invalid/flow-service',
  auth: { kind: 'bearer', token: 'common-routes-token' },
  webhookSecret: 'common-routes-webhook-secret',
};
const withPlatform = async (scene: Scene) => {
  await scene.run('einvoicing.setConnection', unreachablePlatform);
  return {};
};

const validInputs: Record<string, (scene: Scene) => Input | Promise<Input>> = {
  'companies.create': () => ({ name: 'Common routes SARL' }),
  'contacts.create': (scene) => ({ name: 'Common', email: `common.${scene.unique()}@example.test` }),
  'einvoicing.setConnection': () => unreachablePlatform,
  'einvoicing.testConnection': withPlatform,
  'einvoicing.deleteConnection': withPlatform,
  'invitations.accept': async (scene) => {
    const invited = await scene.run('members.invite', {
      email: `accepting.${scene.unique()}@example.test`,
      role: 'sales',
    });
    return {
      token: (invited.data as { token: string }).token,
      name: 'Invitee',
      password: 'invitee password',
    };
  },
  'invoices.create': () => clientDocument,
  'invoices.update': () => ({ title: 'Renamed invoice' }),
  // a payment needs an issued invoice: a new one, sent
  'invoices.recordPayment': async (scene) => {
    const id = await scene.record('invoices');
    await scene.run('invoices.send', { id });
    return { id, amount: 1, method: 'transfer' };
  },
  // a draft has no XML (409 invoice_not_issued): a new invoice, sent
  'invoices.facturXXml': async (scene) => {
    const id = await scene.record('invoices');
    await scene.run('invoices.send', { id });
    return { id };
  },
  'keys.create': () => ({ scopes: ['read:products'] }),
  'members.invite': (scene) => ({ email: `invited.${scene.unique()}@example.test`, role: 'sales' }),
  'members.changeRole': async (scene) => ({ userId: await scene.member('sales'), role: 'accountant' }),
  'members.remove': async (scene) => ({ userId: await scene.member('stock') }),
  'opportunities.create': () => ({ title: 'Common opportunity' }),
  'products.create': () => ({ name: 'Common product', trackStock: true, stockQuantity: 10 }),
  'products.update': () => ({ patch: { name: 'Renamed product' } }),
  'products.adjust': () => ({ countedQuantity: 4 }),
  // Only an archived product can be restored: the maker archives a new one.
  'products.restore': async (scene) => {
    const id = await scene.record('products');
    await scene.run('products.archive', { id });
    return { id };
  },
  'quotes.create': () => clientDocument,
  'quotes.update': () => ({ notes: 'Common notes' }),
  'quotes.requestSignature': async (scene) => ({ id: await sentQuote(scene) }),
  'quotes.accept': async (scene) => ({ id: await sentQuote(scene) }),
  'quotes.reject': async (scene) => ({ id: await sentQuote(scene) }),
  'quotes.archive': async (scene) => ({ id: await sentQuote(scene) }),
  'quotes.convertToInvoice': async (scene) => {
    const id = await sentQuote(scene);
    await scene.run('quotes.accept', { id });
    return { id };
  },
  'stockMovements.applyBatch': async (scene) => ({
    movements: [{ productId: await scene.record('products'), quantity: 1 }],
  }),
  'supplierInvoices.refuse': () => ({ reason: 'Common refusal' }),
  'supplierInvoices.recordPayment': async (scene) => ({
    id: await approvedSupplierInvoice(scene),
    amount: 1,
    method: 'transfer',
  }),
  // a reception needs a line naming a tracked product: a new product, and an invoice naming it
  'supplierInvoices.receiveStock': async (scene) => {
    const reference = `COMMON-${scene.unique()}`;
    await scene.run('products.create', {
      name: 'Received product',
      reference,
      trackStock: true,
      stockQuantity: 0,
    });
    const file = ublInvoice({
      number: `COMMON-${scene.unique()}`,
      lines: [{ name: 'Received', quantity: '2', price: '5.00', net: '10.00', sellerItemId: reference }],
    });
    return { id: await scene.receiveSupplierInvoice(file) };
  },
  'webhookEndpoints.create': () => ({ url: 'https://hooks.example.com/common' }),
  'webhookEndpoints.update': () => ({ status: 'disabled' }),
  'workspace.update': () => ({ legalName: 'Common routes SAS' }),
};

/**
 * How to make a record of a router's kind when the router has no `create` procedure (a
 * router with one is served by it: `quotes` -> `quotes.create`).
 */
const recordMakers: Record<string, (scene: Scene) => Promise<string>> = {
  // An event: a company's creation records company.created; the newest event is it.
  events: async (scene) => {
    await scene.run('companies.create', { name: 'Evented SARL' });
    const listed = await scene.run('events.list', { limit: 1 });
    const [event] = listed.data as { id: string }[];
    if (!event) throw new Error('no event after a company creation');
    return event.id;
  },
  // An invitation: an owner's invite.
  invitations: async (scene) => {
    const invited = await scene.run('members.invite', {
      email: `record.${scene.unique()}@example.test`,
      role: 'stock',
    });
    return (invited.data as { id: string }).id;
  },
  // A supplier invoice: received (from the platform) by core, not created by a procedure.
  supplierInvoices: (scene) =>
    scene.receiveSupplierInvoice(ublInvoice({ number: `COMMON-${scene.unique()}` })),
};

export interface RestRoute {
  method: string;
  /** The path under /api/v1, with `{id}` style parameters. */
  path: string;
  /** trpc-to-openapi's operationId: the procedure's path with `-` for `.`. */
  operationId: string;
  /** Its success statuses (meta `successStatus`, default 200, and `alternativeSuccess`). */
  successStatuses: number[];
}

export interface Operation {
  /** The procedure's path, `quotes.update`. */
  procedure: string;
  router: string;
  type: 'query' | 'mutation';
  /** The scope it needs, from `scopeResource`; undefined for a router without an entry. */
  scope: Scope | undefined;
  /** What admits it: a key's scope (or a role holding it), else a procedure of people. */
  access: 'scope' | PeopleAccess;
  /** Its input has an `id`: the record it reads or changes. */
  takesId: boolean;
  /** Its input has `limit` and `offset`. */
  list: boolean;
  /** Its meta says `idempotent`: it honours an `Idempotency-Key`. */
  idempotent: boolean;
  rest: RestRoute | undefined;
  /** The label of the operation: `PATCH /quotes/{id}`, or `quotes.update` without a REST route. */
  label: string;
}

interface ProcedureDef {
  _def: { type: 'query' | 'mutation' | 'subscription'; inputs: { shape?: Record<string, unknown> }[] };
}

const procedureDefs = () => appRouter._def.procedures as unknown as Record<string, ProcedureDef>;

/** Every procedure of the app router, as the suite sees it. */
export function operationTable(): Operation[] {
  const procedures = procedureDefs();
  const metas = procedureMetas(appRouter);
  return Object.entries(procedures).map(([procedure, { _def }]) => {
    const router = procedure.split('.')[0] ?? procedure;
    const type = _def.type === 'query' ? 'query' : 'mutation';
    const shape = Object.assign({}, ...(_def.inputs ?? []).map((input) => input.shape ?? {})) as Record<
      string,
      unknown
    >;
    const resource = resourceOf(router, procedure);
    const people = procedureAccess[procedure] ?? (peopleAccess as Record<string, PeopleAccess>)[router];
    const meta = metas.get(procedure) ?? {};
    const rest: RestRoute | undefined = meta.openapi
      ? {
          method: meta.openapi.method,
          path: meta.openapi.path,
          operationId: procedure.replaceAll('.', '-'),
          successStatuses: [
            meta.successStatus ?? 200,
            ...(meta.alternativeSuccess ? [meta.alternativeSuccess.status] : []),
          ],
        }
      : undefined;
    return {
      procedure,
      router,
      type,
      scope:
        resource === undefined ? undefined : (`${type === 'query' ? 'read' : 'write'}:${resource}` as Scope),
      access: people ?? 'scope',
      takesId: 'id' in shape,
      list: 'limit' in shape && 'offset' in shape,
      idempotent: meta.idempotent === true,
      rest,
      label: rest ? `${rest.method} ${rest.path}` : procedure,
    };
  });
}

/** Whether the suite knows how to make a record of this router's kind. */
export function canMakeRecord(router: string, operations: Operation[]): boolean {
  return router in recordMakers || operations.some((operation) => operation.procedure === `${router}.create`);
}

/** A record of a router's kind, made in the scene. */
export async function makeRecord(scene: Scene, router: string): Promise<string> {
  const maker = recordMakers[router];
  if (maker) return maker(scene);
  const procedure = `${router}.create`;
  const output = await scene.run(procedure, (await validInputs[procedure]?.(scene)) ?? {});
  return (output.data as { id: string }).id;
}

/** A valid input for the operation in the scene: a new record's id when it takes one, and the fields it needs. */
export async function validInput(scene: Scene, operation: Operation): Promise<Input> {
  const fields = (await validInputs[operation.procedure]?.(scene)) ?? {};
  return operation.takesId ? { id: await scene.record(operation.router), ...fields } : fields;
}

/**
 * The REST request of a tRPC-shaped input, as trpc-to-openapi maps it: path parameters from
 * the input, the rest in the query string (GET, DELETE) or the JSON body (others; none when empty).
 */
export function restRequest(route: RestRoute, input: Input): { path: string; json?: Input } {
  const rest = { ...input };
  const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = rest[name];
    delete rest[name];
    return String(value);
  });
  if (route.method === 'GET' || route.method === 'DELETE') {
    const query = new URLSearchParams(
      Object.entries(rest).map(([key, value]): [string, string] => [key, String(value)]),
    );
    return { path: query.size > 0 ? `${path}?${query}` : path };
  }
  return Object.keys(rest).length > 0 ? { path, json: rest } : { path };
}

let sequence = 0;

/** Whether a procedure is one of people's (an owner's session calls it), not a key's. */
const ofPeople = (procedure: string) =>
  procedure in procedureAccess || (procedure.split('.')[0] ?? '') in peopleAccess;

/**
 * A scene on a workspace: its records are made through the API (tRPC) with its key, or its
 * owner's session for the procedures of people.
 */
export function createScene(api: TestApi, workspace: Workspace): Scene {
  let owner: Promise<Record<string, string>> | undefined;
  const scene: Scene = {
    workspaceId: workspace.workspaceId,
    headers: workspace.headers,
    ownerHeaders() {
      owner ??= api.make
        .member(workspace.workspaceId, 'owner')
        .then((created) => signIn(api, created.user.email))
        .then((cookie) => sessionHeaders(cookie, workspace.workspaceId));
      return owner;
    },
    member: async (role) => (await api.make.member(workspace.workspaceId, role)).user.id,
    async run(procedure, input) {
      const type = procedureDefs()[procedure]?._def.type === 'query' ? 'query' : 'mutation';
      const answer = await callTrpc<{ result: { data: { data: unknown } } }>(
        api,
        procedure,
        type,
        input,
        ofPeople(procedure) ? await scene.ownerHeaders() : workspace.headers,
      );
      if (answer.status !== 200)
        throw new Error(`${procedure}: ${answer.status} ${JSON.stringify(answer.body)}`);
      return answer.body.result.data;
    },
    record: (router) => makeRecord(scene, router),
    unique: () => ++sequence,
    async receiveSupplierInvoice(file) {
      const flowId = `common-flow-${++sequence}`;
      const received = await receiveSupplierInvoice(api.db.orm.em.fork(), workspace.workspaceId, {
        flowId,
        file,
        fileName: `${flowId}.xml`,
      });
      return received.id;
    },
  };
  return scene;
}
