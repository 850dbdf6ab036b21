import { z } from 'zod';
import { isCountryCode } from './countries.ts';
import { isValidSiren } from './french.ts';
import { compactVatNumber, isValidEuVatNumber } from './vat.ts';

/**
 * An identifier as given, compacted the way documents print it, then checked. `shape`, when
 * given, is the characters it may be written with: the document publishes it as the field's
 * `pattern`, so a client (or the contract fuzzer) knows the field is not free text.
 */
export const identifier = (
  field: string,
  compact: (value: string) => string,
  valid: (value: string) => boolean,
  rule: string,
  shape?: RegExp,
) => {
  const error = `${field} must be ${rule}`;
  const text = shape ? z.string().regex(shape, { error, abort: true }) : z.string();
  return text
    .overwrite(compact)
    .refine(valid, { error })
    .meta({ description: `${rule[0]?.toUpperCase()}${rule.slice(1)}; spaces are ignored.` });
};

export const withoutSpaces = (value: string) => value.replace(/\s+/g, '');

export const sirenSchema = (field: string) =>
  identifier(field, withoutSpaces, isValidSiren, '9 digits with a valid checksum', /^[\d\s]+$/);

export const vatNumberSchema = (field: string) =>
  identifier(
    field,
    compactVatNumber,
    isValidEuVatNumber,
    'an EU VAT number of its country’s shape; a French one with the key of its SIREN',
    /^[A-Za-z]{2}[\dA-Za-z\s.+*-]+$/,
  );

export const countryCodeSchema = (field: string) =>
  z
    .string()
    .regex(/^[A-Z]{2}$/, { error: `${field} must be an ISO 3166-1 alpha-2 code, in upper case`, abort: true })
    .refine((code): boolean => isCountryCode(code), {
      error: `${field} must be an ISO 3166-1 alpha-2 code, in upper case`,
    })
    .meta({ description: 'ISO 3166-1 alpha-2, upper case (`FR`).' });
