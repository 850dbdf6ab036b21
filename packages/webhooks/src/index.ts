export { isAllowedScheme, isForbiddenAddress, urlTargetRefusal } from './address.ts';
export { defaultRetrySchedule, parseRetrySchedule, retryAfterDelay, retryDelay } from './schedule.ts';
export {
  type ConnectionLease,
  type HostnameLookup,
  type ResolvedAddress,
  responseBodyLimitBytes,
  type SendResult,
  sendWebhook,
  WebhookConnections,
  type WebhookConnectionsOptions,
  type WebhookRequest,
} from './sender.ts';
export {
  generateSecret,
  type SignedMessage,
  signPayload,
  type WebhookHeaders,
  webhookHeaders,
} from './signing.ts';
