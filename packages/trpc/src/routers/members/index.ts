import { router } from '../../init.ts';
import { changeMemberRoleProcedure } from './change-role.ts';
import { inviteMemberProcedure } from './invite.ts';
import { listMembersProcedure } from './list.ts';
import { removeMemberProcedure } from './remove.ts';

export const membersRouter = router({
  list: listMembersProcedure,
  invite: inviteMemberProcedure,
  changeRole: changeMemberRoleProcedure,
  remove: removeMemberProcedure,
});
