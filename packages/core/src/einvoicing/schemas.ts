import { einvoiceSources, einvoiceStatuses, platformAuthKinds } from '@comptoir/db/enums';
import { z } from 'zod';
import { bodyObject } from '../bodies/index.ts';
import { requiredText } from '../text/index.ts';
import { einvoiceReadStatuses } from './statuses.ts';

export const einvoiceSchema = z
  .object({
    status: z.enum(einvoiceReadStatuses).meta({
      description:
        '`pending` (waiting for submission), `submitted`, then what the platform reports: `deposited` (200 Déposée), `disputed`, `approved`, `refused` (210 Refusée), `paid` (212 Encaissée), `rejected` (213 Rejetée).',
    }),
    flowId: z.string().nullable().meta({ description: 'The platform’s flow id; null until submitted.' }),
    statusAt: z.iso.datetime(),
    reason: z
      .string()
      .nullable()
      .meta({ description: 'The platform’s words, for a refusal or a rejection.' }),
  })
  .meta({
    id: 'Einvoice',
    description:
      'Where the invoice stands with the workspace’s e-invoicing platform; null when the workspace had no platform connection when it was issued.',
  });
export type EinvoiceView = z.infer<typeof einvoiceSchema>;

export const einvoiceHistoryEntrySchema = z
  .object({
    status: z.enum(einvoiceReadStatuses),
    platformStatus: z.enum(einvoiceStatuses).meta({ description: 'The reform’s own status (XP Z12-012).' }),
    platformCode: z.number().int().nullable().meta({ description: 'Its lifecycle code (200-213).' }),
    reason: z.string().nullable(),
    flowId: z.string().nullable(),
    source: z.enum(einvoiceSources),
    at: z.iso.datetime(),
  })
  .meta({ id: 'EinvoiceHistoryEntry' });
export type EinvoiceHistoryEntry = z.infer<typeof einvoiceHistoryEntrySchema>;

export const connectionSchema = z
  .object({
    configured: z.boolean(),
    baseUrl: z.string().nullable(),
    authKind: z.enum(platformAuthKinds).nullable(),
    tokenUrl: z.string().nullable(),
    clientId: z.string().nullable(),
    scope: z.string().nullable(),
    organizationId: z.string().nullable(),
    polledAt: z.iso.datetime().nullable(),
    createdAt: z.iso.datetime().nullable(),
    updatedAt: z.iso.datetime().nullable(),
  })
  .meta({
    id: 'EinvoicingConnection',
    description: 'The workspace’s approved platform. Its secrets are write-only: no read shows them.',
  });
export type ConnectionView = z.infer<typeof connectionSchema>;

const httpUrl = z
  .url({ protocol: /^https?$/, error: 'an http(s) URL' })
  .max(2048)
  .meta({ description: 'https, unless the service allows private targets (development).' });
const secretText = z.string().min(1).max(4096);

export const connectionSetSchema = bodyObject({
  baseUrl: httpUrl.meta({ description: 'The root of the platform’s Flow Service (XP Z12-013).' }),
  auth: z.discriminatedUnion('kind', [
    bodyObject({ kind: z.literal('bearer'), token: secretText }),
    bodyObject({
      kind: z.literal('oauth2'),
      tokenUrl: httpUrl,
      clientId: requiredText(200),
      clientSecret: secretText,
      scope: requiredText(500).optional(),
    }),
  ]),
  webhookSecret: z
    .string()
    .min(16, { error: 'at least 16 characters' })
    .max(4096)
    .meta({ description: 'Shared with the platform: it signs the webhooks it sends us.' }),
  organizationId: requiredText(100).optional().meta({ description: 'Sent as `Organization-Id` when set.' }),
}).meta({ id: 'EinvoicingConnectionSet' });
export type ConnectionSet = z.input<typeof connectionSetSchema>;

export const connectionTestSchema = z
  .object({
    ok: z.boolean(),
    error: z
      .object({ kind: z.string(), message: z.string() })
      .nullable()
      .meta({ description: 'Why the platform could not be reached or refused us.' }),
  })
  .meta({ id: 'EinvoicingConnectionTest' });
export type ConnectionTest = z.infer<typeof connectionTestSchema>;
