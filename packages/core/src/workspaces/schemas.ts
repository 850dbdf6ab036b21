import { z } from 'zod';
import { bodyObject } from '../bodies/index.ts';
import { atMostStoredDecimals, decimalPlacesOf } from '../decimals/index.ts';
import { compactBankIdentifier, isValidBic, isValidIban } from '../identifiers/bank.ts';
import { isValidSiret } from '../identifiers/french.ts';
import {
  countryCodeSchema,
  identifier,
  sirenSchema,
  vatNumberSchema,
  withoutSpaces,
} from '../identifiers/schemas.ts';
import { requiredText } from '../text/index.ts';

export const negativeStockPolicies = ['block', 'allow'] as const;
export type NegativeStockPolicy = (typeof negativeStockPolicies)[number];

const negativeStockSchema = z.enum(negativeStockPolicies).meta({
  description: '`block` refuses a stock change that would take a product below zero; `allow` lets it.',
});

export const workspaceCreateSchema = bodyObject({
  name: requiredText(200),
  negativeStock: negativeStockSchema.default('block'),
});
export type WorkspaceCreate = z.input<typeof workspaceCreateSchema>;

export const workspaceAddressSchema = bodyObject({
  lines: z.array(requiredText(200)).min(1).max(3).meta({ description: 'Street lines, 1 to 3.' }),
  postalCode: requiredText(20),
  city: requiredText(100),
  countryCode: countryCodeSchema('countryCode'),
}).meta({ id: 'WorkspaceAddress' });

export const workspaceSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    negativeStock: negativeStockSchema,
    legalName: z.string().nullable(),
    legalForm: z.string().nullable().meta({ description: 'SAS, SARL, EI, …' }),
    shareCapital: z.number().nullable().meta({ description: 'In euros.' }),
    rcsCity: z.string().nullable().meta({ description: 'The city of the trade register (RCS).' }),
    siren: z.string().nullable(),
    siret: z.string().nullable(),
    vatNumber: z.string().nullable(),
    address: workspaceAddressSchema.nullable(),
    iban: z.string().nullable(),
    bic: z.string().nullable(),
    paymentTermsDays: z.number().int(),
    latePenaltyRate: z.number().nullable().meta({ description: 'Late payment penalty, percent per year.' }),
    vatOnDebits: z.boolean().meta({ description: 'VAT is due on invoicing rather than on payment.' }),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'Workspace' });
export type WorkspaceView = z.infer<typeof workspaceSchema>;

/** Money stored as NUMERIC(18, 2). */
const cents = z
  .number()
  .min(0)
  .max(1e15)
  .refine((value) => decimalPlacesOf(value) <= 2, { error: 'at most 2 decimal places' });

export const workspaceUpdateSchema = bodyObject({
  name: requiredText(200),
  negativeStock: negativeStockSchema,
  legalName: requiredText(200).nullable(),
  legalForm: requiredText(100).nullable(),
  shareCapital: cents.nullable(),
  rcsCity: requiredText(100).nullable(),
  siren: sirenSchema('siren').nullable(),
  siret: identifier(
    'siret',
    withoutSpaces,
    isValidSiret,
    '14 digits with a valid checksum, starting with the SIREN',
  ).nullable(),
  vatNumber: vatNumberSchema('vatNumber').nullable(),
  address: workspaceAddressSchema.nullable(),
  iban: identifier(
    'iban',
    compactBankIdentifier,
    isValidIban,
    'an IBAN with valid check digits (ISO 13616)',
  ).nullable(),
  bic: identifier(
    'bic',
    compactBankIdentifier,
    isValidBic,
    'a BIC of 8 or 11 characters (ISO 9362)',
  ).nullable(),
  paymentTermsDays: z.number().int().min(0).max(365),
  latePenaltyRate: atMostStoredDecimals(z.number().min(0).max(100)).nullable(),
  vatOnDebits: z.boolean(),
})
  .partial()
  .meta({ id: 'WorkspaceUpdate', description: 'The fields to change; null clears a nullable one.' });
export type WorkspaceUpdate = z.input<typeof workspaceUpdateSchema>;
export type WorkspacePatch = z.output<typeof workspaceUpdateSchema>;
