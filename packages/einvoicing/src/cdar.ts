import { z } from 'zod';
import { codeOfStatus, labelOfStatus, type PlatformStatus, statusOfCode } from './lifecycle.ts';
import { element, parseXml, serialize, type XmlNode, xmlText, xmlTextWith } from './xml.ts';

// Lifecycle statuses travel as CDAR messages (UN/CEFACT CrossDomainAcknowledgementAndResponse, profile
// urn.cpro.gouv.fr:1p0:CDV:invoice), submitted and received as flows of syntax CDAR. The structure below
// follows the worked examples of XP Z12-012 Annex B (statuses 200 to 212); the MDT numbers are the data
// elements of its Annex A. See docs/einvoicing.md for what could not be confirmed.

const namespaces = {
  'xmlns:rsm': 'urn:un:unece:uncefact:data:standard:CrossDomainAcknowledgementAndResponse:100',
  'xmlns:ram': 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100',
  'xmlns:udt': 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100',
  'xmlns:qdt': 'urn:un:unece:uncefact:data:standard:QualifiedDataType:100',
};

const guideline = 'urn.cpro.gouv.fr:1p0:CDV:invoice';
/** ISO 6523 scheme of a SIREN. */
const sirenScheme = '0002';

/**
 * MDT-77 (the phase: 305 transmission, statuses the platforms set; 23 processing, statuses the parties
 * set) and MDT-88 (the UNTDID 1373 status code matching the lifecycle code).
 */
const codes: Record<PlatformStatus, { phase: '305' | '23'; untdid: string }> = {
  deposited: { phase: '305', untdid: '10' },
  issued: { phase: '305', untdid: '51' },
  received: { phase: '305', untdid: '43' },
  made_available: { phase: '305', untdid: '48' },
  rejected: { phase: '305', untdid: '8' },
  in_process: { phase: '23', untdid: '45' },
  approved: { phase: '23', untdid: '1' },
  partially_approved: { phase: '23', untdid: '49' },
  disputed: { phase: '23', untdid: '46' },
  suspended: { phase: '23', untdid: '39' },
  completed: { phase: '23', untdid: '37' },
  refused: { phase: '23', untdid: '50' },
  payment_transmitted: { phase: '23', untdid: '47' },
  paid: { phase: '23', untdid: '47' },
};

/** MDT-207: the characteristic carrying a payment amount (211: MPA, 212: MEN). */
const paymentCharacteristic: Partial<Record<PlatformStatus, string>> = {
  payment_transmitted: 'MPA',
  paid: 'MEN',
};

/** UN/CEFACT 3035 role codes: SE seller, BY buyer, WK working party (a platform), DFH the PPF. */
export type PartyRole = 'SE' | 'BY' | 'WK' | 'DFH' | (string & {});

export interface LifecycleParty {
  siren: string;
  name: string;
  role: PartyRole;
}

export interface LifecyclePayment {
  /** A decimal string, e.g. `1200.00`. */
  amount: string;
  currency: string;
  /** `YYYY-MM-DD`. */
  date?: string;
  /** The VAT rate the amount falls under, when it is to be reported (a decimal string, e.g. `20.00`). */
  vatRate?: string;
}

export interface LifecycleMessageInput {
  status: PlatformStatus;
  issuedAt: Date;
  /** Who reports the status (MDT-38 to MDT-40). */
  issuer: LifecycleParty;
  /** Who it is reported to (MDT-57 to MDT-59). */
  recipient: LifecycleParty;
  invoice: {
    /** BT-1. */
    number: string;
    /** BT-2, `YYYY-MM-DD`. */
    issueDate: string;
    /** BT-3, 380 for an invoice, 381 for a credit note. */
    typeCode: string;
    sellerSiren: string;
    /** When the invoice was deposited or received (MDT-95); the examples always carry it. */
    receivedAt: Date;
  };
  reason?: { code?: string; text: string };
  payment?: LifecyclePayment;
  /** MDT-4. By default the pattern of the official examples: `<number>_<code>_<receivedAt>#<type>_<date>`. */
  messageId?: string;
}

/** CCYYMMDDHHMMSS (format 204), in UTC. */
function dateTime204(date: Date): string {
  return date.toISOString().replace(/[-:T]/g, '').slice(0, 14);
}

/** CCYYMMDD (format 102). */
function date102(isoDate: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(isoDate)) throw new Error(`Expected a date as YYYY-MM-DD, got ${isoDate}`);
  return isoDate.replaceAll('-', '');
}

function party(name: string, value: LifecycleParty): XmlNode {
  return element(name, [
    element('ram:GlobalID', value.siren, { schemeID: sirenScheme }),
    element('ram:Name', value.name),
    element('ram:RoleCode', value.role),
  ]);
}

