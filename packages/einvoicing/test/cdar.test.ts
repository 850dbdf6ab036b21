import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import {
  buildLifecycleMessage,
  LifecycleMessageError,
  type LifecycleMessageInput,
  parseLifecycleMessage,
  platformStatuses,
} from '../src/index.ts';

// XML text that survives a round trip: no control characters XML 1.0 forbids, no surrounding blanks
// (the reader trims), but everything that needs escaping.
const xmlSafeText = fc
  .string({ minLength: 1, maxLength: 40, unit: fc.constantFrom(...'aé <>&"\'#_-/ÉçÀ€1'.split('')) })
  .map((text) => text.trim())
  .filter((text) => text.length > 0);
const siren = fc.stringMatching(/^\d{9}$/);
const isoDate = fc
  .date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2035-12-31T00:00:00Z'), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));
const instant = fc
  .date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2035-12-31T00:00:00Z'), noInvalidDate: true })
  .map((date) => new Date(Math.floor(date.getTime() / 1000) * 1000));
const amount = fc
  .tuple(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 0, max: 99 }))
  .map(([units, cents]) => `${units}.${String(cents).padStart(2, '0')}`);

const message: fc.Arbitrary<LifecycleMessageInput> = fc
  .record({
    status: fc.constantFrom(...platformStatuses.map((entry) => entry.name)),
    issuedAt: instant,
    issuer: fc.record({ siren, name: xmlSafeText, role: fc.constantFrom('SE', 'BY') }),
    recipient: fc.record({ siren, name: xmlSafeText, role: fc.constantFrom('SE', 'BY') }),
    invoice: fc.record({
      number: xmlSafeText,
      issueDate: isoDate,
      typeCode: fc.constantFrom('380', '381', '384'),
      sellerSiren: siren,
      receivedAt: instant,
    }),
    reason: fc.option(fc.record({ code: fc.option(xmlSafeText, { nil: undefined }), text: xmlSafeText }), {
      nil: undefined,
    }),
    payment: fc.record({
      amount,
      currency: fc.constantFrom('EUR', 'USD'),
      date: fc.option(isoDate, { nil: undefined }),
    }),
  })
  .map((input) => {
    const { payment, reason, ...rest } = input;
    const paying = input.status === 'paid' || input.status === 'payment_transmitted';
    const written: LifecycleMessageInput = { ...rest };
    if (paying) {
      written.payment = { amount: payment.amount, currency: payment.currency };
      if (payment.date !== undefined) written.payment.date = payment.date;
    }
    if (reason) {
      written.reason = { text: reason.text };
      if (reason.code !== undefined) written.reason.code = reason.code;
    } else if (input.status === 'refused') {
      written.reason = { text: 'Prix non conforme' };
    }
    return written;
  });

