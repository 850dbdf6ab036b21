import { type ComfortProfile, FacturX } from 'factur-x-kit';
import { toCents } from './cii-amounts.ts';
import type { DocumentModel } from './model.ts';

// Where factur-x-kit 0.3.1 cannot write a correct document as it stands, the smallest way
// around it, each checked so that what is written is exactly the model's figure. Each is a
// candidate upstream fix (then a pnpm patch, then this file shrinks).

/**
 * BT-146 as factur-x-kit 0.3.1 writes it: it omits a price that is falsy, so a free line (0)
 * would lose its mandatory ChargeAmount and fail. It rounds prices to 4 decimals before
 * printing, so a value far below that is printed exactly "0.0000".
 */
const PRINTED_AS_ZERO = 1e-9;
export const netPrice = (unitPrice: number) => (unitPrice === 0 ? PRINTED_AS_ZERO : unitPrice);

/**
 * BT-115 as factur-x-kit 0.3.1 accepts it. Its BR-CO-16 compares `openAmount === grossTotal -
 * prepaidAmount` in binary floats with no tolerance (its other BR-CO rules have one), so 296.6
 * - 50 = 246.60000000000002 refuses a correct 246.6 and getXML() throws. We hand it the float it
 * computes, which it prints rounded to the cent: that printed value must be the model's balance.
 */
export function libraryOpenAmount(model: DocumentModel): number {
  const open = model.totals.total - model.totals.paid;
  if (toCents(open) !== toCents(model.totals.balance)) {
    throw new Error(
      `Document ${model.number}: BT-115 would print ${open.toFixed(2)}, not ${model.totals.balance}`,
    );
  }
  return open;
}

/**
 * BT-129 as the model has it. factur-x-kit 0.3.1 prints a billed quantity rounded to 2
 * decimals, where the CII allows 4 and our quantities have up to 4: 0.0001 kg at 50 EUR, net
 * 0.01, would read "0.00" (and its own reader then refuses the line). The i-th BilledQuantity
 * is the i-th line's; only a quantity the rounding changed is rewritten, to 4 decimals.
 */
export function withExactQuantities(xml: string, model: DocumentModel): string {
  let index = 0;
  const result = xml.replace(
    /(<ram:BilledQuantity unitCode="[^"]*">)([^<]*)(<\/ram:BilledQuantity>)/g,
    (element, open: string, printed: string, close: string) => {
      const line = model.lines[index++];
      if (line === undefined) throw new Error(`Document ${model.number}: more BilledQuantity than lines`);
      const exact = line.quantity.toFixed(4);
      return Number(printed) === Number(exact) ? element : `${open}${exact}${close}`;
    },
  );
  if (index !== model.lines.length)
    throw new Error(`Document ${model.number}: ${index} BilledQuantity for ${model.lines.length} lines`);
  return result;
}

/**
 * BT-96, BT-119 and BT-152 with the decimals the rate has, at least 2 ("20.00", "5.50",
 * "5.125"). factur-x-kit 0.3.1 prints every rate with 4 ("20.0000"), valid CII that the French
 * rules flag (BR-FR-DEC-04: at most 2 decimals; BR-FR-16 lists "20.00", "5.50", "2.10"...).
 * Only trailing zeros go: the value written is the one the library printed.
 */
export function withShortRates(xml: string): string {
  return xml.replace(
    /(<ram:RateApplicablePercent>)(\d+\.\d\d)(\d*)(<\/ram:RateApplicablePercent>)/g,
    (_, open: string, kept: string, rest: string, close: string) =>
      `${open}${kept}${rest.replace(/0+$/, '')}${close}`,
  );
}

type Converter = ConstructorParameters<typeof FacturX>[1];
let comfortConverter: Converter | undefined;

/**
 * A FacturX of an EN 16931 profile without FacturX.fromObject's two structure parses (it tries
 * the EXTENDED schema, then the COMFORT one: 40 % of a render, about 1.8 ms a line), which
 * getXML() repeats anyway when it parses the profile in full. The converter is stateless: the
 * one fromObject chose for the first profile serves every later one (public constructor).
 */
export async function comfortFacturX(profile: ComfortProfile): Promise<FacturX> {
  if (comfortConverter !== undefined) return new FacturX(profile, comfortConverter);
  const facturX = await FacturX.fromObject(profile);
  // A private field of factur-x-kit 0.3.1: if a later version renames it, every render takes
  // the fromObject path again, slower and still correct.
  const converter: unknown = Reflect.get(facturX, 'converter');
  if (converter !== undefined && converter !== null) comfortConverter = converter as Converter;
  return facturX;
}
