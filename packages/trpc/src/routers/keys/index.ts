import { router } from '../../init.ts';
import { createKeyProcedure } from './create.ts';
import { listKeysProcedure } from './list.ts';
import { revokeKeyProcedure } from './revoke.ts';

export const keysRouter = router({
  list: listKeysProcedure,
  create: createKeyProcedure,
  revoke: revokeKeyProcedure,
});
