import {
  claimDueSubmissions,
  claimOwedStatuses,
  connectedWorkspaces,
  pollPlatform,
  sendOwedStatus,
  submitDocument,
  sweepUnsubmitted,
} from '@comptoir/core';
import type { MikroORM } from '@comptoir/db';
import { createRenderPool } from '@comptoir/documents';
import type { Keyring } from '@comptoir/secrets';
import type { WorkerLog } from './log.ts';
import { createPassLoop } from './pass-loop.ts';

/** Submissions leased per pass; the lease outlasts the platform timeout of every call in one. */
const submissionsPerPass = 10;
const leaseMs = 5 * 60_000;
/** How often due submissions are looked for (new ones, retries after their backoff). */
const submissionEveryMs = 2_000;

/**
 * E-invoicing: hands issued invoices and credit notes to the workspaces' platforms from the
 * submission outbox, and the lifecycle statuses owed to them (a refusal, an Encaissée) from theirs
 * (exactly once: core/einvoicing/submit.ts and send-status.ts), and polls each platform for the
 * flows it changed, the safety net under its webhooks. Several workers may run: leases and
 * SKIP LOCKED share the submissions, and a status applied twice changes nothing.
 */
export function startEinvoicing(options: {
  orm: MikroORM;
  keyring: Keyring;
  log: WorkerLog;
  pollEveryMs: number;
}): { stop(): Promise<void> } {
  const { orm, keyring, log } = options;
  const renderPool = createRenderPool();
  const submissions = createPassLoop(
    async (stopped) => {
      await sweepUnsubmitted(orm.em.fork());
      const claimed = await claimDueSubmissions(orm.em.fork(), { limit: submissionsPerPass, leaseMs });
      for (const submission of claimed) {
        if (stopped()) break;
        const outcome = await submitDocument(orm.em.fork(), submission, {
          keyring,
          render: renderPool.render,
        });
        if (outcome.kind === 'retry') {
          log.warn(
            { invoiceId: submission.id, error: outcome.error },
            'e-invoice submission will be retried',
          );
        } else {
          log.info({ invoiceId: submission.id, outcome: outcome.kind }, 'e-invoice submission recorded');
        }
      }
      const owed = stopped()
        ? []
        : await claimOwedStatuses(orm.em.fork(), { limit: submissionsPerPass, leaseMs });
      for (const status of owed) {
        if (stopped()) break;
        const outcome = await sendOwedStatus(orm.em.fork(), status, { keyring });
        if (outcome.kind === 'retry') {
          log.warn({ statusId: status.id, error: outcome.error }, 'e-invoicing status will be sent again');
        }
      }
      return claimed.length === submissionsPerPass || owed.length === submissionsPerPass;
    },
    (error) => log.error({ err: error }, 'e-invoice submission pass failed'),
  );
  const polls = createPassLoop(
    async (stopped) => {
      for (const workspaceId of await connectedWorkspaces(orm.em.fork())) {
        if (stopped()) break;
        try {
          await pollPlatform(orm.em.fork(), workspaceId, keyring);
        } catch (error) {
          // The next poll starts again from the cursor saved with the last page applied.
          log.warn({ err: error, workspaceId }, 'e-invoicing platform poll failed');
        }
      }
      return false;
    },
    (error) => log.error({ err: error }, 'e-invoicing poll failed'),
  );
  submissions.wake();
  polls.wake();
  const timers = [
    setInterval(() => submissions.wake(), submissionEveryMs),
    setInterval(() => polls.wake(), options.pollEveryMs),
  ];
  return {
    async stop() {
      for (const timer of timers) clearInterval(timer);
      await Promise.all([submissions.stop(), polls.stop()]);
      await renderPool.close();
    },
  };
}
