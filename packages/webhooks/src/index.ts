export { isAllowedScheme, isForbiddenAddress, urlTargetRefusal } from './address.ts';
export {
  type ConnectionLease,
  WebhookConnections,
  type WebhookConnectionsOptions,
} from './connections.ts';
export { defaultRetrySchedule, parseRetrySchedule, retryAfterDelay, retryDelay } from './schedule.ts';
export {
  type HostnameLookup,
  type ResolvedAddress,
  responseBodyLimitBytes,
  type SendResult,
  sendWebhook,
  type WebhookRequest,
} from './sender.ts';
export {
  generateSecret,
  type SignedMessage,
  signPayload,
  type WebhookHeaders,
  webhookHeaders,
} from './signing.ts';
