import {
  ALLOWANCE_REASONS_CODES,
  type ComfortProfile,
  type CURRENCY_CODES,
  DOCUMENT_TYPE_CODES,
  EXEMPTION_REASON_CODES,
  PROFILES,
  TAX_CATEGORY_CODES,
  TAX_TYPE_CODE,
  TIME_REFERENCE_CODES,
  UNIT_CODES,
} from 'factur-x-kit';
import {
  assertModelAmounts,
  documentAllowances,
  fromCents,
  grossCents,
  lineAllowanceCents,
  toCents,
  type VatCategory,
  vatGroups,
  vatKey,
} from './cii-amounts.ts';
import {
  buyerParty,
  deliveryParty,
  legalMentions,
  paymentMeans,
  paymentTermsText,
  sellerParty,
} from './cii-parties.ts';
import {
  comfortFacturX,
  libraryOpenAmount,
  netPrice,
  withExactQuantities,
  withShortRates,
} from './cii-workarounds.ts';
import { calendarDate } from './dates.ts';
import type { DocumentLine, DocumentModel } from './model.ts';
import { asksForPayment } from './payment-terms.ts';
import { mapStrings } from './pdf/glyphs.ts';

// The CII XML of an issued invoice or credit note, Factur-X 1.07.3 profile EN 16931 (COMFORT),
// built by factur-x-kit from a profile object we fill with the model's own amounts. We do not
// use its totalsCalculator: it would recompute the money in binary floats, and it drops BT-8.

const DISCOUNT_REASON = 'Remise';
const REVERSE_CHARGE_REASON = 'Autoliquidation';

const categories: Record<VatCategory, TAX_CATEGORY_CODES> = {
  S: TAX_CATEGORY_CODES.STANDARD_RATE,
  Z: TAX_CATEGORY_CODES.ZERO_RATED_GOODS,
  AE: TAX_CATEGORY_CODES.VAT_REVERSE_CHARGE,
  E: TAX_CATEGORY_CODES.EXEMPT_FROM_TAX,
  G: TAX_CATEGORY_CODES.EXPORT_TAX_NOT_CHARGED,
  O: TAX_CATEGORY_CODES.NOT_SUBJECT_TO_VAT,
  K: TAX_CATEGORY_CODES.INTRA_COMMUNITY_SUPPLY_VAT_EXEMPT,
};

const exemptionCodes: ReadonlySet<string> = new Set(Object.values(EXEMPTION_REASON_CODES));

/** BT-120 and BT-121 of a VAT breakdown: why its category carries no VAT, if it is one that says. */
function exemptionReason(model: DocumentModel, category: VatCategory) {
  if (category === 'AE') {
    return {
      exemptionReason: REVERSE_CHARGE_REASON,
      exemptionReasonCode: EXEMPTION_REASON_CODES.Reverse_charge,
    };
  }
  const exemption = model.vatExemption;
  if (exemption === null || exemption.category !== category) return {};
  // The model's code is core's, from the same code list: one factur-x-kit lacks is a bug upstream.
  if (!exemptionCodes.has(exemption.code)) {
    throw new Error(`Document ${model.number}: ${exemption.code} is not a VATEX code factur-x-kit knows`);
  }
  return { exemptionReason: exemption.text, exemptionReasonCode: exemption.code as EXEMPTION_REASON_CODES };
}

/**
 * BT-130 from the unit text a line shows (UN/ECE recommendation 20). Units without a code of
 * their own (a flat fee, "pièce", none) are counted as "one" (C62).
 */
const unitCodes: Record<string, UNIT_CODES> = {
  h: UNIT_CODES.HOUR,
  heure: UNIT_CODES.HOUR,
  heures: UNIT_CODES.HOUR,
  hour: UNIT_CODES.HOUR,
  j: UNIT_CODES.DAY,
  jour: UNIT_CODES.DAY,
  jours: UNIT_CODES.DAY,
  day: UNIT_CODES.DAY,
  mois: UNIT_CODES.MONTH,
  month: UNIT_CODES.MONTH,
  kg: UNIT_CODES.KILOGRAM,
  g: UNIT_CODES.GRAM,
  t: UNIT_CODES.TONNE_METRIC_TON,
  l: UNIT_CODES.LITRE,
  m: UNIT_CODES.METRE,
  km: UNIT_CODES.KILOMETRE,
  m2: UNIT_CODES.SQUARE_METRE,
  'm²': UNIT_CODES.SQUARE_METRE,
  m3: UNIT_CODES.CUBIC_METRE,
  'm³': UNIT_CODES.CUBIC_METRE,
};

export function unitCode(unit: string | null): UNIT_CODES {
  if (unit === null) return UNIT_CODES.ONE;
  return unitCodes[unit.trim().toLowerCase()] ?? UNIT_CODES.ONE;
}

/** BT-23, the French "cadre de facturation": goods (B1), services (S1) or both (M1). */
const businessProcess: Record<DocumentModel['operationCategory'], string> = {
  goods: 'B1',
  services: 'S1',
  mixed: 'M1',
};

function tradeTax(model: DocumentModel, rate: number) {
  const key = vatKey(model, rate);
  return {
    typeCode: TAX_TYPE_CODE.VALUE_ADDED_TAX_VAT,
    categoryCode: categories[key.category],
    rateApplicablePercent: key.rate ?? undefined,
  };
}

