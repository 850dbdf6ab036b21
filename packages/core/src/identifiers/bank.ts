import { isCountryCode } from './countries.ts';

/** An IBAN or a BIC as written on documents: no spaces, upper case. */
export function compactBankIdentifier(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

/**
 * ISO 13616: a country code, 2 check digits, up to 30 letters or digits; moving the first four
 * characters to the end and reading letters as 10..35, the number is 1 modulo 97.
 */
export function isValidIban(iban: string): boolean {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban) || !isCountryCode(iban.slice(0, 2))) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const character of rearranged) {
    const value = Number.parseInt(character, 36);
    remainder = (remainder * (value > 9 ? 100 : 10) + value) % 97;
  }
  return remainder === 1;
}

/** ISO 9362: 4-letter institution, country code, 2-character location, optional 3-character branch. */
export function isValidBic(bic: string): boolean {
  return /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(bic) && isCountryCode(bic.slice(4, 6));
}
