// The helpers HTTP tests share: the contract's envelopes, matchers, records and tRPC calls.
// Starting the API is harness.ts's; the common route tests' operation table is operations.ts.
export {
  type Answer,
  type ApiError,
  answerOf,
  bearer,
  callApi,
  createOk,
  type ErrorBody,
  type ErrorDetail,
  expectError,
  expectInvalidBody,
  expectInvalidRequest,
  getOk,
  type ListBody,
  type Pagination,
} from './http.ts';
export { idOf, isoDateTime, unknownId } from './matchers.ts';
export { cookieOf, type Member, memberSession, sessionHeaders, signIn, signInRequest } from './people.ts';
export {
  databaseFingerprint,
  eventsAbout,
  eventsOfWorkspace,
  freshWorkspace,
  type RecordedEvent,
  sellerWorkspace,
  type Workspace,
} from './records.ts';
export { callTrpc, expectTrpcError, type TrpcErrorBody, trpcErrorOf } from './trpc.ts';
