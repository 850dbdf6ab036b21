/**
 * Stock adjustments with an Idempotency-Key. A share of them replays an earlier adjustment that
 * answered 200 (same key, path and body): the answer must carry `Idempotent-Replayed: true` and
 * the first answer's body; a first request must not be marked as replayed.
 */
import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import type { Answer } from './http.ts';
import type { PlanContext, PlannedRequest } from './mix.ts';

/** The share of adjustments that replay an earlier one (once there is one). */
export const replayShare = 0.25;
export const replayKind = 'POST /products/{id}/adjust (replay)';
/** How many completed adjustments are kept for replays (the newest). */
const replayable = 500;

interface CompletedAdjustment {
  idempotencyKey: string;
  path: string;
  body: string;
  answer: unknown;
}

/** The adjustments' request maker, with its own list of completed adjustments to replay. */
export function adjustmentPlanner(): (context: PlanContext) => PlannedRequest {
  const completed: CompletedAdjustment[] = [];
  return (context) => {
    const replay = completed.length > 0 && context.next() < replayShare ? context.pick(completed) : undefined;
    return replay ? replayOf(replay) : firstAdjustment(context, completed);
  };
}

function replayOf(replay: CompletedAdjustment): PlannedRequest {
  return {
    kind: replayKind,
    method: 'POST',
    path: replay.path,
    body: replay.body,
    headers: { 'idempotency-key': replay.idempotencyKey },
    expected: 200,
    check: (answer: Answer) => {
      if (answer.headers['idempotent-replayed'] !== 'true') return 'replay without Idempotent-Replayed: true';
      if (!isDeepStrictEqual(JSON.parse(answer.body), replay.answer)) return 'replay answered another body';
      return undefined;
    },
  };
}

/** A new count of a tracked product; once it answers 200 it can be replayed. */
function firstAdjustment(context: PlanContext, completed: CompletedAdjustment[]): PlannedRequest {
  const idempotencyKey = randomUUID();
  const path = `/api/v1/products/${context.pick(context.workspace.adjustProductIds)}/adjust`;
  const body = JSON.stringify({
    countedQuantity: Math.floor(context.next() * 60),
    note: 'Inventaire tournant',
  });
  return {
    method: 'POST',
    path,
    body,
    headers: { 'idempotency-key': idempotencyKey },
    expected: 200,
    check: (answer: Answer) => {
      if (answer.status !== 200) return undefined;
      if (answer.headers['idempotent-replayed'] !== undefined) return 'first request marked as replayed';
      completed.push({ idempotencyKey, path, body, answer: JSON.parse(answer.body) });
      if (completed.length > replayable) completed.shift();
      return undefined;
    },
  };
}
