import { router } from '../../init.ts';
import { getEventProcedure } from './get.ts';
import { listEventsProcedure } from './list.ts';
import { redeliverEventProcedure } from './redeliver.ts';

export const eventsRouter = router({
  list: listEventsProcedure,
  get: getEventProcedure,
  redeliver: redeliverEventProcedure,
});
