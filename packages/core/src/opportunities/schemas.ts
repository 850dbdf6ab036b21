import { opportunityStatuses } from '@comptoir/db';
import { z } from 'zod';
import { companyRefSchema } from '../companies/schemas.ts';
import { atMostStoredDecimals } from '../decimals/index.ts';
import { pageQueryShape } from '../paging/index.ts';
import { requiredText } from '../text/index.ts';

export const opportunityStatusSchema = z.enum(opportunityStatuses).meta({ id: 'OpportunityStatus' });

export const opportunitySchema = z
  .object({
    id: z.string(),
    title: z.string(),
    status: opportunityStatusSchema,
    amount: z.number().nullable(),
    priority: z.string().nullable(),
    contactEmail: z.string().nullable(),
    companyId: z.string().nullable(),
    company: companyRefSchema.nullable(),
    lastContactAt: z.iso.datetime().nullable(),
    nextFollowUpAt: z.iso.datetime().nullable(),
    wonAt: z.iso.datetime().nullable(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'Opportunity' });
export type OpportunityView = z.infer<typeof opportunitySchema>;

export const opportunityDetailSchema = opportunitySchema
  .extend({ quoteSentAt: z.iso.datetime().nullable() })
  .meta({ id: 'OpportunityDetail' });
export type OpportunityDetailView = z.infer<typeof opportunityDetailSchema>;

export const opportunityCreateSchema = z
  .object({
    title: requiredText(200),
    amount: atMostStoredDecimals(z.number().min(0).max(1e12)).optional(),
    contactId: z.string().min(1).max(64).optional(),
    companyId: z.string().min(1).max(64).optional(),
    status: opportunityStatusSchema.optional(),
  })
  .meta({ id: 'OpportunityCreate' });
export type OpportunityCreate = z.input<typeof opportunityCreateSchema>;

export const opportunityListQuerySchema = z.object({
  ...pageQueryShape,
  status: opportunityStatusSchema.optional(),
});
export type OpportunityListQuery = z.output<typeof opportunityListQuerySchema>;
