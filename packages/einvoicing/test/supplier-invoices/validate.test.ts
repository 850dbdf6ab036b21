import { renderDocument } from '@comptoir/documents/render';
import { prepareRuleSets } from '@comptoir/einvoice-rules';
import { fc } from '@fast-check/vitest';
import { beforeAll, describe, expect, it } from 'vitest';
import { validateSupplierInvoice } from '../../src/index.ts';
import { documentModel, eInvoiceEu, type MadeInvoice, madeInvoice } from './documents.ts';

// The CEN EN 16931 rules for the syntax, as published (@comptoir/einvoice-rules): documents
// written by tools we did not write pass them, and a document off by a cent fails them.

const [made] = fc.sample(madeInvoice, { numRuns: 1, seed: 11 }) as [MadeInvoice];

beforeAll(async () => {
  // Compiles the rule sets when the cache lacks them: about 10 s of CPU each, once.
  await prepareRuleSets(['en16931', 'en16931Ubl']);
}, 240_000);

describe('validateSupplierInvoice', () => {
  it('our renderer’s CII passes the CII rules', async () => {
    const xml = new TextDecoder().decode(await renderDocument(documentModel(made), 'xml'));
    expect(await validateSupplierInvoice('factur-x', xml)).toEqual({ valid: true, failedRules: [] });
  });

  it('E-Invoice-EU’s UBL passes the UBL rules, and its CII the CII rules', async () => {
    expect(await validateSupplierInvoice('ubl', await eInvoiceEu(made, 'UBL'))).toEqual({
      valid: true,
      failedRules: [],
    });
    expect(await validateSupplierInvoice('cii', await eInvoiceEu(made, 'CII'))).toEqual({
      valid: true,
      failedRules: [],
    });
  });

  it('an amount due off by a cent breaks BR-CO-16, named with its message, in either syntax', async () => {
    const ubl = (await eInvoiceEu(made, 'UBL')).replace(
      /(<cbc:PayableAmount currencyID="EUR">)([^<]*)</,
      (_, open: string, amount: string) => `${open}${(Number(amount) + 0.01).toFixed(2)}<`,
    );
    const ublResult = await validateSupplierInvoice('ubl', ubl);
    expect(ublResult.valid).toBe(false);
    expect(ublResult.failedRules).toContainEqual({
      id: 'BR-CO-16',
      message: expect.stringContaining('BT-115'),
    });
    const cii = (await eInvoiceEu(made, 'CII')).replace(
      /(<ram:DuePayableAmount>)([^<]*)</,
      (_, open: string, amount: string) => `${open}${(Number(amount) + 0.01).toFixed(2)}<`,
    );
    const ciiResult = await validateSupplierInvoice('cii', cii);
    expect(ciiResult.failedRules.map((rule) => rule.id)).toContain('BR-CO-16');
  });

  it('a CII checked with the UBL rules is the wrong syntax: the UBL set says nothing of it', async () => {
    // The syntax is the reader's to tell; validation trusts it. Here the UBL rules find no
    // UBL element, so nothing fires: the reason the format picks the rule set.
    const cii = await eInvoiceEu(made, 'CII');
    expect((await validateSupplierInvoice('ubl', cii)).failedRules).toEqual([]);
  });
});
