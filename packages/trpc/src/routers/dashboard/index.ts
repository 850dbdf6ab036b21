import { router } from '../../init.ts';
import { followUpsProcedure } from './follow-ups.ts';
import { lowStockProcedure } from './low-stock.ts';
import { quotesAwaitingProcedure } from './quotes-awaiting.ts';
import { receivablesProcedure } from './receivables.ts';

/** The app's dashboard, one procedure per widget, each with its resource's read permission. */
export const dashboardRouter = router({
  receivables: receivablesProcedure,
  quotesAwaiting: quotesAwaitingProcedure,
  followUps: followUpsProcedure,
  lowStock: lowStockProcedure,
});