/** A CDAR message reporting one status of one invoice. */
export function buildLifecycleMessage(input: LifecycleMessageInput): string {
  const { status, invoice, reason, payment } = input;
  const code = codeOfStatus(status);
  const { phase, untdid } = codes[status];
  if (status === 'refused' && !reason) throw new Error('A refusal (210) must carry its reason');
  const characteristic = paymentCharacteristic[status];
  if (payment && !characteristic) throw new Error(`A payment amount goes with 211 or 212, not ${code}`);
  const messageId =
    input.messageId ??
    `${invoice.number}_${code}_${dateTime204(invoice.receivedAt)}#${invoice.typeCode}_${date102(invoice.issueDate)}`;
  const label = labelOfStatus(status).replaceAll(' ', '_');

  const documentStatus =
    reason || payment
      ? element('ram:SpecifiedDocumentStatus', [
          reason?.code ? element('ram:ReasonCode', reason.code) : null,
          reason ? element('ram:Reason', reason.text) : null,
          payment && characteristic
            ? element('ram:SpecifiedDocumentCharacteristic', [
                element('ram:TypeCode', characteristic),
                element('ram:ValueChangedIndicator', [element('udt:IndicatorString', 'false')]),
                element('ram:ValueAmount', payment.amount, { currencyID: payment.currency }),
                payment.date
                  ? element('ram:ValueDateTime', [
                      element('udt:DateTimeString', date102(payment.date), { format: '102' }),
                    ])
                  : null,
                payment.vatRate ? element('ram:ValuePercent', payment.vatRate) : null,
              ])
            : null,
        ])
      : null;

  const root = element(
    'rsm:CrossDomainAcknowledgementAndResponse',
    [
      element('rsm:ExchangedDocumentContext', [
        element('ram:BusinessProcessSpecifiedDocumentContextParameter', [element('ram:ID', 'REGULATED')]),
        element('ram:GuidelineSpecifiedDocumentContextParameter', [element('ram:ID', guideline)]),
      ]),
      element('rsm:ExchangedDocument', [
        element('ram:ID', messageId),
        element('ram:Name', `${invoice.number}-CDV-${code}_${label}`),
        element('ram:IssueDateTime', [
          element('udt:DateTimeString', dateTime204(input.issuedAt), { format: '204' }),
        ]),
        element('ram:SenderTradeParty', [element('ram:RoleCode', 'WK')]),
        party('ram:IssuerTradeParty', input.issuer),
        party('ram:RecipientTradeParty', input.recipient),
      ]),
      element('rsm:AcknowledgementDocument', [
        element('ram:MultipleReferencesIndicator', [element('udt:Indicator', 'false')]),
        element('ram:TypeCode', phase),
        element('ram:IssueDateTime', [
          element('udt:DateTimeString', dateTime204(input.issuedAt), { format: '204' }),
        ]),
        element('ram:ReferenceReferencedDocument', [
          element('ram:IssuerAssignedID', invoice.number),
          element('ram:StatusCode', untdid),
          element('ram:TypeCode', invoice.typeCode),
          element('ram:ReceiptDateTime', [
            element('udt:DateTimeString', dateTime204(invoice.receivedAt), { format: '204' }),
          ]),
          element('ram:FormattedIssueDateTime', [
            element('qdt:DateTimeString', date102(invoice.issueDate), { format: '102' }),
          ]),
          element('ram:ProcessConditionCode', String(code)),
          element('ram:ProcessCondition', label),
          element('ram:IssuerTradeParty', [
            element('ram:GlobalID', invoice.sellerSiren, { schemeID: sirenScheme }),
          ]),
          documentStatus,
        ]),
      ]),
    ],
    namespaces,
  );
  return serialize(root);
}

// ---------------------------------------------------------------------------------------------------
// Reading

const dateTimeNode = z.object({ DateTimeString: xmlTextWith('format') }).optional();

const partyNode = z
  .object({
    GlobalID: xmlTextWith('schemeID').optional(),
    Name: xmlText.optional(),
    RoleCode: xmlText.optional(),
  })
  .optional();

const characteristicNode = z.object({
  TypeCode: xmlText.optional(),
  ValueAmount: xmlTextWith('currencyID').optional(),
  ValueDateTime: dateTimeNode,
  ValuePercent: xmlText.optional(),
});

const documentStatusNode = z.object({
  ReasonCode: xmlText.optional(),
  Reason: xmlText.optional(),
  SpecifiedDocumentCharacteristic: z.array(characteristicNode).optional(),
});

const referencedDocumentNode = z.object({
  IssuerAssignedID: xmlText,
  StatusCode: xmlText.optional(),
  TypeCode: xmlText.optional(),
  ReceiptDateTime: dateTimeNode,
  FormattedIssueDateTime: dateTimeNode,
  ProcessConditionCode: xmlText,
  ProcessCondition: xmlText.optional(),
  IssuerTradeParty: partyNode,
  SpecifiedDocumentStatus: z.array(documentStatusNode).optional(),
});

const cdarTree = z.object({
  CrossDomainAcknowledgementAndResponse: z.object({
    ExchangedDocument: z.object({
      ID: xmlText,
      IssueDateTime: dateTimeNode,
      IssuerTradeParty: partyNode,
      RecipientTradeParty: z.array(z.object({ GlobalID: xmlTextWith('schemeID').optional() })).optional(),
    }),
    AcknowledgementDocument: z.object({
      TypeCode: xmlText.optional(),
      ReferenceReferencedDocument: z.array(referencedDocumentNode).min(1),
    }),
  }),
});

