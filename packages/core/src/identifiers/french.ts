/** French registration identifiers (INSEE's SIREN and SIRET) and French VAT numbers. */

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

/** 9 digits with a valid Luhn checksum. */
export function isValidSiren(siren: string): boolean {
  return /^\d{9}$/.test(siren) && luhnValid(siren);
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

/** The SIREN of a valid SIRET (its first 9 digits), spaces ignored; null for anything else. */
export function sirenOfSiret(siret: string | null): string | null {
  const compact = siret?.replace(/\s+/g, '');
  return compact && isValidSiret(compact) ? compact.slice(0, 9) : null;
}

/** The SIREN a French VAT number is built on (FR + key + SIREN), if it has that shape. */
export function sirenOfFrenchVatNumber(vat: string): string | undefined {
  return /^FR[0-9A-Z]{2}(\d{9})$/.exec(vat)?.[1];
}

/** FR + 2-digit key + 9-digit SIREN, where key = (12 + 3 × (SIREN mod 97)) mod 97. */
export function isValidFrenchVatNumber(vat: string): boolean {
  const match = /^FR(\d{2})(\d{9})$/.exec(vat);
  if (!match) return false;
  const [, key, siren] = match;
  return Number(key) === (12 + 3 * (Number(siren) % 97)) % 97;
}
