import { router } from '../../init.ts';
import { deleteConnectionProcedure } from './delete-connection.ts';
import { getConnectionProcedure } from './get-connection.ts';
import { setConnectionProcedure } from './set-connection.ts';
import { testConnectionProcedure } from './test-connection.ts';

export const einvoicingRouter = router({
  getConnection: getConnectionProcedure,
  setConnection: setConnectionProcedure,
  testConnection: testConnectionProcedure,
  deleteConnection: deleteConnectionProcedure,
});