const repeatable = [
  'RecipientTradeParty',
  'ReferenceReferencedDocument',
  'SpecifiedDocumentStatus',
  'SpecifiedDocumentCharacteristic',
] as const;

export interface LifecycleReference {
  /** BT-1 of the invoice the status is about. */
  invoiceNumber: string;
  invoiceTypeCode: string | null;
  /** `YYYY-MM-DD`. */
  invoiceIssueDate: string | null;
  sellerSiren: string | null;
  statusCode: number;
  /** Null for a lifecycle code this model does not know. */
  status: PlatformStatus | null;
  statusLabel: string | null;
  reason: { code: string | null; text: string | null } | null;
  payments: { amount: string; currency: string | null; date: string | null }[];
}

export interface LifecycleMessage {
  messageId: string;
  /** ISO 8601, read as UTC. */
  issuedAt: string | null;
  /** MDT-77: `305` transmission phase, `23` processing phase. */
  phase: string | null;
  issuer: { siren: string | null; name: string | null; role: string | null };
  references: LifecycleReference[];
}

export class LifecycleMessageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LifecycleMessageError';
  }
}

function readDateTime(node: { text: string; attribute: string | null } | undefined): string | null {
  if (!node) return null;
  const text = node.text.trim();
  if (/^\d{14}$/.test(text)) {
    return `${text.slice(0, 4)}-${text.slice(4, 6)}-${text.slice(6, 8)}T${text.slice(8, 10)}:${text.slice(10, 12)}:${text.slice(12, 14)}Z`;
  }
  if (/^\d{8}$/.test(text)) return `${text.slice(0, 4)}-${text.slice(4, 6)}-${text.slice(6, 8)}`;
  return null;
}

function nonEmpty(text: string | undefined): string | null {
  const trimmed = text?.trim();
  return trimmed ? trimmed : null;
}

/** Reads a CDAR lifecycle message (a flow of syntax CDAR). Throws LifecycleMessageError when it is not one. */
export function parseLifecycleMessage(input: string | Uint8Array): LifecycleMessage {
  const xml = typeof input === 'string' ? input : new TextDecoder().decode(input);
  let tree: unknown;
  try {
    tree = parseXml(xml, repeatable);
  } catch (error) {
    throw new LifecycleMessageError(error instanceof Error ? error.message : String(error));
  }
  const parsed = cdarTree.safeParse(tree);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new LifecycleMessageError(
      `Not a CDAR lifecycle message: ${issue ? `${issue.path.join('/')}: ${issue.message}` : 'unexpected shape'}`,
    );
  }
  const root = parsed.data.CrossDomainAcknowledgementAndResponse;
  const references = root.AcknowledgementDocument.ReferenceReferencedDocument.map(
    (reference): LifecycleReference => {
      const statusCode = Number(reference.ProcessConditionCode.trim());
      if (!Number.isInteger(statusCode)) {
        throw new LifecycleMessageError(`Status code ${reference.ProcessConditionCode} is not a number`);
      }
      const statuses = reference.SpecifiedDocumentStatus ?? [];
      const withReason = statuses.find(
        (entry) => entry.Reason !== undefined || entry.ReasonCode !== undefined,
      );
      return {
        invoiceNumber: reference.IssuerAssignedID.trim(),
        invoiceTypeCode: nonEmpty(reference.TypeCode),
        invoiceIssueDate: readDateTime(reference.FormattedIssueDateTime?.DateTimeString),
        sellerSiren: nonEmpty(reference.IssuerTradeParty?.GlobalID?.text),
        statusCode,
        status: statusOfCode(statusCode),
        statusLabel: nonEmpty(reference.ProcessCondition),
        reason: withReason
          ? { code: nonEmpty(withReason.ReasonCode), text: nonEmpty(withReason.Reason) }
          : null,
        payments: statuses
          .flatMap((entry) => entry.SpecifiedDocumentCharacteristic ?? [])
          .filter((characteristic) => characteristic.ValueAmount !== undefined)
          .map((characteristic) => ({
            amount: characteristic.ValueAmount?.text.trim() ?? '',
            currency: characteristic.ValueAmount?.attribute ?? null,
            date: readDateTime(characteristic.ValueDateTime?.DateTimeString),
          })),
      };
    },
  );
  const issuer = root.ExchangedDocument.IssuerTradeParty;
  return {
    messageId: root.ExchangedDocument.ID.trim(),
    issuedAt: readDateTime(root.ExchangedDocument.IssueDateTime?.DateTimeString),
    phase: nonEmpty(root.AcknowledgementDocument.TypeCode),
    issuer: {
      siren: nonEmpty(issuer?.GlobalID?.text),
      name: nonEmpty(issuer?.Name),
      role: nonEmpty(issuer?.RoleCode),
    },
    references,
  };
}
