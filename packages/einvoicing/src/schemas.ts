import { z } from 'zod';

// The shapes of the AFNOR XP Z12-013 Flow Service, Annex A, version 1.2.0 (see docs/einvoicing.md).
// Objects are not strict: a platform may add fields, and a newer version of the standard will.

export const flowSyntaxes = ['CII', 'UBL', 'Factur-X', 'CDAR', 'FRR'] as const;
export const flowSyntaxSchema = z.enum(flowSyntaxes);
export type FlowSyntax = z.infer<typeof flowSyntaxSchema>;

export const flowProfiles = ['Basic', 'CIUS', 'Extended-CTC-FR'] as const;
export const flowProfileSchema = z.enum(flowProfiles);
export type FlowProfile = z.infer<typeof flowProfileSchema>;

export const processingRules = [
  'B2B',
  'B2BInt',
  'B2C',
  'B2G',
  'B2GInt',
  'OutOfScope',
  'B2GOutOfScope',
  'ArchiveOnly',
  'NotApplicable',
] as const;
export const processingRuleSchema = z.enum(processingRules);
export type ProcessingRule = z.infer<typeof processingRuleSchema>;

export const flowDirectionSchema = z.enum(['In', 'Out']);
export type FlowDirection = z.infer<typeof flowDirectionSchema>;

export const flowAckStatusSchema = z.enum(['Pending', 'Ok', 'Error']);
export type FlowAckStatus = z.infer<typeof flowAckStatusSchema>;

export const docTypes = ['Metadata', 'Original', 'Converted', 'ReadableView'] as const;
export type DocType = (typeof docTypes)[number];

// A string rather than the enum: the standard lists known flow types but platforms may add their own,
// and an unknown one must not make a whole search page unreadable.
const flowTypeSchema = z.string().min(1);

/** A flow identifier or tracking id: "NotOnlyUuid", at most 36 characters. */
export const flowIdSchema = z.string().min(1).max(36);

export const acknowledgementDetailSchema = z.object({
  level: z.enum(['Error', 'Warning']),
  item: z.string(),
  reasonCode: z.string(),
  reasonMessage: z.string(),
});
export type AcknowledgementDetail = z.infer<typeof acknowledgementDetailSchema>;

export const acknowledgementSchema = z.object({
  status: flowAckStatusSchema,
  details: z.array(acknowledgementDetailSchema).optional(),
});

/** FullFlowInfo: what `POST /v1/flows` answers. */
export const fullFlowInfoSchema = z.object({
  flowId: flowIdSchema,
  submittedAt: z.iso.datetime({ offset: true }),
  trackingId: flowIdSchema.optional(),
  name: z.string(),
  processingRule: processingRuleSchema.optional(),
  flowSyntax: flowSyntaxSchema,
  flowProfile: flowProfileSchema.optional(),
  sha256: z.string().optional(),
});
export type FullFlowInfo = z.infer<typeof fullFlowInfoSchema>;

/** Flow: a flow's metadata (`GET /v1/flows/{id}?docType=Metadata`, search results, webhook bodies). */
export const flowSchema = z.object({
  flowId: flowIdSchema,
  submittedAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
  trackingId: flowIdSchema.optional(),
  name: z.string(),
  processingRule: processingRuleSchema.optional(),
  processingRuleSource: z.enum(['Input', 'Computed']).optional(),
  flowSyntax: flowSyntaxSchema,
  flowProfile: flowProfileSchema.optional(),
  flowType: flowTypeSchema,
  flowDirection: flowDirectionSchema,
  acknowledgement: acknowledgementSchema,
});
export type Flow = z.infer<typeof flowSchema>;

/** SearchFlowContent: what `POST /v1/flows/search` answers. */
export const searchFlowContentSchema = z.object({
  limit: z.number().int().optional(),
  results: z.array(flowSchema).default([]),
});

/** The Error schema of every 4xx/5xx answer. */
export const platformErrorBodySchema = z.object({
  errorCode: z.string(),
  errorMessage: z.string().nullish(),
});

export const tokenResponseSchema = z.object({
  access_token: z.string().min(1),
  token_type: z.string(),
  expires_in: z.number().positive().optional(),
});
