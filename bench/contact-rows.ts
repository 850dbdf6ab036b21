/**
 * Companies and contacts of a workspace, deterministic (a seeded PRNG): French names with accents,
 * e-mails, phone numbers, Luhn-valid SIRETs and the VAT numbers of their SIRENs, creation times
 * spread over two years, oldest first. Inserted in bulk, 5,000 rows a statement. The search bench
 * (bench/search.ts) and the app's list bench (bench/web-lists.ts) seed with it.
 */
import { type EntityManager, kysely, newId } from '@comptoir/db';
import { random } from './seed.ts';

// biome-ignore format: a table of names
const firstNames = [
  'Élodie', 'Hélène', 'Jérôme', 'François', 'Gaël', 'Chloé', 'Léa', 'Zoé', 'Noémie', 'Agnès',
  'Cécile', 'Mélanie', 'Stéphane', 'Frédéric', 'Sébastien', 'Thérèse', 'Benoît', 'Loïc', 'Maëlle',
  'Aurélien', 'Camille', 'Julien', 'Marie', 'Pierre', 'Jean', 'Sophie', 'Nicolas', 'Isabelle',
  'Thomas', 'Claire', 'Antoine', 'Manon', 'Hugo', 'Emma', 'Lucas', 'Inès', 'Raphaël', 'Anaïs',
  'Clément', 'Océane', 'Anne-Marie', 'Jean-Luc', 'Marie-Claire', 'Józef', 'Björn',
];
// biome-ignore format: a table of names
const lastNames = [
  'Martin', 'Bernard', 'Dubois', 'Robert', 'Richard', 'Petit', 'Durand', 'Leroy', 'Moreau',
  'Simon', 'Laurent', 'Lefèvre', 'Michel', 'García', 'David', 'Bertrand', 'Roux', 'Vincent',
  'Fournier', 'Morel', 'Girard', 'André', 'Mercier', 'Dupont', 'Lambert', 'Bonnet', 'Legrand',
  'Garnier', 'Faure', 'Rousseau', 'Blanc', 'Guérin', 'Müller', 'Henry', 'Roussel', 'Perrin',
  'Morin', 'Mathieu', 'Gauthier', 'Dumont', 'Lopez', 'Fontaine', 'Chevalier', 'Robin', 'Masson',
  'Sánchez', 'Gérard', 'Nguyen', 'Boyer', 'Denis', 'Lemaire', 'Duval', 'Joly', 'Roche', 'Noël',
  'Meyer', 'Meunier', 'Pérez', 'Marchand', 'Dufour', 'Blanchard', 'Barbier', 'Brun', 'Dumas',
  'Brunet', 'Schmitt', 'Leroux', 'Colin', 'Renard', 'Arnaud', 'Caron', 'Aubert', 'Giraud',
  'Leclerc', 'Vidal', 'Bourgeois', 'Renaud', 'Lemoine', 'Picard', 'Gaillard', 'Lacroix', 'Fabre',
  'Dupuis', 'Olivier', 'Hubert', 'Rivière', 'Le Gall', 'Ménard', 'Fleury', 'Deschamps', 'Prévost',
  'Carré', 'Rémy', 'Le Roux', 'Lefèbvre', 'Bénard', 'Thibault', 'Besnard', 'Pelletier', 'Lebrun',
];
// biome-ignore format: a table of names
const trades = [
  'Boulangerie', 'Société', 'Café', 'Épicerie', 'Garage', 'Librairie', 'Brasserie', 'Atelier',
  'Torréfaction', 'Fromagerie', 'Menuiserie', 'Pharmacie', 'Cabinet', 'Hôtel', 'Crêperie',
  'Imprimerie', 'Quincaillerie', 'Pâtisserie', 'Transports', 'Charcuterie',
];
// biome-ignore format: a table of names
const cities = [
  'Sète', 'Annecy', 'Brest', 'Colmar', 'Nîmes', 'Rouen', 'Pau', 'Évry', 'Agen', 'Laval', 'Orléans',
  'Besançon', 'Périgueux', 'Béziers', 'Saint-Étienne', 'Chambéry', 'Quimper', 'Valence',
  'Angoulême', 'Troyes', 'Mâcon', 'Alès', 'Cholet', 'Dole',
];
const legalForms = ['SARL', 'SAS', 'EURL', 'SA', 'SCOP', ''];
const mailDomains = ['orange.fr', 'gmail.com', 'free.fr', 'laposte.net', 'wanadoo.fr', 'sfr.fr'];

