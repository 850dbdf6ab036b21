import type { InvoiceReference } from './invoice.ts';
import { all, at, attributeOf, escapeXml, parseTree, textOf, xmlProblem } from './xml.ts';

// The platform's own writer and reader of CDAR lifecycle messages (XP Z12-012 Annex B examples).

/** Lifecycle code: label, phase (MDT-77) and UNTDID 1373 status (MDT-88). */
export const lifecycleCodes: Record<number, { label: string; phase: '305' | '23'; untdid: string }> = {
  200: { label: 'Déposée', phase: '305', untdid: '10' },
  201: { label: 'Émise_par_la_plateforme', phase: '305', untdid: '51' },
  202: { label: 'Reçue', phase: '305', untdid: '43' },
  203: { label: 'Mise_à_disposition', phase: '305', untdid: '48' },
  204: { label: 'Prise_en_charge', phase: '23', untdid: '45' },
  205: { label: 'Approuvée', phase: '23', untdid: '1' },
  206: { label: 'Approuvée_partiellement', phase: '23', untdid: '49' },
  207: { label: 'En_litige', phase: '23', untdid: '46' },
  208: { label: 'Suspendue', phase: '23', untdid: '39' },
  209: { label: 'Complétée', phase: '23', untdid: '37' },
  210: { label: 'Refusée', phase: '23', untdid: '50' },
  211: { label: 'Paiement_transmis', phase: '23', untdid: '47' },
  212: { label: 'Encaissée', phase: '23', untdid: '47' },
  213: { label: 'Rejetée', phase: '305', untdid: '8' },
};

/** Who sets each status: the platform (WK), the seller or the buyer. */
export function issuerRoleOf(code: number): 'WK' | 'SE' | 'BY' {
  if (code <= 203 || code === 213) return 'WK';
  return code === 209 || code === 212 ? 'SE' : 'BY';
}

export interface CdarParty {
  siren: string | null;
  name: string | null;
  role: string;
}

export interface CdarInput {
  code: number;
  invoice: InvoiceReference;
  receivedAt: string;
  issuedAt: string;
  reason?: { code?: string; text: string };
  payment?: { amount: string; currency: string; date?: string };
}

function stamp204(iso: string): string {
  return iso.replace(/[-:T]/g, '').slice(0, 14);
}

function party(tag: string, value: CdarParty): string {
  const id = value.siren ? `<ram:GlobalID schemeID="0002">${escapeXml(value.siren)}</ram:GlobalID>` : '';
  const name = value.name ? `<ram:Name>${escapeXml(value.name)}</ram:Name>` : '';
  return `<ram:${tag}>${id}${name}<ram:RoleCode>${value.role}</ram:RoleCode></ram:${tag}>`;
}