function invoiceLine(model: DocumentModel, line: DocumentLine): ComfortProfile['invoiceLines'][number] {
  const allowance = lineAllowanceCents(line);
  return {
    generalLineData: { lineId: String(line.position + 1) },
    productDescription: { name: line.description },
    productPriceAgreement: { productNetPricing: { netPricePerItem: netPrice(line.unitPrice) } },
    delivery: { itemQuantity: { quantity: line.quantity, unit: unitCode(line.unit) } },
    settlement: {
      tax: tradeTax(model, line.taxRate),
      lineLevelAllowancesAndCharges:
        allowance === 0n
          ? undefined
          : {
              allowances: [
                {
                  actualAmount: fromCents(allowance),
                  basisAmount: fromCents(grossCents(line.quantity, line.unitPrice)),
                  calculationPercent: line.discountPercent,
                  reasonCode: ALLOWANCE_REASONS_CODES.Discount,
                  reason: DISCOUNT_REASON,
                },
              ],
            },
      lineTotals: { netTotal: line.netAmount },
    },
  };
}

function totals(model: DocumentModel): ComfortProfile['totals'] {
  const t = model.totals;
  const allowances = documentAllowances(model);
  const currency = model.currency as CURRENCY_CODES;
  return {
    sumWithoutAllowancesAndCharges: t.subtotal,
    documentLevelAllowancesAndCharges:
      allowances.length === 0
        ? undefined
        : {
            allowances: allowances.map((allowance) => ({
              actualAmount: allowance.amount,
              basisAmount: allowance.basis,
              calculationPercent: model.discountPercent,
              reasonCode: ALLOWANCE_REASONS_CODES.Discount,
              reason: DISCOUNT_REASON,
              categoryTradeTax: {
                typeCode: TAX_TYPE_CODE.VALUE_ADDED_TAX_VAT,
                categoryCode: categories[allowance.category],
                rateApplicablePercent: allowance.rate ?? undefined,
              },
            })),
          },
    allowanceTotalAmount: allowances.length === 0 ? undefined : t.discountAmount,
    netTotal: fromCents(toCents(t.subtotal) - toCents(t.discountAmount)),
    taxBreakdown: vatGroups(model).map((group) => ({
      typeCode: TAX_TYPE_CODE.VALUE_ADDED_TAX_VAT,
      categoryCode: categories[group.category],
      rateApplicablePercent: group.rate ?? undefined,
      basisAmount: group.base,
      calculatedAmount: group.amount,
      ...exemptionReason(model, group.category),
      // BT-8 code 5: VAT is due when the invoice is issued (the seller's option for "débits").
      dueDateTypeCode: model.seller.vatOnDebits ? TIME_REFERENCE_CODES.DATE_OF_INVOICE : undefined,
    })),
    taxTotal: [{ amount: t.taxTotal, currency }],
    grossTotal: t.total,
    prepaidAmount: t.paid,
    openAmount: libraryOpenAmount(model),
  };
}

/**
 * Text as XML 1.0 can carry it: a character it forbids (a control character other than tab and
 * line breaks, U+FFFE, U+FFFF), which core stores and factur-x-kit writes as it is, would make
 * the whole file unreadable; it becomes U+FFFD, as on the PDF for a glyph the font lacks.
 */
const xmlText = (text: string) =>
  text.replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '\uFFFD');

/** The EN 16931 (COMFORT) profile object of an issued invoice or credit note. */
export function facturXProfile(given: DocumentModel): ComfortProfile {
  const model = mapStrings(given, xmlText);
  if (model.kind === 'quote' || model.draft || model.number === null || model.issuedAt === null) {
    throw new Error('Only an issued invoice or credit note has a Factur-X XML (not a draft, not a quote)');
  }
  if (model.kind === 'credit_note' && model.credited === null) {
    throw new Error(`Credit note ${model.number} does not name the invoice it credits`);
  }
  assertModelAmounts(model);
  return {
    profile: PROFILES.COMFORT,
    businessProcessType: businessProcess[model.operationCategory],
    document: {
      id: model.number,
      type:
        model.kind === 'credit_note'
          ? DOCUMENT_TYPE_CODES.CREDIT_NOTE
          : DOCUMENT_TYPE_CODES.COMMERCIAL_INVOICE,
      dateOfIssue: calendarDate(model.issuedAt),
      currency: model.currency as CURRENCY_CODES,
      notes: legalMentions(model),
    },
    seller: sellerParty(model),
    buyer: buyerParty(model),
    invoiceLines: model.lines.map((line) => invoiceLine(model, line)),
    referencedDocuments:
      model.credited === null
        ? undefined
        : {
            referencedInvoice: [
              { documentId: model.credited.number, issueDate: calendarDate(model.credited.issuedAt) },
            ],
          },
    delivery: deliveryParty(model),
    paymentInformation: {
      // BT-83 links a payment to the invoice: a credit note is paid by no one.
      paymentReference: asksForPayment(model) ? model.number : undefined,
      paymentMeans: paymentMeans(model),
      paymentTerms: {
        description: paymentTermsText(model),
        dueDate: model.dueAt === null || !asksForPayment(model) ? undefined : calendarDate(model.dueAt),
      },
    },
    totals: totals(model),
  };
}

/**
 * The Factur-X XML (CII, EN 16931) of an issued invoice or credit note. Throws when the model
 * is not an issued document, when its amounts are inconsistent, or when factur-x-kit's
 * business rules refuse it: an invalid legal document is never returned.
 */
export async function renderFacturXXml(model: DocumentModel): Promise<string> {
  const facturX = await comfortFacturX(facturXProfile(model));
  let xml: string;
  try {
    // getXML() parses the whole profile (structure and business rules) and throws if it fails.
    xml = await facturX.getXML();
  } catch (error) {
    const errors = (facturX.validate().errors ?? []).map(
      (issue) => `${issue.message} (${issue.path.join('.')})`,
    );
    throw new Error(`Document ${model.number} breaks EN 16931 rules: ${errors.join('; ') || String(error)}`, {
      cause: error,
    });
  }
  return withShortRates(withExactQuantities(xml, model));
}
