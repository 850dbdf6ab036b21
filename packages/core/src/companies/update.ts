import { type EntityManager, inTransaction } from '@comptoir/db';
import { notFound } from '../errors/index.ts';
import { recordEvent } from '../events/record.ts';
import {
  type CompanyUpdate,
  type CompanyUpdateData,
  type CompanyView,
  companyUpdateSchema,
} from './schemas.ts';
import { type CompanyChanges, lockCompany, updateCompanyRow } from './store.ts';

/** The fields of the patch that differ from the stored company. */
function changesOf(current: CompanyView, patch: CompanyUpdateData): CompanyChanges {
  const changes: CompanyChanges = {};
  if (patch.name !== undefined && patch.name !== current.name) changes.name = patch.name;
  if (patch.siret !== undefined && patch.siret !== current.siret) changes.siret = patch.siret;
  if (patch.vatNumber !== undefined && patch.vatNumber !== current.vatNumber) {
    changes.vatNumber = patch.vatNumber;
  }
  if (patch.address !== undefined && patch.address !== current.address) changes.address = patch.address;
  return changes;
}

/**
 * Changes the given fields of a company (null clears siret, vatNumber or address) and records
 * `company.updated`; a patch that changes nothing records nothing. Identifiers stay lenient:
 * reads report their checks in siretValid / vatNumberValid.
 */
export async function updateCompany(
  em: EntityManager,
  workspaceId: string,
  id: string,
  input: CompanyUpdate,
): Promise<CompanyView> {
  const patch = companyUpdateSchema.parse(input);
  return inTransaction(em, async (tx) => {
    const current = await lockCompany(tx, workspaceId, id);
    if (!current) throw notFound('Company');
    const changes = changesOf(current, patch);
    if (Object.keys(changes).length === 0) return current;
    const updated = await updateCompanyRow(tx, workspaceId, id, changes);
    await recordEvent(tx, workspaceId, 'company.updated', updated);
    return updated;
  });
}
