import { z } from 'zod';
import { bodyObject } from '../bodies/index.ts';
import { pageQueryShape } from '../paging/index.ts';
import { requiredText } from '../text/index.ts';
import { normalizeSiret, normalizeVatNumber } from './identifiers.ts';

/** The identifier checks a Company read reports (rulings: reported, not enforced). */
export const identifierChecksShape = {
  siretValid: z
    .boolean()
    .nullable()
    .meta({ description: 'Whether siret is 14 digits with a valid checksum; null without a siret.' }),
  vatNumberValid: z.boolean().nullable().meta({
    description:
      "Whether a French VAT number's key matches its SIREN; null without one or for a non-French number.",
  }),
};

export const companySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    siret: z.string().nullable(),
    vatNumber: z.string().nullable(),
    address: z.string().nullable(),
    phone: z.string().nullable(),
    ...identifierChecksShape,
    isSupplier: z.boolean(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'Company' });
export type CompanyView = z.infer<typeof companySchema>;

export const companyRefSchema = z.object({ id: z.string(), name: z.string() }).meta({ id: 'CompanyRef' });
export type CompanyRef = z.infer<typeof companyRefSchema>;

const siret = z.string().max(32).transform(normalizeSiret);
const siretDescription =
  'SIRET, stored without spaces. Any text is accepted; reads report the checksum in siretValid.';
const vatNumber = z.string().max(32).transform(normalizeVatNumber);
const vatNumberDescription =
  'VAT number; a French one (FR…) is stored without spaces in upper case. Any text is accepted; reads report the French key check in vatNumberValid.';
const address = z.string().max(1000);

export const companyCreateSchema = bodyObject({
  name: requiredText(200),
  siret: siret.optional().meta({ description: siretDescription }),
  vatNumber: vatNumber.optional().meta({ description: vatNumberDescription }),
  address: address.optional(),
}).meta({ id: 'CompanyCreate' });
export type CompanyCreate = z.input<typeof companyCreateSchema>;

/** Every create field, optional; null clears the optional ones. */
export const companyUpdateSchema = bodyObject({
  name: requiredText(200),
  siret: siret.nullable().meta({ description: `${siretDescription} Null clears it.` }),
  vatNumber: vatNumber.nullable().meta({ description: `${vatNumberDescription} Null clears it.` }),
  address: address.nullable(),
})
  .partial()
  .meta({ id: 'CompanyUpdate' });
export type CompanyUpdate = z.input<typeof companyUpdateSchema>;
export type CompanyUpdateData = z.output<typeof companyUpdateSchema>;

export const companyListQuerySchema = z.object({
  ...pageQueryShape,
  q: z.string().max(200).optional().meta({
    description:
      'Case- and accent-insensitive substring of the name, SIRET or VAT number; an identifier also matches when typed with spaces ("732 829 320 00074"), and a VAT number stored with spaces also without them ("BE0123456789").',
  }),
});
export type CompanyListQuery = z.output<typeof companyListQuerySchema>;
