import { z } from 'zod';
import { pageQueryShape } from '../lists/index.ts';
import {
  isFrenchVatNumber,
  isValidFrenchVatNumber,
  isValidSiret,
  normalizeSiret,
  normalizeVatNumber,
} from './identifiers.ts';

export const companySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    siret: z.string().nullable(),
    vatNumber: z.string().nullable(),
    address: z.string().nullable(),
    phone: z.string().nullable(),
    isSupplier: z.boolean(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'Company' });
export type CompanyView = z.infer<typeof companySchema>;

export const companyRefSchema = z.object({ id: z.string(), name: z.string() }).meta({ id: 'CompanyRef' });
export type CompanyRef = z.infer<typeof companyRefSchema>;

export const companyCreateSchema = z
  .object({
    name: z.string().trim().min(1).max(200),
    siret: z
      .string()
      .max(32)
      .transform(normalizeSiret)
      .refine(isValidSiret, { error: 'siret must be 14 digits with a valid checksum' })
      .optional()
      .meta({ description: 'SIRET: 14 digits (spaces ignored) with a valid checksum.' }),
    vatNumber: z
      .string()
      .max(32)
      .transform(normalizeVatNumber)
      .refine((vat) => !isFrenchVatNumber(vat) || isValidFrenchVatNumber(vat), {
        error: 'a French VAT number is FR, a 2-digit key and the 9-digit SIREN, and its key must match',
      })
      .optional()
      .meta({ description: 'VAT number; a French one (FR…) is checked against its key.' }),
    address: z.string().max(1000).optional(),
  })
  .meta({ id: 'CompanyCreate' });
export type CompanyCreate = z.input<typeof companyCreateSchema>;

export const companyListQuerySchema = z.object({
  ...pageQueryShape,
  q: z
    .string()
    .max(200)
    .optional()
    .meta({ description: 'Case- and accent-insensitive substring of the name, SIRET or VAT number.' }),
});
export type CompanyListQuery = z.output<typeof companyListQuerySchema>;
