import { normalizeSiret, normalizeVatNumber, siretCheck, vatNumberCheck } from '@comptoir/core/schemas';

/**
 * What the checks of a company's identifier say: `absent` when the field is blank, `unchecked`
 * for a VAT number that is not French (the server reports null for it: only France's key is
 * published), else `valid` or `invalid`.
 */
export type IdentifierStatus = 'valid' | 'invalid' | 'absent' | 'unchecked';

// The server's own checks (what a Company read reports in siretValid / vatNumberValid), run on
// the form the server would store what is typed in (spaces out of a SIRET, a French VAT number
// compacted and in upper case): the same answer, live.

/** The SIRET check, live: 14 digits with a valid checksum (La Poste's rule for its own), spaces ignored. */
export function siretStatus(value: string | null | undefined): IdentifierStatus {
  const stored = normalizeSiret(value ?? '');
  if (stored === '') return 'absent';
  return siretCheck(stored) ? 'valid' : 'invalid';
}

/** The French VAT key check, live: FR + the key of its SIREN; another country's number is not checked. */
export function vatNumberStatus(value: string | null | undefined): IdentifierStatus {
  const stored = normalizeVatNumber(value ?? '');
  if (stored === '') return 'absent';
  const check = vatNumberCheck(stored);
  return check === null ? 'unchecked' : check ? 'valid' : 'invalid';
}

/** A Company read's own report (siretValid / vatNumberValid) as a status. */
export function reportedStatus(
  valid: boolean | null,
  value: string | null,
  kind: 'siret' | 'vat',
): IdentifierStatus {
  if (valid === true) return 'valid';
  if (valid === false) return 'invalid';
  return value === null || value === '' || kind === 'siret' ? 'absent' : 'unchecked';
}
