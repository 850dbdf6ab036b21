/** French company identifiers: SIRET (INSEE) and intra-EU VAT numbers issued in France. */

const laPosteSiren = '356000000';

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** Spaces are a common way to write a SIRET ("732 829 320 00074"); they are not part of it. */
export function normalizeSiret(value: string): string {
  return value.replace(/\s+/g, '');
}

/**
 * 14 digits with a valid Luhn checksum. La Poste's establishments share one SIREN and use
 * INSEE's other rule: the sum of the 14 digits is a multiple of 5.
 */
export function isValidSiret(siret: string): boolean {
  if (!/^\d{14}$/.test(siret)) return false;
  if (siret.startsWith(laPosteSiren) && siret !== `${laPosteSiren}00048`) {
    return [...siret].reduce((sum, digit) => sum + Number(digit), 0) % 5 === 0;
  }
  return luhnValid(siret);
}

/** French VAT numbers are compared without spaces and in upper case; others are kept as given. */
export function normalizeVatNumber(value: string): string {
  const compact = value.replace(/\s+/g, '');
  return /^fr/i.test(compact) ? compact.toUpperCase() : value.trim();
}

export function isFrenchVatNumber(value: string): boolean {
  return value.startsWith('FR');
}

/** FR + 2-digit key + 9-digit SIREN, where key = (12 + 3 × (SIREN mod 97)) mod 97. */
export function isValidFrenchVatNumber(vat: string): boolean {
  const match = /^FR(\d{2})(\d{9})$/.exec(vat);
  if (!match) return false;
  const [, key, siren] = match;
  return Number(key) === (12 + 3 * (Number(siren) % 97)) % 97;
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
