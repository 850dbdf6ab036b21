import { type EntityManager, inTransaction, newId } from '@comptoir/db';
import { recordEvent } from '../events/record.ts';
import { type CompanyCreate, type CompanyView, companyCreateSchema } from './schemas.ts';
import { insertCompany } from './store.ts';

/** Creates a company and records `company.created` in the same transaction. */
export async function createCompany(
  em: EntityManager,
  workspaceId: string,
  input: CompanyCreate,
  options: { isSupplier?: boolean } = {},
): Promise<CompanyView> {
  const data = companyCreateSchema.parse(input);
  return inTransaction(em, async (tx) => {
    const company = await insertCompany(tx, workspaceId, {
      id: newId('company'),
      name: data.name,
      siret: data.siret ?? null,
      vatNumber: data.vatNumber ?? null,
      address: data.address ?? null,
      isSupplier: options.isSupplier ?? false,
    });
    await recordEvent(tx, workspaceId, 'company.created', company);
    return company;
  });
}
