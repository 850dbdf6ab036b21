import { router } from '../../init.ts';
import { getWorkspaceProcedure } from './get.ts';
import { updateWorkspaceProcedure } from './update.ts';

export const workspaceRouter = router({
  get: getWorkspaceProcedure,
  update: updateWorkspaceProcedure,
});
