import { router } from '../../init.ts';
import { listEventTypesProcedure } from './list.ts';

export const eventTypesRouter = router({
  list: listEventTypesProcedure,
});
