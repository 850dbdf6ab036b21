import { companyCreateSchema, identifierChecks } from '@comptoir/core/schemas';
import { expect, test } from 'vitest';
import { siretStatus, vatNumberStatus } from '../src/components/companies/identifier-checks.ts';

// The company form's live checks say what the server's read will report for what is typed:
// the identifiers as companies.create stores them, checked as a Company read checks them.

const asReported = (valid: boolean | null, blank: boolean, unchecked: 'absent' | 'unchecked') =>
  valid === true ? 'valid' : valid === false ? 'invalid' : blank ? 'absent' : unchecked;

test.each([
  '73282932000074',
  '732 829 320 00074',
  ' 732829320 00074 ',
  '73282932000075',
  '35600000000048',
  '35600000049837',
  '7328293200007',
  'ABC',
  '',
  '   ',
])('the SIRET %j: the status the server reports', (typed) => {
  const stored = companyCreateSchema.parse({ name: 'x', siret: typed }).siret ?? '';
  const reported = identifierChecks(stored === '' ? null : stored, null).siretValid;
  expect(siretStatus(typed)).toBe(asReported(reported, stored === '', 'absent'));
});

test.each([
  'FR44732829320',
  'fr 44 732 829 320',
  'FR45732829320',
  'FR44.732.829.320',
  'BE0123456789',
  'DE 123456789',
  'FR',
  '',
  '  ',
])('the VAT number %j: the status the server reports', (typed) => {
  const stored = companyCreateSchema.parse({ name: 'x', vatNumber: typed }).vatNumber ?? '';
  const reported = identifierChecks(null, stored === '' ? null : stored).vatNumberValid;
  expect(vatNumberStatus(typed)).toBe(asReported(reported, stored === '', 'unchecked'));
});

test('what a person types and sees', () => {
  expect([siretStatus('732 829 320 00074'), siretStatus('73282932000075'), siretStatus(undefined)]).toEqual([
    'valid',
    'invalid',
    'absent',
  ]);
  expect([
    vatNumberStatus('fr44732829320'),
    vatNumberStatus('FR00732829320'),
    vatNumberStatus('BE0123456789'),
    vatNumberStatus(null),
  ]).toEqual(['valid', 'invalid', 'unchecked', 'absent']);
  // Longer than the server takes: still a status, not a thrown error.
  expect(siretStatus('1'.repeat(40))).toBe('invalid');
});
