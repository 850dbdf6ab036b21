export { type InvoiceReference, pdfAttachments, readInvoiceReference } from './invoice.ts';
export type { FlowResource, FlowSyntax } from './protocol.ts';
export { ruleSetValidator } from './rule-set-validator.ts';
export {
  type FailNextOptions,
  type IncomingFlowInput,
  type LocalFlow,
  type LocalPlatform,
  type LocalPlatformOptions,
  type StatusReport,
  startLocalPlatform,
} from './server.ts';
export type { RecordedStatus } from './store.ts';
export {
  type DocumentValidator,
  type FailedRule,
  structuralValidator,
  type ValidationResult,
} from './validators.ts';
export type { WebhookDelivery } from './webhooks.ts';
