import { router } from '../../init.ts';
import { getMeProcedure } from './get.ts';

export const meRouter = router({ get: getMeProcedure });
