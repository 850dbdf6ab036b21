import { expireQuotes, markOverdueInvoices } from '@comptoir/core';
import type { EntityManager, MikroORM } from '@comptoir/db';
import type { WorkerLog } from './log.ts';
import type { LifecycleMetrics } from './metrics.ts';
import { createPassLoop } from './pass-loop.ts';

const sweeps: {
  transition: 'invoice_overdue' | 'quote_expired';
  run: (em: EntityManager) => Promise<number>;
  moved: string;
}[] = [
  { transition: 'invoice_overdue', run: (em) => markOverdueInvoices(em), moved: 'invoices marked OVERDUE' },
  { transition: 'quote_expired', run: (em) => expireQuotes(em), moved: 'quotes EXPIRED' },
];

/**
 * The scheduled transitions: SENT and PARTIAL invoices past their due date become OVERDUE,
 * quotes past their validity EXPIRED, now and then every `everyMs`, one pass at a time. Due
 * dates are compared with the database's clock, and several workers may sweep at once (the
 * core skips the rows another one holds), so each record moves once, with one event.
 */
export function startLifecycleSweeps(options: {
  orm: MikroORM;
  log: WorkerLog;
  metrics: LifecycleMetrics;
  everyMs: number;
}): { stop(): Promise<void> } {
  const { orm, log, metrics } = options;
  const loop = createPassLoop(
    async (stopped) => {
      for (const sweep of sweeps) {
        if (stopped()) break;
        try {
          const moved = await sweep.run(orm.em.fork());
          if (moved > 0) {
            metrics.transitions.inc({ transition: sweep.transition }, moved);
            log.info({ moved }, sweep.moved);
          }
        } catch (error) {
          // The next pass tries again; the other sweep still runs in this one.
          log.error({ err: error, transition: sweep.transition }, 'scheduled transition failed');
        }
      }
      return false;
    },
    (error) => log.error({ err: error }, 'lifecycle sweep failed'),
  );
  loop.wake();
  const timer = setInterval(() => loop.wake(), options.everyMs);
  return {
    async stop() {
      clearInterval(timer);
      await loop.stop();
    },
  };
}