/** A rare surname, given to a handful of contacts and companies, typed without accents in `q`. */
export const rareName = 'Kerguélen';

function pick<T>(next: () => number, values: readonly T[]): T {
  return values[Math.floor(next() * values.length)] as T;
}

/** Without accents and in lower case, as people type e-mail addresses. */
const ascii = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');

function luhnDigit(body: string): string {
  for (let digit = 0; digit < 10; digit++) {
    const candidate = `${body}${digit}`;
    let sum = 0;
    for (let i = 0; i < candidate.length; i++) {
      let value = Number(candidate[candidate.length - 1 - i]);
      if (i % 2 === 1) value = value * 2 > 9 ? value * 2 - 9 : value * 2;
      sum += value;
    }
    if (sum % 10 === 0) return candidate;
  }
  throw new Error('unreachable');
}

/** SIRET (SIREN + NIC, Luhn-valid) and the French VAT number of its SIREN. */
function identifiers(next: () => number): { siret: string; vatNumber: string } {
  const siren = luhnDigit(
    `${1 + Math.floor(next() * 9)}${String(Math.floor(next() * 1e7)).padStart(7, '0')}`,
  );
  const siret = luhnDigit(`${siren}${String(Math.floor(next() * 1e4)).padStart(4, '0')}`);
  const key = (12 + 3 * (Number(siren) % 97)) % 97;
  return { siret, vatNumber: `FR${String(key).padStart(2, '0')}${siren}` };
}

export interface SeededCompany {
  id: string;
  name: string;
  siret: string | null;
  vatNumber: string | null;
}

/** Inserts `companyCount` companies and `contactCount` contacts (80 % of them in a company) into the workspace. */
export async function seedContactsAndCompanies(
  em: EntityManager,
  workspaceId: string,
  seed: number,
  companyCount: number,
  contactCount: number,
): Promise<SeededCompany[]> {
  const next = random(seed);
  const db = kysely(em);
  // Creation times spread over two years, oldest first, so "newest first" is a real order.
  const start = Date.UTC(2024, 0, 1);
  const span = 2 * 365 * 24 * 3600 * 1000;
  const companies: SeededCompany[] = [];
  for (let i = 0; i < companyCount; i++) {
    const { siret, vatNumber } = identifiers(next);
    const form = pick(next, legalForms);
    const owner = i % 5000 === 17 ? rareName : pick(next, lastNames);
    const name =
      i === 4242
        ? 'Moulin de l’Écluse'
        : `${pick(next, trades)} ${owner} ${pick(next, cities)}${form ? ` ${form}` : ''}`;
    companies.push({
      id: newId('company', start + Math.floor((i / companyCount) * span)),
      name,
      siret: next() < 0.9 ? siret : null,
      vatNumber: next() < 0.7 ? vatNumber : null,
    });
  }
  for (let from = 0; from < companies.length; from += 5000) {
    await db
      .insertInto('companies')
      .values(
        companies.slice(from, from + 5000).map((company, offset) => ({
          id: company.id,
          workspace_id: workspaceId,
          name: company.name,
          siret: company.siret,
          vat_number: company.vatNumber,
          address: `${1 + ((from + offset) % 120)} rue de la République`,
          created_at: new Date(start + Math.floor(((from + offset) / companyCount) * span)),
        })),
      )
      .execute();
  }
  const contactChunk = 5000;
  for (let from = 0; from < contactCount; from += contactChunk) {
    const rows = [];
    for (let i = from; i < Math.min(contactCount, from + contactChunk); i++) {
      const first = pick(next, firstNames);
      const last = i % 30_000 === 11 ? rareName : pick(next, lastNames);
      const company = next() < 0.8 ? pick(next, companies) : undefined;
      const at = start + Math.floor((i / contactCount) * span);
      rows.push({
        id: newId('contact', at),
        workspace_id: workspaceId,
        name: `${first} ${last}`,
        email: `${ascii(first)}.${ascii(last)}.${i}@${pick(next, mailDomains)}`,
        phone: next() < 0.5 ? `+33 6 ${String(Math.floor(next() * 1e8)).padStart(8, '0')}` : null,
        company_id: company?.id ?? null,
        created_at: new Date(at),
      });
    }
    await db.insertInto('contacts').values(rows).execute();
  }
  return companies;
}
