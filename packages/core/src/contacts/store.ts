import { type EntityManager, isIdOf, isUniqueViolation, kysely, toIso } from '@comptoir/db';
import type { InferResult } from 'kysely';
import { identifierChecks } from '../companies/identifiers.ts';
import type { CompanyRef } from '../companies/schemas.ts';
import { AppError } from '../errors/index.ts';
import type { ContactDetailView, ContactView } from './schemas.ts';

/** What a Contact is read from: the contact (`c`) and the name of its company (`co`). */
export const contactRowColumns = [
  'c.id',
  'c.name',
  'c.email',
  'c.phone',
  'c.created_at',
  'c.company_id',
  'co.name as company_name',
] as const;

/** Contacts with the name of their company: the rows a Contact is read from. */
export function contactsWithCompany(em: EntityManager) {
  return kysely(em)
    .selectFrom('contacts as c')
    .leftJoin('companies as co', (join) =>
      join.onRef('co.workspace_id', '=', 'c.workspace_id').onRef('co.id', '=', 'c.company_id'),
    )
    .select(contactRowColumns);
}

export type ContactRow = InferResult<ReturnType<typeof contactsWithCompany>>[number];

export function contactView(row: ContactRow): ContactView {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    phone: row.phone,
    // Kysely's types say Date; MikroORM's pg settings hand timestamps back as text.
    createdAt: toIso(row.created_at),
    company:
      row.company_id && row.company_name !== null ? { id: row.company_id, name: row.company_name } : null,
  };
}

/** A contact of the workspace with its whole company; none for an id of another shape. */
export async function findContactDetail(
  em: EntityManager,
  workspaceId: string,
  id: string,
): Promise<ContactDetailView | undefined> {
  if (!isIdOf('contact', id)) return undefined;
  const row = await contactsWithCompany(em)
    .select([
      'co.address as company_address',
      'co.phone as company_phone',
      'co.siret as company_siret',
      'co.vat_number as company_vat_number',
      'co.is_supplier as company_is_supplier',
    ])
    .where('c.workspace_id', '=', workspaceId)
    .where('c.id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  const company =
    row.company_id && row.company_name !== null
      ? {
          id: row.company_id,
          name: row.company_name,
          address: row.company_address,
          phone: row.company_phone,
          siret: row.company_siret,
          vatNumber: row.company_vat_number,
          ...identifierChecks(row.company_siret, row.company_vat_number),
          isSupplier: row.company_is_supplier === true,
        }
      : null;
  return { ...contactView(row), company };
}

/** Whether the workspace has a contact of that id. */
export async function contactExists(em: EntityManager, workspaceId: string, id: string): Promise<boolean> {
  if (!isIdOf('contact', id)) return false;
  const row = await kysely(em)
    .selectFrom('contacts')
    .select('id')
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row !== undefined;
}

export interface NewContact {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  company: CompanyRef | null;
}

/** Inserts a contact and answers it as stored (the database sets created_at). */
export async function insertContact(
  em: EntityManager,
  workspaceId: string,
  contact: NewContact,
): Promise<ContactView> {
  const row = await kysely(em)
    .insertInto('contacts')
    .values({
      id: contact.id,
      workspace_id: workspaceId,
      name: contact.name,
      email: contact.email,
      phone: contact.phone,
      company_id: contact.company?.id ?? null,
    })
    .returning(['id', 'name', 'email', 'phone', 'created_at', 'company_id'])
    .executeTakeFirstOrThrow();
  return contactView({ ...row, company_name: contact.company?.name ?? null });
}

/**
 * The unique index contacts_workspace_email_key (workspace, lower(email)) decides between two
 * writers of one e-mail: its violation is 409 contact_email_duplicate; other errors pass.
 */
export function emailAlreadyUsed(error: unknown, email: string): unknown {
  if (!isUniqueViolation(error, 'contacts_workspace_email_key')) return error;
  return new AppError('contact_email_duplicate', `A contact with the e-mail ${email} already exists`);
}

/** The stored fields an update compares its patch with; the row is locked until the transaction ends. */
export async function lockContact(tx: EntityManager, workspaceId: string, id: string) {
  if (!isIdOf('contact', id)) return undefined;
  return kysely(tx)
    .selectFrom('contacts')
    .select(['name', 'email', 'phone', 'company_id'])
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/** What an update writes; undefined fields stay as they are. */
export interface ContactChanges {
  name?: string;
  email?: string;
  phone?: string | null;
  companyId?: string | null;
}

export async function updateContactRow(
  tx: EntityManager,
  workspaceId: string,
  id: string,
  changes: ContactChanges,
): Promise<void> {
  await kysely(tx)
    .updateTable('contacts')
    .set((eb) => ({
      name: changes.name,
      email: changes.email,
      phone: changes.phone,
      company_id: changes.companyId,
      updated_at: eb.fn<Date>('now'),
    }))
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', id)
    .execute();
}