describe('buildLifecycleMessage and parseLifecycleMessage', () => {
  test.prop([message])('what is written reads back the same', (input) => {
    const parsed = parseLifecycleMessage(buildLifecycleMessage(input));
    expect(parsed.issuedAt).toBe(input.issuedAt.toISOString().replace('.000', ''));
    expect(parsed.issuer).toEqual({
      siren: input.issuer.siren,
      name: input.issuer.name,
      role: input.issuer.role,
    });
    expect(parsed.references).toHaveLength(1);
    const [reference] = parsed.references;
    expect(reference).toMatchObject({
      invoiceNumber: input.invoice.number,
      invoiceTypeCode: input.invoice.typeCode,
      invoiceIssueDate: input.invoice.issueDate,
      sellerSiren: input.invoice.sellerSiren,
      status: input.status,
    });
    expect(reference?.reason).toEqual(
      input.reason ? { code: input.reason.code ?? null, text: input.reason.text } : null,
    );
    expect(reference?.payments).toEqual(
      input.payment
        ? [
            {
              amount: input.payment.amount,
              currency: input.payment.currency,
              date: input.payment.date ?? null,
            },
          ]
        : [],
    );
  });

  it('writes the phase and UNTDID status of the official examples', () => {
    const base = {
      issuedAt: new Date('2025-08-02T10:05:00Z'),
      issuer: { siren: '100000009', name: 'VENDEUR', role: 'SE' },
      recipient: { siren: '200000008', name: 'ACHETEUR', role: 'BY' },
      invoice: {
        number: 'F202500003',
        issueDate: '2025-07-01',
        typeCode: '380',
        sellerSiren: '100000009',
        receivedAt: new Date('2025-07-01T15:10:00Z'),
      },
    };
    const paid = buildLifecycleMessage({
      ...base,
      status: 'paid',
      payment: { amount: '12000', currency: 'EUR' },
    });
    expect(paid).toContain('<ram:ID>F202500003_212_20250701151000#380_20250701</ram:ID>');
    expect(paid).toMatch(/<rsm:AcknowledgementDocument>.*<ram:TypeCode>23<\/ram:TypeCode>/s);
    expect(paid).toContain('<ram:StatusCode>47</ram:StatusCode>');
    expect(paid).toContain('<ram:TypeCode>MEN</ram:TypeCode>');
    expect(paid).toContain('<ram:ValueAmount currencyID="EUR">12000</ram:ValueAmount>');
    const approved = buildLifecycleMessage({ ...base, status: 'approved' });
    expect(approved).toContain('<ram:StatusCode>1</ram:StatusCode>');
    expect(approved).toContain('<ram:ProcessCondition>Approuvée</ram:ProcessCondition>');
    expect(approved).not.toContain('SpecifiedDocumentStatus');
  });

  it('refuses a refusal without its reason, and a payment on a status that carries none', () => {
    const base = {
      issuedAt: new Date(),
      issuer: { siren: '200000008', name: 'A', role: 'BY' },
      recipient: { siren: '100000009', name: 'V', role: 'SE' },
      invoice: {
        number: 'F-1',
        issueDate: '2026-09-01',
        typeCode: '380',
        sellerSiren: '100000009',
        receivedAt: new Date(),
      },
    };
    expect(() => buildLifecycleMessage({ ...base, status: 'refused' })).toThrow(/reason/);
    expect(() =>
      buildLifecycleMessage({ ...base, status: 'approved', payment: { amount: '1.00', currency: 'EUR' } }),
    ).toThrow(/211 or 212/);
  });
});

