/** A company's identifiers as reads report them: the checks themselves are in ../identifiers. */
import { isValidFrenchVatNumber, isValidSiret } from '../identifiers/french.ts';

/** Spaces are a common way to write a SIRET ("732 829 320 00074"); they are not part of it. */
export function normalizeSiret(value: string): string {
  return value.replace(/\s+/g, '');
}

/** French VAT numbers are compared without spaces and in upper case; others are kept as given. */
export function normalizeVatNumber(value: string): string {
  const compact = value.replace(/\s+/g, '');
  return /^fr/i.test(compact) ? compact.toUpperCase() : value.trim();
}

/**
 * The form of a search `q` that finds an identifier written the way documents print it ("732 829
 * 320 00074", "FR 44 732829320"): SIRETs and French VAT numbers are stored without spaces
 * (normalizeSiret, normalizeVatNumber), so the typed spaces must go too. Undefined when `q` has
 * no space between two of its characters, or no digit (a name: its spaces are its own).
 */
export function identifierSearchForm(q: string): string | undefined {
  const compact = q.replace(/\s+/g, '');
  return compact !== q.trim() && /\d/.test(compact) ? compact : undefined;
}

export function isFrenchVatNumber(value: string): boolean {
  return value.startsWith('FR');
}

/**
 * The SIRET check as reported on reads (rulings: reported, not enforced): null when there is
 * no SIRET, else whether it is 14 digits with a valid checksum.
 */
export function siretCheck(siret: string | null): boolean | null {
  return siret === null ? null : isValidSiret(normalizeSiret(siret));
}

/** The French VAT key check as reported on reads: null when absent or not a French number. */
export function vatNumberCheck(vatNumber: string | null): boolean | null {
  if (vatNumber === null) return null;
  const normalized = normalizeVatNumber(vatNumber);
  return isFrenchVatNumber(normalized) ? isValidFrenchVatNumber(normalized) : null;
}

/** What a Company read reports of its identifiers' checks. */
export function identifierChecks(siret: string | null, vatNumber: string | null) {
  return { siretValid: siretCheck(siret), vatNumberValid: vatNumberCheck(vatNumber) };
}
