import type { TaxEntry } from '@comptoir/db';
import { Decimal } from 'decimal.js';

/** What a document's lines and discount come to (EN 16931 BG-22 and BG-23), as stored. */
export interface DocumentAmounts {
  /** Sum of the line net amounts (BT-106). */
  subtotal: number;
  /** The document discount, an allowance per VAT rate (BT-107). */
  discountAmount: number;
  /** Per rate: the base after the discount (BT-116) and its VAT (BT-117). */
  taxes: TaxEntry[];
  /** Sum of the VAT per rate (BT-110). */
  taxTotal: number;
  /** subtotal − discountAmount + taxTotal (BT-112). */
  total: number;
}

/** The totals a read shows: the amounts, what was paid, and what is left. */
export interface DocumentTotals {
  subtotal: number;
  discountAmount: number;
  taxes: TaxEntry[];
  total: number;
  paid: number;
  balance: number;
}

export interface PricedLine {
  quantity: Decimal.Value;
  unitPrice: Decimal.Value;
  taxRate: Decimal.Value;
  discountPercent?: Decimal.Value | undefined;
}

export interface DocumentTerms {
  /** Percent off the whole document, 0 when absent. */
  discountPercent?: Decimal.Value | undefined;
  /** Reverse charge (VAT category AE): the buyer accounts for the VAT, none is charged. */
  reverseCharge?: boolean | undefined;
}

const cents = (value: Decimal.Value) => new Decimal(value).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
const percentOf = (amount: Decimal, percent: Decimal.Value) => amount.times(percent).div(100);

/** A line's net amount (BT-131): quantity × unit price less its discount, rounded to the cent. */
export function lineNetAmount(line: Omit<PricedLine, 'taxRate'>): Decimal {
  const gross = new Decimal(line.quantity).times(line.unitPrice);
  return cents(gross.minus(percentOf(gross, line.discountPercent ?? 0)));
}

/**
 * EN 16931 totals, in decimal arithmetic: line nets rounded to the cent and summed; the
 * document discount taken per VAT rate (an allowance of that rate, rounded to the cent); the
 * VAT computed once per rate on that rate's discounted base, rounded to the cent.
 */
export function documentAmounts(lines: readonly PricedLine[], terms: DocumentTerms = {}): DocumentAmounts {
  const baseByRate = new Map<string, Decimal>();
  for (const line of lines) {
    const rate = new Decimal(line.taxRate).toString();
    baseByRate.set(rate, (baseByRate.get(rate) ?? new Decimal(0)).plus(lineNetAmount(line)));
  }
  let subtotal = new Decimal(0);
  let discountAmount = new Decimal(0);
  let taxTotal = new Decimal(0);
  const taxes: TaxEntry[] = [];
  for (const [rate, lineNets] of [...baseByRate.entries()].sort(([a], [b]) => Number(a) - Number(b))) {
    const allowance = cents(percentOf(lineNets, terms.discountPercent ?? 0));
    const base = lineNets.minus(allowance);
    const amount = terms.reverseCharge ? new Decimal(0) : cents(percentOf(base, rate));
    subtotal = subtotal.plus(lineNets);
    discountAmount = discountAmount.plus(allowance);
    taxTotal = taxTotal.plus(amount);
    taxes.push({ rate: Number(rate), base: base.toNumber(), amount: amount.toNumber() });
  }
  return {
    subtotal: subtotal.toNumber(),
    discountAmount: discountAmount.toNumber(),
    taxes,
    taxTotal: taxTotal.toNumber(),
    total: subtotal.minus(discountAmount).plus(taxTotal).toNumber(),
  };
}

/**
 * The totals a read shows, from the stored amounts and the sum of the payments. `owed` false:
 * the document asks for nothing (a cancelled invoice, a credit note), so its balance is 0.
 */
export function documentTotals(
  amounts: DocumentAmounts,
  paid: Decimal.Value = 0,
  owed = true,
): DocumentTotals {
  return {
    subtotal: amounts.subtotal,
    discountAmount: amounts.discountAmount,
    taxes: amounts.taxes,
    total: amounts.total,
    paid: new Decimal(paid).toNumber(),
    balance: owed ? new Decimal(amounts.total).minus(paid).toNumber() : 0,
  };
}
