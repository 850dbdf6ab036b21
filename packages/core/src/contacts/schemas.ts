import { z } from 'zod';
import { bodyObject } from '../bodies/index.ts';
import { companyRefSchema, identifierChecksShape } from '../companies/schemas.ts';
import { pageQueryShape } from '../paging/index.ts';
import { requiredText } from '../text/index.ts';

export const contactSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    phone: z.string().nullable(),
    createdAt: z.iso.datetime(),
    company: companyRefSchema.nullable(),
  })
  .meta({ id: 'Contact' });
export type ContactView = z.infer<typeof contactSchema>;

export const contactCompanySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    address: z.string().nullable(),
    phone: z.string().nullable(),
    siret: z.string().nullable(),
    vatNumber: z.string().nullable(),
    ...identifierChecksShape,
    isSupplier: z.boolean(),
  })
  .meta({ id: 'ContactCompany' });

export const contactDetailSchema = contactSchema
  .extend({ company: contactCompanySchema.nullable() })
  .meta({ id: 'ContactDetail' });
export type ContactDetailView = z.infer<typeof contactDetailSchema>;

export const contactCreateSchema = bodyObject({
  name: requiredText(200),
  email: z.email({ error: 'email must be an e-mail address' }).max(200),
  phone: requiredText(32).optional(),
  companyId: z.string().min(1).max(64).optional().meta({ description: 'Company of the contact (cmp_…).' }),
}).meta({ id: 'ContactCreate' });
export type ContactCreate = z.input<typeof contactCreateSchema>;

/** Every create field, optional; null clears `phone` and detaches the company. */
export const contactUpdateSchema = bodyObject({
  name: contactCreateSchema.shape.name,
  email: contactCreateSchema.shape.email,
  phone: requiredText(32).nullable(),
  companyId: z
    .string()
    .min(1)
    .max(64)
    .nullable()
    .meta({ description: 'Company of the contact (cmp_…); null detaches it.' }),
})
  .partial()
  .meta({ id: 'ContactUpdate' });
export type ContactUpdate = z.input<typeof contactUpdateSchema>;
export type ContactUpdateData = z.output<typeof contactUpdateSchema>;

export const contactListQuerySchema = z.object({
  ...pageQueryShape,
  companyId: z.string().min(1).max(64).optional().meta({
    description:
      'Contacts of this company (`cmp_…`); with `q`, those of its contacts that match. A company the workspace does not have gives an empty list.',
  }),
  q: z
    .string()
    .max(200)
    .optional()
    .meta({ description: 'Case- and accent-insensitive substring of the name, e-mail or company name.' }),
});
export type ContactListQuery = z.output<typeof contactListQuerySchema>;
