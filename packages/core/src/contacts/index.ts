import { type EntityManager, inTransaction, isIdOf, isUniqueViolation, newId, toIso } from '@comptoir/db';
import { identifierChecks, requireCompany } from '../companies/index.ts';
import { AppError, notFound } from '../errors/index.ts';
import { recordEvent } from '../events/index.ts';
import { type ListPage, likeContains, listPage } from '../paging/index.ts';
import {
  type ContactCreate,
  type ContactDetailView,
  type ContactListQuery,
  type ContactView,
  contactCreateSchema,
} from './schemas.ts';

export * from './schemas.ts';

interface ContactRow {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  created_at: Date | string;
  company_id: string | null;
  company_name: string | null;
}

/** A contact with its whole company, for ContactDetail. */
interface ContactDetailRow extends ContactRow {
  company_address: string | null;
  company_phone: string | null;
  company_siret: string | null;
  company_vat_number: string | null;
  company_is_supplier: boolean | null;
}

const contactColumns = 'c.id, c.name, c.email, c.phone, c.created_at, c.company_id, co.name as company_name';
const contactsWithCompany =
  'contacts c left join companies co on co.workspace_id = c.workspace_id and co.id = c.company_id';

function contactView(row: ContactRow): ContactView {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    phone: row.phone,
    createdAt: toIso(row.created_at),
    company:
      row.company_id && row.company_name !== null ? { id: row.company_id, name: row.company_name } : null,
  };
}

export async function listContacts(
  em: EntityManager,
  workspaceId: string,
  query: ContactListQuery,
): Promise<ListPage<ContactView>> {
  let where = 'c.workspace_id = ?';
  const params: unknown[] = [workspaceId];
  const q = query.q?.trim();
  if (q) {
    // Each branch has its own trigram index: the contact's name and e-mail, the company's name.
    where += ` and (c.id in (select id from contacts where workspace_id = ? and comptoir_fold(name || E'\\x1f' || email) like comptoir_fold(?))
                    or c.company_id in (select id from companies where workspace_id = ? and comptoir_fold(name) like comptoir_fold(?)))`;
    const pattern = likeContains(q);
    params.push(workspaceId, pattern, workspaceId, pattern);
  }
  return listPage<ContactRow, ReturnType<typeof contactView>>(
    em,
    {
      select: contactColumns,
      from: contactsWithCompany,
      where,
      params,
      orderBy: 'c.created_at desc, c.id desc',
    },
    query,
    contactView,
  );
}

export async function getContact(
  em: EntityManager,
  workspaceId: string,
  id: string,
): Promise<ContactDetailView> {
  if (!isIdOf('contact', id)) throw notFound('Contact');
  const [row] = await em.execute<ContactDetailRow[]>(
    `select ${contactColumns}, co.address as company_address, co.phone as company_phone,
            co.siret as company_siret, co.vat_number as company_vat_number, co.is_supplier as company_is_supplier
       from ${contactsWithCompany} where c.workspace_id = ? and c.id = ?`,
    [workspaceId, id],
  );
  if (!row) throw notFound('Contact');
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

/** The contact a reference in a create body names, or 404 contact_not_found. */
export async function requireContact(
  em: EntityManager,
  workspaceId: string,
  id: string,
): Promise<{ id: string }> {
  const [row] = isIdOf('contact', id)
    ? await em.execute<{ id: string }[]>('select id from contacts where workspace_id = ? and id = ?', [
        workspaceId,
        id,
      ])
    : [];
  if (!row) throw new AppError('contact_not_found', `Contact ${id} not found`);
  return row;
}

function emailTaken(error: unknown): boolean {
  return isUniqueViolation(error, 'contacts_workspace_email_key');
}

/**
 * Creates a contact and records `contact.created` in the same transaction. The unique index
 * on (workspace, lower(email)) decides between two concurrent creations of one e-mail.
 */
export async function createContact(
  em: EntityManager,
  workspaceId: string,
  input: ContactCreate,
): Promise<ContactView> {
  const data = contactCreateSchema.parse(input);
  try {
    return await inTransaction(em, async (tx) => {
      const company = data.companyId ? await requireCompany(tx, workspaceId, data.companyId) : undefined;
      const [row] = await tx.execute<Omit<ContactRow, 'company_name'>[]>(
        `insert into contacts (id, workspace_id, name, email, phone, company_id)
         values (?, ?, ?, ?, ?, ?) returning id, name, email, phone, created_at, company_id`,
        [newId('contact'), workspaceId, data.name, data.email, data.phone ?? null, company?.id ?? null],
      );
      if (!row) throw new Error('insert returned no row');
      const contact = contactView({ ...row, company_name: company?.name ?? null });
      await recordEvent(tx, workspaceId, 'contact.created', contact);
      return contact;
    });
  } catch (error) {
    if (emailTaken(error)) {
      throw new AppError('contact_email_duplicate', `A contact with the e-mail ${data.email} already exists`);
    }
    throw error;
  }
}
