import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { identifierSearchForm, normalizeSiret, normalizeVatNumber } from '../src/companies/identifiers.ts';
import { compactBankIdentifier, isValidBic, isValidIban } from '../src/identifiers/bank.ts';
import { countryCodes, isCountryCode } from '../src/identifiers/countries.ts';
import {
  isValidFrenchVatNumber,
  isValidSiren,
  isValidSiret,
  sirenOfFrenchVatNumber,
} from '../src/identifiers/french.ts';
import { compactVatNumber, isValidEuVatNumber } from '../src/identifiers/vat.ts';

// The identifier checks the workspace's legal identity goes through (rulings: "Lifecycles",
// Workspace); the companies' reported checks use the same functions.

describe('French identifiers', () => {
  it('accepts a SIREN of 9 digits with a valid Luhn checksum, and nothing else', () => {
    expect(['732829320', '552100554', '356000000'].filter(isValidSiren)).toHaveLength(3);
    expect(['732829321', '73282932', '7328293200', 'A32829320', ''].filter(isValidSiren)).toEqual([]);
  });

  it('accepts a SIRET by Luhn, and La Poste’s establishments by their digit sum', () => {
    expect(isValidSiret('73282932000074')).toBe(true);
    expect(isValidSiret('73282932000075')).toBe(false);
    expect(isValidSiret('35600000000048')).toBe(true);
    expect(isValidSiret('35600000012346')).toBe(true);
    expect(isValidSiret('35600000012345')).toBe(false);
  });

  it('checks a French VAT number’s key against its SIREN', () => {
    expect(isValidFrenchVatNumber('FR44732829320')).toBe(true);
    expect(isValidFrenchVatNumber('FR45732829320')).toBe(false);
    expect(sirenOfFrenchVatNumber('FR44732829320')).toBe('732829320');
    expect(sirenOfFrenchVatNumber('DE123456789')).toBeUndefined();
  });
});

describe('searching identifiers typed with spaces', () => {
  const digits = fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 1, maxLength: 14 });
  const spaces = fc.string({ unit: fc.constantFrom(' ', '\u00a0', '\t'), minLength: 1, maxLength: 3 });

  // Any grouping of a stored identifier's digits, as a person types or a document prints it,
  // searches for the identifier as stored.
  test.prop([
    fc.array(fc.tuple(digits, spaces), { minLength: 2, maxLength: 5 }),
    fc.constantFrom('', 'FR', 'fr '),
  ])('spaces between groups go, so the stored form is what is searched', (groups, prefix) => {
    const typed = prefix + groups.map(([group, space]) => group + space).join('');
    const stored = /^fr/i.test(typed) ? normalizeVatNumber(typed) : normalizeSiret(typed);
    expect(identifierSearchForm(typed)?.toUpperCase()).toBe(stored.toUpperCase());
  });

  it('leaves names, and a q with nothing to compact, as they are', () => {
    expect(identifierSearchForm('boulangerie müller')).toBeUndefined();
    expect(identifierSearchForm('73282932000074')).toBeUndefined();
    expect(identifierSearchForm('  732829 ')).toBeUndefined();
    expect(identifierSearchForm('732 829')).toBe('732829');
    expect(identifierSearchForm('rue du 8 mai')).toBe('ruedu8mai');
  });
});

describe('EU VAT numbers', () => {
  it('accepts each member state’s shape and refuses others', () => {
    const valid = ['ATU12345678', 'BE0123456789', 'DE123456789', 'EL123456789', 'ESX1234567X'];
    expect(valid.filter((vat) => !isValidEuVatNumber(vat))).toEqual([]);
    const invalid = [
      'DE12345678',
      'AT12345678',
      'NL123456789',
      'GR123456789',
      'US123456789',
      'FR45732829320',
    ];
    expect(invalid.filter(isValidEuVatNumber)).toEqual([]);
  });

  it('compacts spaces, dots and dashes, in upper case', () => {
    expect(compactVatNumber('fr 44.732-829 320')).toBe('FR44732829320');
  });
});

describe('bank identifiers', () => {
  it('checks an IBAN’s mod-97 digits and country', () => {
    expect(isValidIban('FR7630006000011234567890189')).toBe(true);
    expect(isValidIban('DE89370400440532013000')).toBe(true);
    expect(isValidIban('FR7630006000011234567890188')).toBe(false);
    expect(isValidIban('ZZ7630006000011234567890189')).toBe(false);
    expect(isValidIban(compactBankIdentifier('fr76 3000 6000 0112 3456 7890 189'))).toBe(true);
  });

  it('checks a BIC’s shape and country', () => {
    expect(['BNPAFRPP', 'BNPAFRPPXXX', 'DEUTDEFF500'].filter(isValidBic)).toHaveLength(3);
    expect(['BNPAFRP', 'BNPAFRPPXX', 'BNPAZZPP', '1NPAFRPP'].filter(isValidBic)).toEqual([]);
  });
});

describe('country codes', () => {
  it('are the 249 ISO 3166-1 alpha-2 codes, upper case only', () => {
    expect(new Set(countryCodes).size).toBe(249);
    expect(['FR', 'DE', 'GB', 'XK'].map(isCountryCode)).toEqual([true, true, true, false]);
    expect(isCountryCode('fr')).toBe(false);
  });
});
