import { isDeepStrictEqual } from 'node:util';
import { type EntityManager, inTransaction } from '@comptoir/db';
import { AppError, type ErrorDetail, notFound } from '../errors/index.ts';
import { recordEvent } from '../events/record.ts';
import { sirenOfFrenchVatNumber } from '../identifiers/french.ts';
import {
  type WorkspacePatch,
  type WorkspaceUpdate,
  type WorkspaceView,
  workspaceUpdateSchema,
} from './schemas.ts';
import { findWorkspace, updateWorkspaceRow } from './store.ts';

/**
 * The checks between identifiers, on the workspace as the update leaves it: the SIRET and a
 * French VAT number are built on the SIREN. Each refusal names the field the patch sent (the
 * other one is already stored).
 */
function identityConflicts(after: WorkspaceView, patch: WorkspacePatch): ErrorDetail[] {
  const { siren, siret, vatNumber } = after;
  const details: ErrorDetail[] = [];
  if (siren !== null && siret !== null && !siret.startsWith(siren)) {
    details.push({
      path: patch.siret !== undefined ? 'siret' : 'siren',
      message: `siret ${siret} does not start with the siren ${siren}`,
    });
  }
  const vatSiren = vatNumber === null ? undefined : sirenOfFrenchVatNumber(vatNumber);
  if (siren !== null && vatSiren !== undefined && vatSiren !== siren) {
    details.push({
      path: patch.vatNumber !== undefined ? 'vatNumber' : 'siren',
      message: `vatNumber ${vatNumber} is not built on the siren ${siren}`,
    });
  }
  return details;
}

const sameIdentity = (a: WorkspaceView, b: WorkspaceView) =>
  isDeepStrictEqual({ ...a, updatedAt: null }, { ...b, updatedAt: null });

/**
 * Changes the workspace's settings and legal identity (null clears a nullable field) and
 * records `workspace.updated` with the workspace as workspace.get shows it. A patch that
 * changes nothing writes nothing and records nothing.
 */
export async function updateWorkspace(
  em: EntityManager,
  workspaceId: string,
  input: WorkspaceUpdate,
): Promise<WorkspaceView> {
  const patch = workspaceUpdateSchema.parse(input);
  return inTransaction(em, async (tx) => {
    const current = await findWorkspace(tx, workspaceId, true);
    if (!current) throw notFound('Workspace');
    const defined = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
    const after: WorkspaceView = { ...current, ...defined };
    const conflicts = identityConflicts(after, patch);
    if (conflicts.length > 0) {
      throw new AppError('invalid_body', conflicts.map((detail) => detail.message).join('; '), {
        details: conflicts,
      });
    }
    if (sameIdentity(after, current)) return current;
    const updated = await updateWorkspaceRow(tx, workspaceId, patch);
    await recordEvent(tx, workspaceId, 'workspace.updated', updated);
    return updated;
  });
}
