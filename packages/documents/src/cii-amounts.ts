import type { DocumentModel, VatExemption } from './model.ts';

// The few amounts the CII needs that the model does not hold as such (a line's allowance, the
// document allowance per VAT rate, the VAT breakdown per XML category), derived from the
// model's exact cents in integer arithmetic: never a binary-float sum.

/**
 * VAT category codes we emit (UNTDID 5305): standard, zero rated, reverse charge, and the
 * exemptions (exempt, export, not subject, intra-community supply).
 */
export type VatCategory = 'S' | 'Z' | 'AE' | VatExemption['category'];

export interface VatKey {
  category: VatCategory;
  /**
   * BT-96 / BT-119 / BT-152: 0 for Z, AE, E, G and K (BR-Z-05, BR-AE-05, BR-E-05, BR-G-05,
   * BR-IC-05); none for O, which has no rate at all (BR-O-05).
   */
  rate: number | null;
}

/** One BG-23 entry: a category and rate, its base (BT-116) and its VAT (BT-117). */
export interface VatGroup extends VatKey {
  base: number;
  amount: number;
}

/** One BG-20 entry: the document discount taken on one of the model's VAT rates. */
export interface DocumentAllowance extends VatKey {
  /** BT-93: the line nets of that rate. */
  basis: number;
  /** BT-92. */
  amount: number;
}

/**
 * An exact decimal as a bigint of `scale` decimals. Model amounts are NUMERIC(18, 2) and
 * quantities/prices NUMERIC(18, 4) read as numbers: `toFixed` gives back their decimal digits.
 */
function scaled(value: number, scale: number): bigint {
  const [whole = '0', fraction = ''] = value.toFixed(scale).split('.');
  const digits = BigInt(`${whole.replace('-', '')}${fraction}`);
  return whole.startsWith('-') ? -digits : digits;
}

export const toCents = (value: number): bigint => scaled(value, 2);

export function fromCents(cents: bigint): number {
  const negative = cents < 0n;
  const digits = (negative ? -cents : cents).toString().padStart(3, '0');
  return Number(`${negative ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`);
}

/** quantity × unit price (4 decimals each, so 8 decimals), rounded half up to the cent. */
export function grossCents(quantity: number, unitPrice: number): bigint {
  const product = scaled(quantity, 4) * scaled(unitPrice, 4);
  const half = 500_000n;
  return product >= 0n ? (product + half) / 1_000_000n : -((-product + half) / 1_000_000n);
}

/**
 * BG-27 (BT-136): what the line's discount took off, so that quantity × net price − allowance
 * is the model's net amount (BT-131) within the half cent that rounding the gross leaves.
 */
export function lineAllowanceCents(line: DocumentModel['lines'][number]): bigint {
  return grossCents(line.quantity, line.unitPrice) - toCents(line.netAmount);
}

/**
 * The XML category of a model rate: the exemption's when there is one (an intra-community supply
 * under reverse charge is one), AE (rate 0) under reverse charge, Z at 0 %, else S.
 */
export function vatKey(model: Pick<DocumentModel, 'reverseCharge' | 'vatExemption'>, rate: number): VatKey {
  const exemption = model.vatExemption?.category;
  if (exemption !== undefined) return { category: exemption, rate: exemption === 'O' ? null : 0 };
  if (model.reverseCharge) return { category: 'AE', rate: 0 };
  return rate === 0 ? { category: 'Z', rate: 0 } : { category: 'S', rate };
}

const keyOf = (key: VatKey) => `${key.category}:${key.rate}`;

function lineNetsByRate(model: DocumentModel): Map<number, bigint> {
  const nets = new Map<number, bigint>();
  for (const line of model.lines)
    nets.set(line.taxRate, (nets.get(line.taxRate) ?? 0n) + toCents(line.netAmount));
  return nets;
}

/**
 * BG-20: one allowance per model VAT rate whose lines were discounted, each the rate's line
 * nets less its base after the discount (both exact cents in the model), so that they sum to
 * the model's discountAmount (checked by assertModelAmounts).
 */
export function documentAllowances(model: DocumentModel): DocumentAllowance[] {
  const nets = lineNetsByRate(model);
  return model.totals.taxes.flatMap((tax) => {
    const basis = nets.get(tax.rate) ?? 0n;
    const amount = basis - toCents(tax.base);
    if (amount === 0n) return [];
    return [{ ...vatKey(model, tax.rate), basis: fromCents(basis), amount: fromCents(amount) }];
  });
}

/**
 * BG-23: the model's taxes per XML category and rate. Under reverse charge or an exemption every
 * rate becomes one category at 0 % (or none), so the model's per-rate entries (all with VAT 0)
 * are summed into one group.
 */
export function vatGroups(model: DocumentModel): VatGroup[] {
  const groups = new Map<string, { key: VatKey; base: bigint; amount: bigint }>();
  for (const tax of model.totals.taxes) {
    const key = vatKey(model, tax.rate);
    const group = groups.get(keyOf(key)) ?? { key, base: 0n, amount: 0n };
    group.base += toCents(tax.base);
    group.amount += toCents(tax.amount);
    groups.set(keyOf(key), group);
  }
  return [...groups.values()].map(({ key, base, amount }) => ({
    ...key,
    base: fromCents(base),
    amount: fromCents(amount),
  }));
}

/**
 * The document's amounts must be self-consistent (EN 16931 BR-CO-10 to BR-CO-16) before any of
 * them is written: a model that breaks one is a bug upstream, never something to round away.
 */
export function assertModelAmounts(model: DocumentModel): void {
  const t = model.totals;
  const sum = (values: number[]) => values.reduce((acc, value) => acc + toCents(value), 0n);
  const failures: string[] = [];
  const expect = (rule: string, actual: bigint, expected: bigint) => {
    if (actual !== expected) failures.push(`${rule}: ${fromCents(actual)} != ${fromCents(expected)}`);
  };
  const nets = [...lineNetsByRate(model).values()].reduce((acc, net) => acc + net, 0n);
  expect('BR-CO-10 subtotal = sum of line nets', toCents(t.subtotal), nets);
  expect(
    'BR-CO-11 discountAmount = sum of allowances',
    toCents(t.discountAmount),
    sum(documentAllowances(model).map((allowance) => allowance.amount)),
  );
  expect(
    'BR-CO-14 taxTotal = sum of VAT per rate',
    toCents(t.taxTotal),
    sum(t.taxes.map((tax) => tax.amount)),
  );
  expect(
    'BR-CO-13/15 total = subtotal - discount + VAT',
    toCents(t.total),
    toCents(t.subtotal) - toCents(t.discountAmount) + toCents(t.taxTotal),
  );
  expect('BR-CO-16 balance = total - paid', toCents(t.balance), toCents(t.total) - toCents(t.paid));
  if (documentAllowances(model).some((allowance) => allowance.amount < 0)) {
    failures.push('BG-20: a VAT rate has a base above its line nets');
  }
  if (model.vatExemption !== null && t.taxes.some((tax) => toCents(tax.amount) !== 0n)) {
    failures.push(`BG-23: an exempt document (${model.vatExemption.code}) charges VAT`);
  }
  const rates = new Set(model.lines.map((line) => line.taxRate));
  if (t.taxes.length !== rates.size || t.taxes.some((tax) => !rates.has(tax.rate))) {
    failures.push('BG-23: the taxes are not one entry per line VAT rate');
  }
  if (failures.length > 0) {
    throw new Error(
      `Document ${model.number ?? '(unnumbered)'} has inconsistent amounts: ${failures.join('; ')}`,
    );
  }
}
