import { router } from '../../init.ts';
import { acceptInvitationProcedure } from './accept.ts';
import { listInvitationsProcedure } from './list.ts';
import { revokeInvitationProcedure } from './revoke.ts';

export const invitationsRouter = router({
  list: listInvitationsProcedure,
  revoke: revokeInvitationProcedure,
  accept: acceptInvitationProcedure,
});
