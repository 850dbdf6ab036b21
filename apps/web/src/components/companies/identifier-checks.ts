import { companyCreateSchema, vatNumberSchema, workspaceUpdateSchema } from '@comptoir/core/schemas';

/**
 * What the checks of a company's identifier say: `absent` when the field is blank, `unchecked`
 * for a VAT number that is not French (the server reports null for it: only France's key is
 * published), else `valid` or `invalid`.
 */
export type IdentifierStatus = 'valid' | 'invalid' | 'absent' | 'unchecked';

// The server's own code, reached through the schemas entry (which carries no use case): the
// company schemas' transforms are its normalizeSiret / normalizeVatNumber, the workspace's SIRET
// rule is isValidSiret, and vatNumberSchema holds the French key check (isValidFrenchVatNumber).
// Together they give what a Company read reports in siretValid / vatNumberValid, as one types.
const siretAsStored = companyCreateSchema.shape.siret.unwrap();
const vatNumberAsStored = companyCreateSchema.shape.vatNumber.unwrap();
const siretRule = workspaceUpdateSchema.shape.siret.unwrap().unwrap();
const vatNumberRule = vatNumberSchema('vatNumber');

/** The SIRET check, live: 14 digits with a valid checksum (La Poste's rule for its own), spaces ignored. */
export function siretStatus(value: string | null | undefined): IdentifierStatus {
  const stored = siretAsStored.parse(value ?? '');
  if (stored === '') return 'absent';
  return siretRule.safeParse(stored).success ? 'valid' : 'invalid';
}

/** The French VAT key check, live: FR + the key of its SIREN; another country's number is not checked. */
export function vatNumberStatus(value: string | null | undefined): IdentifierStatus {
  const stored = vatNumberAsStored.parse(value ?? '');
  if (stored === '') return 'absent';
  if (!stored.startsWith('FR')) return 'unchecked';
  // The EU rule also drops dots and dashes, which the stored form keeps (and the server refuses).
  const checked = vatNumberRule.safeParse(stored);
  return checked.success && checked.data === stored ? 'valid' : 'invalid';
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