describe('parseLifecycleMessage', () => {
  // Written to the structure of the XP Z12-012 Annex B worked examples (a BOM, namespaces declared on
  // the root, comments, an unknown element), with values of our own.
  const disputed = `\uFEFF<?xml version="1.0" encoding="UTF-8"?>
<rsm:CrossDomainAcknowledgementAndResponse xmlns:qdt="urn:un:unece:uncefact:data:standard:QualifiedDataType:100" xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100" xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100" xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossDomainAcknowledgementAndResponse:100">
  <rsm:ExchangedDocumentContext><ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>urn.cpro.gouv.fr:1p0:CDV:invoice</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter></rsm:ExchangedDocumentContext>
  <rsm:ExchangedDocument>
    <ram:ID>FA-77_207_20260915120000#380_20260914</ram:ID> <!-- MDT-4 -->
    <ram:IssueDateTime><udt:DateTimeString format="204">20260916083000</udt:DateTimeString></ram:IssueDateTime>
    <ram:IssuerTradeParty><ram:GlobalID schemeID="0002">552081317</ram:GlobalID><ram:Name>CLIENT</ram:Name><ram:RoleCode>BY</ram:RoleCode></ram:IssuerTradeParty>
    <ram:RecipientTradeParty><ram:GlobalID schemeID="0002">732829320</ram:GlobalID><ram:RoleCode>SE</ram:RoleCode></ram:RecipientTradeParty>
    <ram:RecipientTradeParty><ram:GlobalID schemeID="0238">9998</ram:GlobalID><ram:RoleCode>DFH</ram:RoleCode></ram:RecipientTradeParty>
  </rsm:ExchangedDocument>
  <rsm:AcknowledgementDocument>
    <ram:TypeCode>23</ram:TypeCode>
    <ram:ReferenceReferencedDocument>
      <ram:IssuerAssignedID>FA-77</ram:IssuerAssignedID>
      <ram:StatusCode>46</ram:StatusCode>
      <ram:TypeCode>380</ram:TypeCode>
      <ram:FormattedIssueDateTime><qdt:DateTimeString format="102">20260914</qdt:DateTimeString></ram:FormattedIssueDateTime>
      <ram:ProcessConditionCode>207</ram:ProcessConditionCode>
      <ram:ProcessCondition>En_litige</ram:ProcessCondition>
      <ram:IssuerTradeParty><ram:GlobalID schemeID="0002">732829320</ram:GlobalID></ram:IssuerTradeParty>
      <ram:SpecifiedDocumentStatus>
        <ram:ReasonCode>TX_TVA_ERR</ram:ReasonCode>
        <ram:Reason> Taux de TVA erroné</ram:Reason>
        <ram:RequestedActionCode>NIN</ram:RequestedActionCode>
        <ram:SpecifiedDocumentCharacteristic><ram:ID>BT-152</ram:ID><ram:TypeCode>DIV</ram:TypeCode><ram:ValuePercent>10.00</ram:ValuePercent></ram:SpecifiedDocumentCharacteristic>
        <ram:SpecifiedDocumentCharacteristic><ram:ID>BT-152</ram:ID><ram:TypeCode>DVA</ram:TypeCode><ram:ValuePercent>20.00</ram:ValuePercent></ram:SpecifiedDocumentCharacteristic>
      </ram:SpecifiedDocumentStatus>
      <ram:FutureElement>ignored</ram:FutureElement>
    </ram:ReferenceReferencedDocument>
  </rsm:AcknowledgementDocument>
</rsm:CrossDomainAcknowledgementAndResponse>`;

  it('reads a message in the structure of the official examples', () => {
    expect(parseLifecycleMessage(new TextEncoder().encode(disputed))).toEqual({
      messageId: 'FA-77_207_20260915120000#380_20260914',
      issuedAt: '2026-09-16T08:30:00Z',
      phase: '23',
      issuer: { siren: '552081317', name: 'CLIENT', role: 'BY' },
      references: [
        {
          invoiceNumber: 'FA-77',
          invoiceTypeCode: '380',
          invoiceIssueDate: '2026-09-14',
          sellerSiren: '732829320',
          statusCode: 207,
          status: 'disputed',
          statusLabel: 'En_litige',
          reason: { code: 'TX_TVA_ERR', text: 'Taux de TVA erroné' },
          payments: [],
        },
      ],
    });
  });

  it('keeps a code it does not know as a number with a null status', () => {
    const cancelled = disputed.replace('>207<', '>220<');
    expect(parseLifecycleMessage(cancelled).references[0]).toMatchObject({ statusCode: 220, status: null });
  });

  test.prop([fc.string({ maxLength: 200 })])(
    'throws LifecycleMessageError, never anything else, on any text',
    (text) => {
      try {
        parseLifecycleMessage(text);
      } catch (error) {
        expect(error).toBeInstanceOf(LifecycleMessageError);
      }
    },
  );

  it('refuses what is not well-formed or not a CDAR', () => {
    expect(() => parseLifecycleMessage('<a><b></a>')).toThrow(/well-formed/);
    expect(() => parseLifecycleMessage('<rsm:CrossIndustryInvoice xmlns:rsm="x"/>')).toThrow(
      LifecycleMessageError,
    );
    expect(() => parseLifecycleMessage(disputed.replace('>207<', '>abc<'))).toThrow(/not a number/);
  });
});