/** A CDAR message for one status of one invoice, as a platform or a party sends it. */
export function writeCdar(input: CdarInput): string {
  const known = lifecycleCodes[input.code];
  if (!known) throw new Error(`Unknown lifecycle code ${input.code}`);
  const { invoice } = input;
  const seller: CdarParty = { ...invoice.seller, role: 'SE' };
  const buyer: CdarParty = { ...invoice.buyer, role: 'BY' };
  const role = issuerRoleOf(input.code);
  const issuer: CdarParty =
    role === 'WK' ? { siren: null, name: null, role: 'WK' } : role === 'SE' ? seller : buyer;
  // Platform statuses go to the seller, the parties' to each other.
  const recipient = role === 'SE' ? buyer : seller;
  const date = invoice.issueDate.replaceAll('-', '');
  const reason = input.reason
    ? `${input.reason.code ? `<ram:ReasonCode>${escapeXml(input.reason.code)}</ram:ReasonCode>` : ''}<ram:Reason>${escapeXml(input.reason.text)}</ram:Reason>`
    : '';
  const payment = input.payment
    ? `<ram:SpecifiedDocumentCharacteristic><ram:TypeCode>${input.code === 211 ? 'MPA' : 'MEN'}</ram:TypeCode>` +
      `<ram:ValueAmount currencyID="${escapeXml(input.payment.currency)}">${escapeXml(input.payment.amount)}</ram:ValueAmount>` +
      (input.payment.date
        ? `<ram:ValueDateTime><udt:DateTimeString format="102">${input.payment.date.replaceAll('-', '')}</udt:DateTimeString></ram:ValueDateTime>`
        : '') +
      '</ram:SpecifiedDocumentCharacteristic>'
    : '';
  const status =
    reason || payment ? `<ram:SpecifiedDocumentStatus>${reason}${payment}</ram:SpecifiedDocumentStatus>` : '';
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rsm:CrossDomainAcknowledgementAndResponse',
    ' xmlns:qdt="urn:un:unece:uncefact:data:standard:QualifiedDataType:100"',
    ' xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100"',
    ' xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100"',
    ' xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossDomainAcknowledgementAndResponse:100">',
    '<rsm:ExchangedDocumentContext>',
    '<ram:BusinessProcessSpecifiedDocumentContextParameter><ram:ID>REGULATED</ram:ID></ram:BusinessProcessSpecifiedDocumentContextParameter>',
    '<ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>urn.cpro.gouv.fr:1p0:CDV:invoice</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter>',
    '</rsm:ExchangedDocumentContext>',
    '<rsm:ExchangedDocument>',
    `<ram:ID>${escapeXml(`${invoice.number}_${input.code}_${stamp204(input.issuedAt)}#${invoice.typeCode}_${date}`)}</ram:ID>`,
    `<ram:Name>${escapeXml(`${invoice.number}-CDV-${input.code}_${known.label}`)}</ram:Name>`,
    `<ram:IssueDateTime><udt:DateTimeString format="204">${stamp204(input.issuedAt)}</udt:DateTimeString></ram:IssueDateTime>`,
    '<ram:SenderTradeParty><ram:RoleCode>WK</ram:RoleCode></ram:SenderTradeParty>',
    party('IssuerTradeParty', issuer),
    party('RecipientTradeParty', recipient),
    '</rsm:ExchangedDocument>',
    '<rsm:AcknowledgementDocument>',
    '<ram:MultipleReferencesIndicator><udt:Indicator>false</udt:Indicator></ram:MultipleReferencesIndicator>',
    `<ram:TypeCode>${known.phase}</ram:TypeCode>`,
    `<ram:IssueDateTime><udt:DateTimeString format="204">${stamp204(input.issuedAt)}</udt:DateTimeString></ram:IssueDateTime>`,
    '<ram:ReferenceReferencedDocument>',
    `<ram:IssuerAssignedID>${escapeXml(invoice.number)}</ram:IssuerAssignedID>`,
    `<ram:StatusCode>${known.untdid}</ram:StatusCode>`,
    `<ram:TypeCode>${escapeXml(invoice.typeCode)}</ram:TypeCode>`,
    `<ram:ReceiptDateTime><udt:DateTimeString format="204">${stamp204(input.receivedAt)}</udt:DateTimeString></ram:ReceiptDateTime>`,
    `<ram:FormattedIssueDateTime><qdt:DateTimeString format="102">${date}</qdt:DateTimeString></ram:FormattedIssueDateTime>`,
    `<ram:ProcessConditionCode>${input.code}</ram:ProcessConditionCode>`,
    `<ram:ProcessCondition>${known.label}</ram:ProcessCondition>`,
    invoice.seller.siren
      ? `<ram:IssuerTradeParty><ram:GlobalID schemeID="0002">${escapeXml(invoice.seller.siren)}</ram:GlobalID></ram:IssuerTradeParty>`
      : '',
    status,
    '</ram:ReferenceReferencedDocument>',
    '</rsm:AcknowledgementDocument>',
    '</rsm:CrossDomainAcknowledgementAndResponse>',
    '',
  ].join('\n');
}

/** What the platform reads of a CDAR message a party sends. */
export interface ReceivedStatus {
  invoiceNumber: string;
  code: number;
  issuerRole: string | null;
  reason: string | null;
  payment: { amount: string; currency: string | null } | null;
}

/** Reads each status of a CDAR message; throws with the reason when it is not one. */
export function readCdar(file: Uint8Array): ReceivedStatus[] {
  const text = new TextDecoder().decode(file);
  const problem = xmlProblem(text);
  if (problem) throw new Error(`Not well-formed XML: ${problem}`);
  const root = at(parseTree(text), 'CrossDomainAcknowledgementAndResponse');
  if (root === undefined) throw new Error('The root element is not CrossDomainAcknowledgementAndResponse');
  const issuerRole = textOf(at(root, 'ExchangedDocument', 'IssuerTradeParty', 'RoleCode'));
  const references = all(at(root, 'AcknowledgementDocument'), 'ReferenceReferencedDocument');
  if (references.length === 0) throw new Error('The message references no invoice');
  return references.map((reference) => {
    const invoiceNumber = textOf(at(reference, 'IssuerAssignedID'));
    const code = Number(textOf(at(reference, 'ProcessConditionCode')));
    if (!invoiceNumber) throw new Error('A reference has no IssuerAssignedID');
    if (!lifecycleCodes[code])
      throw new Error(`Unknown lifecycle code ${textOf(at(reference, 'ProcessConditionCode'))}`);
    const status = at(reference, 'SpecifiedDocumentStatus');
    const amount = at(status, 'SpecifiedDocumentCharacteristic', 'ValueAmount');
    const reasonCode = textOf(at(status, 'ReasonCode'));
    const reasonText = textOf(at(status, 'Reason'));
    return {
      invoiceNumber,
      code,
      issuerRole,
      reason: reasonText ?? reasonCode,
      payment: textOf(amount)
        ? { amount: textOf(amount) ?? '', currency: attributeOf(amount, 'currencyID') }
        : null,
    };
  });
}
