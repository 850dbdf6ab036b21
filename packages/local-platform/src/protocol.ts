import { z } from 'zod';

// The AFNOR XP Z12-013 Flow Service, Annex A 1.2.0, as this platform speaks it. Written apart from
// @comptoir/einvoicing on purpose: the client is tested against a server that does not share its code,
// so a misreading of the standard in one shows up as a failure instead of agreeing with itself.

export const flowSyntaxSchema = z.enum(['CII', 'UBL', 'Factur-X', 'CDAR', 'FRR']);
export type FlowSyntax = z.infer<typeof flowSyntaxSchema>;

const notOnlyUuid = z.string().min(1).max(36);

const processingRuleSchema = z.enum([
  'B2B',
  'B2BInt',
  'B2C',
  'B2G',
  'B2GInt',
  'OutOfScope',
  'B2GOutOfScope',
  'ArchiveOnly',
  'NotApplicable',
]);

/** FlowInfo, the JSON part of `POST /v1/flows`. */
export const flowInfoSchema = z.object({
  trackingId: notOnlyUuid.optional(),
  name: z.string().min(1).max(255),
  processingRule: processingRuleSchema.optional(),
  flowSyntax: flowSyntaxSchema,
  flowProfile: z.enum(['Basic', 'CIUS', 'Extended-CTC-FR']).optional(),
  sha256: z
    .string()
    .regex(/^[a-f0-9]{64}$/)
    .optional(),
});
export type FlowInfo = z.infer<typeof flowInfoSchema>;

const flowDirectionSchema = z.enum(['In', 'Out']);
const ackStatusSchema = z.enum(['Pending', 'Ok', 'Error']);

/** SearchFlowParams, the body of `POST /v1/flows/search`. */
export const searchParamsSchema = z.object({
  limit: z.number().int().min(1).max(100).default(25),
  where: z
    .object({
      updatedAfter: z.iso.datetime({ offset: true }).optional(),
      updatedBefore: z.iso.datetime({ offset: true }).optional(),
      processingRule: z.array(processingRuleSchema).optional(),
      flowType: z.array(z.string()).optional(),
      flowDirection: z.array(flowDirectionSchema).optional(),
      trackingId: notOnlyUuid.optional(),
      ackStatus: ackStatusSchema.optional(),
    })
    .refine((where) => Object.values(where).some((value) => value !== undefined), {
      message: 'At least one criterion is required',
    }),
});
export type SearchParams = z.infer<typeof searchParamsSchema>;

export type FlowDirection = z.infer<typeof flowDirectionSchema>;
export type AckStatus = z.infer<typeof ackStatusSchema>;

export interface AcknowledgementDetail {
  level: 'Error' | 'Warning';
  item: string;
  reasonCode: string;
  reasonMessage: string;
}

/** The Flow resource: metadata answers, search results and webhook bodies. */
export interface FlowResource {
  flowId: string;
  submittedAt: string;
  updatedAt: string;
  trackingId?: string;
  name: string;
  processingRule?: z.infer<typeof processingRuleSchema>;
  processingRuleSource: 'Input' | 'Computed';
  flowSyntax: FlowSyntax;
  flowProfile?: FlowInfo['flowProfile'];
  flowType: string;
  flowDirection: FlowDirection;
  acknowledgement: { status: AckStatus; details?: AcknowledgementDetail[] };
}

export interface ErrorBody {
  errorCode: string;
  errorMessage: string;
}
