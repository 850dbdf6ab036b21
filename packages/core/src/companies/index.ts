import { Company, type EntityManager, newId } from '@comptoir/db';
import { z } from 'zod';

/** The minimal company write the foundation needs (suppliers for products); issue #3 builds the API. */
export const companySeedSchema = z.object({
  name: z.string().trim().min(1).max(200),
  siret: z.string().max(32).optional(),
  vatNumber: z.string().max(32).optional(),
  isSupplier: z.boolean().default(false),
});

export async function createCompanyRecord(
  em: EntityManager,
  workspaceId: string,
  input: z.input<typeof companySeedSchema>,
): Promise<{ id: string; name: string }> {
  const data = companySeedSchema.parse(input);
  const company = em.create(Company, {
    id: newId('company'),
    workspaceId,
    name: data.name,
    siret: data.siret ?? null,
    vatNumber: data.vatNumber ?? null,
    isSupplier: data.isSupplier,
  });
  await em.flush();
  return { id: company.id, name: company.name };
}
