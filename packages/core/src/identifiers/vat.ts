import { isValidFrenchVatNumber } from './french.ts';

/**
 * The shape of each EU member state's VAT number after its prefix (the European Commission's
 * VIES formats; Greece's prefix is EL, Northern Ireland's XI). Only France's key is checked
 * (french.ts): the others have no published rule this service relies on.
 */
const euVatShapes: Record<string, RegExp> = {
  AT: /^U\d{8}$/,
  BE: /^[01]\d{9}$/,
  BG: /^\d{9,10}$/,
  CY: /^\d{8}[A-Z]$/,
  CZ: /^\d{8,10}$/,
  DE: /^\d{9}$/,
  DK: /^\d{8}$/,
  EE: /^\d{9}$/,
  EL: /^\d{9}$/,
  ES: /^[A-Z0-9]\d{7}[A-Z0-9]$/,
  FI: /^\d{8}$/,
  FR: /^[0-9A-Z]{2}\d{9}$/,
  HR: /^\d{11}$/,
  HU: /^\d{8}$/,
  IE: /^(\d{7}[A-W][A-I]?|\d[A-Z+*]\d{5}[A-W])$/,
  IT: /^\d{11}$/,
  LT: /^(\d{9}|\d{12})$/,
  LU: /^\d{8}$/,
  LV: /^\d{11}$/,
  MT: /^\d{8}$/,
  NL: /^\d{9}B\d{2}$/,
  PL: /^\d{10}$/,
  PT: /^\d{9}$/,
  RO: /^[1-9]\d{1,9}$/,
  SE: /^\d{10}01$/,
  SI: /^\d{8}$/,
  SK: /^\d{10}$/,
  XI: /^(\d{9}|\d{12}|GD\d{3}|HA\d{3})$/,
};

/** A VAT number as written on documents: no spaces, dots or dashes, upper case. */
export function compactVatNumber(value: string): string {
  return value.replace(/[\s.-]+/g, '').toUpperCase();
}

/**
 * Whether a compact VAT number is an EU one of its country's shape; a French one must also
 * carry the right key for its SIREN.
 */
export function isValidEuVatNumber(vat: string): boolean {
  const shape = euVatShapes[vat.slice(0, 2)];
  if (!shape?.test(vat.slice(2))) return false;
  return vat.startsWith('FR') ? isValidFrenchVatNumber(vat) : true;
}
