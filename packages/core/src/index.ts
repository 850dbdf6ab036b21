// The domain's public surface, listed name by name: nothing leaks by accident, and a name
// that is no longer imported anywhere shows here.

export { batched, batchedByKey } from './batching/batched.ts';
export { bodyObject } from './bodies/index.ts';
export { createCompany } from './companies/create.ts';
export { getCompany } from './companies/get.ts';
export { listCompanies } from './companies/list.ts';
export {
  companyCreateSchema,
  companyListQuerySchema,
  companySchema,
  companyUpdateSchema,
} from './companies/schemas.ts';
export { updateCompany } from './companies/update.ts';
export { createContact } from './contacts/create.ts';
export { getContact } from './contacts/get.ts';
export { listContacts } from './contacts/list.ts';
export {
  contactCreateSchema,
  contactDetailSchema,
  contactListQuerySchema,
  contactSchema,
  contactUpdateSchema,
} from './contacts/schemas.ts';
export { updateContact } from './contacts/update.ts';
export { dashboardFollowUps } from './dashboard/follow-ups.ts';
export { dashboardLowStock } from './dashboard/low-stock.ts';
export { dashboardQuotesAwaiting } from './dashboard/quotes-awaiting.ts';
export { dashboardReceivables } from './dashboard/receivables.ts';
export {
  type FollowUpsView,
  followUpsSchema,
  type LowStockView,
  lowStockSchema,
  type QuotesAwaitingView,
  quotesAwaitingSchema,
  type ReceivablesView,
  type RevenueMonth,
  receivablesSchema,
  revenueMonthSchema,
} from './dashboard/schemas.ts';
export { findDemoWorkspaceId } from './demo/find.ts';
export { type DemoSeed, type DemoSeedOptions, demoOwnerEmail, seedDemoWorkspace } from './demo/seed.ts';
export { getInvoiceDocument } from './documents/get-invoice-document.ts';
export { getQuoteDocument } from './documents/get-quote-document.ts';
export { invoiceModel, quoteModel } from './documents/model.ts';
export type { RenderDocument } from './documents/render.ts';
export {
  type DocumentFile,
  type DocumentFormat,
  type DocumentStorage,
  postgresDocumentStorage,
  type StoredDocument,
  sha256Of,
} from './documents/storage.ts';
export { advanceEinvoice } from './einvoicing/advance.ts';
export { deleteConnection } from './einvoicing/delete-connection.ts';
export { einvoiceHistory } from './einvoicing/einvoice-history.ts';
export { getConnection } from './einvoicing/get-connection.ts';
export { applyPlatformFlow, pollPlatform, receivePlatformWebhook } from './einvoicing/ingest.ts';
export { retryDelayMs } from './einvoicing/leases.ts';
export { type OwedPlatformStatus, owePlatformStatus } from './einvoicing/owed-statuses.ts';
export { platformClient } from './einvoicing/platform.ts';
export {
  type ConnectionSet,
  type ConnectionView,
  connectionSchema,
  connectionSetSchema,
  connectionTestSchema,
  type EinvoiceHistoryEntry,
  type EinvoiceView,
  einvoiceHistoryEntrySchema,
  einvoiceSchema,
} from './einvoicing/schemas.ts';
export { type ClaimedStatus, claimOwedStatuses, sendOwedStatus } from './einvoicing/send-status.ts';
export { setConnection } from './einvoicing/set-connection.ts';
export { connectedWorkspaces } from './einvoicing/store.ts';
export {
  type ClaimedSubmission,
  claimDueSubmissions,
  type SubmissionOutcome,
  submitDocument,
} from './einvoicing/submit.ts';
export { sweepUnsubmitted } from './einvoicing/sweep.ts';
export { testConnection } from './einvoicing/test-connection.ts';
export { AppError, detailsFromIssues, type ErrorCode, type ErrorDetail, isAppError } from './errors/index.ts';
export { eventCatalog } from './event-types/catalog.ts';
export { listEventTypes } from './event-types/list.ts';
export { type EventTypeView, eventTypeSchema } from './event-types/schemas.ts';
export { type Actor, actingAs } from './events/actor.ts';
export { getEvent } from './events/get.ts';
export { listEvents } from './events/list.ts';
export { recordEvent, recordEvents } from './events/record.ts';
export {
  type EventType,
  eventListQuerySchema,
  eventSchema,
  eventTypes,
  type NewEvent,
} from './events/schemas.ts';
export { outboxBacklog } from './events/store.ts';
export { claimIdempotencyKey, takenKeyReplay } from './idempotency/claim.ts';
export { deleteExpiredIdempotencyKeys } from './idempotency/delete-expired.ts';
export {
  checkIdempotencyKey,
  IdempotencyKeyTaken,
  type IdempotencyScope,
  idempotencyKeyLength,
  idempotencyRetentionHours,
  idempotencyWaitSeconds,
  type KeyedWrite,
  requestFingerprint,
} from './idempotency/policy.ts';
export { storeIdempotentResult } from './idempotency/save-result.ts';
export { cancelInvoice } from './invoices/cancel.ts';
export { createInvoice } from './invoices/create.ts';
export { getInvoice } from './invoices/get.ts';
export { listInvoices } from './invoices/list.ts';
export { markOverdueInvoices, type OverdueSweepOptions } from './invoices/mark-overdue.ts';
export { recordInvoicePayment } from './invoices/record-payment.ts';
export {
  invoiceCreateSchema,
  invoiceDetailSchema,
  invoiceListQuerySchema,
  invoiceSchema,
  invoiceSendSchema,
  invoiceUpdateSchema,
  paymentCreateSchema,
} from './invoices/schemas.ts';
export { sendInvoice } from './invoices/send.ts';
export { invoiceTimeline } from './invoices/timeline.ts';
export { updateInvoice } from './invoices/update.ts';
export {
  authenticate,
  type KeyPrincipal,
  noteKeyUse,
  type PresentedKey,
  presentedKey,
  refuseIfExpired,
  type VerifiedKey,
  verifyKey,
} from './keys/authenticate.ts';
export { createKey, issueWorkspaceKey } from './keys/create.ts';
export { generateKey, keyPrefix } from './keys/format.ts';
export { listKeys } from './keys/list.ts';
export { revokeKey, revokeWorkspaceKey } from './keys/revoke.ts';
export {
  type CreatedKey,
  createdKeySchema,
  type KeyCreate,
  keyRevokeSchema,
  keySummarySchema,
  revokedKeySchema,
  workspaceKeyCreateSchema,
} from './keys/schemas.ts';
export { isScope, requireScope, type Scope, scopeSchema, scopes } from './keys/scopes.ts';
export { createOpportunity } from './opportunities/create.ts';
export { getOpportunity } from './opportunities/get.ts';
export { listOpportunities } from './opportunities/list.ts';
export {
  opportunityCreateSchema,
  opportunityDetailSchema,
  opportunityListQuerySchema,
  opportunitySchema,
  opportunityUpdateSchema,
} from './opportunities/schemas.ts';
export { updateOpportunity } from './opportunities/update.ts';
export { type ListPage, pageQueryShape } from './paging/index.ts';
export { acceptInvitation } from './people/accept-invitation.ts';
export { memberPrincipal } from './people/admit-member.ts';
export {
  authBasePath,
  authCookiePrefix,
  createPeopleAuth,
  type PasswordResetMessage,
  type PeopleAuth,
  type PeopleAuthOptions,
  passwordResetSeconds,
  type SessionUser,
  sessionOf,
} from './people/auth.ts';
export { changeMemberRole } from './people/change-role.ts';
export { createUser } from './people/create-user.ts';
export { invitationValidDays, inviteMember } from './people/invite.ts';
export { listInvitations, listMembers } from './people/list-members.ts';
export { getMe } from './people/me.ts';
export { type Principal, requirePermission } from './people/principal.ts';
export { removeMember } from './people/remove-member.ts';
export { revokeInvitation } from './people/revoke-invitation.ts';
export {
  keyPermissions,
  type Permission,
  permissions,
  permissionsOfRole,
  type Role,
  roleOnlyPermissions,
  rolePermissions,
  roleSchema,
  roles,
} from './people/roles.ts';
export {
  acceptedInvitationSchema,
  acceptInvitationSchema,
  type CreatedUser,
  changeRoleSchema,
  createdInvitationSchema,
  invitationSchema,
  inviteSchema,
  type MemberView,
  type MeView,
  memberSchema,
  meSchema,
  passwordLength,
  removeMemberSchema,
  revokeInvitationSchema,
  type UserCreate,
} from './people/schemas.ts';
export { archiveProduct } from './products/archive.ts';
export { createProduct } from './products/create.ts';
export { getProduct } from './products/get.ts';
export { importProducts } from './products/import.ts';
export { listProducts } from './products/list.ts';
export { restoreProduct } from './products/restore.ts';
export {
  type ProductCreate,
  type ProductListQuery,
  type ProductView,
  productCreateSchema,
  productListQuerySchema,
  productSchema,
  productUpdateSchema,
} from './products/schemas.ts';
export { stockStateOf } from './products/state.ts';
export { updateProduct } from './products/update.ts';
export { acceptQuote } from './quotes/accept.ts';
export { archiveQuote } from './quotes/archive.ts';
export { convertQuoteToInvoice } from './quotes/convert-to-invoice.ts';
export { createQuote } from './quotes/create.ts';
export { deleteQuote } from './quotes/delete.ts';
export { expireQuotes, type QuoteExpiryOptions } from './quotes/expire.ts';
export { getQuote } from './quotes/get.ts';
export { listQuotes } from './quotes/list.ts';
export { rejectQuote } from './quotes/reject.ts';
export { requestQuoteSignature } from './quotes/request-signature.ts';
export {
  quoteAcceptSchema,
  quoteCreateSchema,
  quoteDetailSchema,
  quoteListQuerySchema,
  quoteSchema,
  quoteSentSchema,
  quoteUpdateSchema,
} from './quotes/schemas.ts';
export { sendQuote } from './quotes/send.ts';
export { quoteTimeline } from './quotes/timeline.ts';
export { updateQuote } from './quotes/update.ts';
export { adjustStock } from './stock/adjust.ts';
export { applyStockMovements } from './stock/apply.ts';
export { applyStockChanges } from './stock/engine.ts';
export { listLedger } from './stock/list.ts';
export {
  adjustResultSchema,
  ledgerEntrySchema,
  ledgerQuerySchema,
  productAdjustSchema,
  stockMovementsRequestSchema,
  stockMovementsResultSchema,
} from './stock/schemas.ts';
export { approveSupplierInvoice } from './supplier-invoices/approve.ts';
export { getSupplierInvoice } from './supplier-invoices/get.ts';
export { listSupplierInvoices } from './supplier-invoices/list.ts';
export { getSupplierInvoiceOriginal } from './supplier-invoices/original.ts';
export { receiveSupplierInvoice, type SupplierInvoiceReader } from './supplier-invoices/receive.ts';
export { receiveSupplierInvoiceStock } from './supplier-invoices/receive-stock.ts';
export { recordSupplierInvoicePayment } from './supplier-invoices/record-payment.ts';
export { refuseSupplierInvoice } from './supplier-invoices/refuse.ts';
export {
  type StockReceptionView,
  type SupplierInvoiceDetailView,
  type SupplierInvoiceReceipt,
  type SupplierInvoiceView,
  stockReceptionSchema,
  supplierInvoiceDetailSchema,
  supplierInvoiceListQuerySchema,
  supplierInvoiceRefuseSchema,
  supplierInvoiceSchema,
} from './supplier-invoices/schemas.ts';
export { unstorableText } from './text/index.ts';
export { abandonDelivery, recordSuccesses } from './webhooks/attempt-store.ts';
export {
  claimDeliveryAttempt,
  claimDeliveryAttempts,
  claimDueAttempts,
  type EndpointRoom,
} from './webhooks/claim-store.ts';
export { createEndpoint } from './webhooks/create.ts';
export { deleteEndpoint } from './webhooks/delete.ts';
export {
  type AttemptOutcome,
  type ClaimedDelivery,
  type DeliveryJob,
  deliveryJobId,
  deliveryQueue,
  type MadeAttempt,
} from './webhooks/delivery.ts';
export {
  deliveryBacklog,
  dueDeliveries,
  markEnqueued,
  relayEvents,
  staleDeliveries,
} from './webhooks/delivery-store.ts';
export { getEndpoint } from './webhooks/get.ts';
export { listEndpoints } from './webhooks/list.ts';
export { listDeliveryAttempts } from './webhooks/list-deliveries.ts';
export { recordDeliveryAttempt } from './webhooks/record-attempt.ts';
export { redeliverEvent } from './webhooks/redeliver.ts';
export { reencryptSigningSecrets } from './webhooks/reencrypt-secrets.ts';
export { rotateEndpointSecret } from './webhooks/rotate-secret.ts';
export {
  allEvents,
  deliveryAttemptSchema,
  type EndpointCreate,
  type EndpointView,
  endpointCreateSchema,
  endpointListQuerySchema,
  endpointSchema,
  endpointUpdateSchema,
  endpointWithSecretSchema,
  redeliverSchema,
  redeliveryResultSchema,
} from './webhooks/schemas.ts';
export { signingSecrets, unreadableSecretsResult } from './webhooks/secrets.ts';
export type { TargetPolicy } from './webhooks/targets.ts';
export { updateEndpoint } from './webhooks/update.ts';
export { createWorkspace } from './workspaces/create.ts';
export { getWorkspace } from './workspaces/get.ts';
export {
  type NegativeStockPolicy,
  negativeStockPolicies,
  type WorkspaceUpdate,
  type WorkspaceView,
  workspaceAddressSchema,
  workspaceSchema,
  workspaceUpdateSchema,
} from './workspaces/schemas.ts';
export { updateWorkspace } from './workspaces/update.ts';
