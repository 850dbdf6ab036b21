import { defineEntity, p } from '@mikro-orm/core';

// Money and quantities are NUMERIC, mapped to strings: decimal arithmetic happens in code,
// never in binary floating point (rulings: "Money and quantities never drift").

export const Workspace = defineEntity({
  name: 'Workspace',
  tableName: 'workspaces',
  properties: {
    id: p.string().primary(),
    name: p.string(),
    negativeStock: p.enum(['block', 'allow'] as const).default('block'),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});

export const ApiKey = defineEntity({
  name: 'ApiKey',
  tableName: 'api_keys',
  properties: {
    id: p.string().primary(),
    workspaceId: p.string(),
    name: p.string().nullable(),
    keyHash: p.string().unique(),
    lastCharacters: p.string(),
    scopes: p.array<string>(),
    rateLimitPerMinute: p.integer().nullable(),
    expiresAt: p.datetime().nullable(),
    revokedAt: p.datetime().nullable(),
    lastUsedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});

export const Company = defineEntity({
  name: 'Company',
  tableName: 'companies',
  properties: {
    id: p.string().primary(),
    workspaceId: p.string(),
    name: p.string(),
    siret: p.string().nullable(),
    vatNumber: p.string().nullable(),
    address: p.text().nullable(),
    phone: p.string().nullable(),
    isSupplier: p.boolean().default(false),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});

export const Product = defineEntity({
  name: 'Product',
  tableName: 'products',
  properties: {
    id: p.string().primary(),
    workspaceId: p.string(),
    name: p.string(),
    reference: p.string().nullable(),
    barcode: p.string().nullable(),
    unit: p.string().nullable(),
    unitPrice: p.decimal('string').precision(18).scale(4).default('0'),
    costPrice: p.decimal('string').precision(18).scale(4).default('0'),
    taxRate: p.decimal('string').precision(7).scale(4).default('0'),
    supplierId: p.string().nullable(),
    trackStock: p.boolean().default(false),
    stockQuantity: p.decimal('string').precision(18).scale(4).nullable(),
    stockThreshold: p.decimal('string').precision(18).scale(4).nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});

export const Contact = defineEntity({
  name: 'Contact',
  tableName: 'contacts',
  properties: {
    id: p.string().primary(),
    workspaceId: p.string(),
    name: p.string(),
    email: p.string(),
    phone: p.string().nullable(),
    companyId: p.string().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});

export const DomainEvent = defineEntity({
  name: 'DomainEvent',
  tableName: 'events',
  properties: {
    id: p.string().primary(),
    workspaceId: p.string(),
    type: p.string(),
    data: p.json<Record<string, unknown>>(),
    createdAt: p.datetime().onCreate(() => new Date()),
    publishedAt: p.datetime().nullable(),
  },
});

export const entities = [Workspace, ApiKey, Company, Contact, Product, DomainEvent];
