import { opportunityStatuses } from '@comptoir/db/enums';
import { z } from 'zod';
import { bodyObject } from '../bodies/index.ts';
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

export const opportunityCreateSchema = bodyObject({
  title: requiredText(200),
  amount: atMostStoredDecimals(z.number().min(0).max(1e12)).optional(),
  contactId: z.string().min(1).max(64).optional(),
  companyId: z.string().min(1).max(64).optional(),
  status: opportunityStatusSchema.optional(),
}).meta({ id: 'OpportunityCreate' });
export type OpportunityCreate = z.input<typeof opportunityCreateSchema>;

export const opportunityPriorities = ['low', 'normal', 'high', 'urgent'] as const;

const instant = z.iso.datetime({
  offset: true,
  error: 'an ISO 8601 date-time, such as 2026-11-21T09:00:00Z',
});

/** Every field optional; null clears the nullable ones (`contactId` / `companyId` null detaches). */
export const opportunityUpdateSchema = bodyObject({
  title: requiredText(200),
  amount: atMostStoredDecimals(z.number().min(0).max(1e12)).nullable(),
  status: opportunityStatusSchema.meta({
    description: 'Entering WON sets `wonAt`, leaving it clears it.',
  }),
  priority: z.enum(opportunityPriorities).nullable(),
  contactId: z.string().min(1).max(64).nullable(),
  companyId: z.string().min(1).max(64).nullable(),
  lastContactAt: instant.nullable(),
  nextFollowUpAt: instant.nullable(),
})
  .partial()
  .meta({ id: 'OpportunityUpdate' });
export type OpportunityUpdate = z.input<typeof opportunityUpdateSchema>;
export type OpportunityUpdateData = z.output<typeof opportunityUpdateSchema>;

export const opportunityListQuerySchema = z.object({
  ...pageQueryShape,
  status: opportunityStatusSchema.optional(),
});
export type OpportunityListQuery = z.output<typeof opportunityListQuerySchema>;
