export type {
  AuthedContext,
  Context,
  RequestInfo,
  RequestLogger,
  ServerDependencies,
} from './context.ts';
export { createContext } from './context.ts';
export { listEnvelope, listEnvelopeSchema, recordEnvelopeSchema } from './envelopes.ts';
export {
  type ContractErrorCode,
  type ErrorEnvelope,
  errorEnvelope,
  errorStatus,
  internalErrorEnvelope,
  type ResolvedError,
  resolveError,
  statusOf,
  transportError,
} from './errors.ts';
export { createCallerFactory, type ProcedureMeta } from './init.ts';
export { type Admitted, createKeyAdmission, type KeyAdmission } from './key-admission.ts';
export {
  announceKeyRevocation,
  createRedisKeyGate,
  defaultGateKeyPrefix,
  type GateAnswer,
  type KeyGate,
  type RateLimitDecision,
} from './key-gate.ts';
export { procedureMetas } from './meta.ts';
export { buildOpenApiDocument } from './openapi.ts';
export { createRestHandler, type RestRequest, type RestResponse } from './rest.ts';
export { type AppRouter, appRouter } from './routers/index.ts';
