import { calendarDate } from '../dates.ts';
import type { PostalAddress } from '../model.ts';

// French presentation of the model's values. These functions only format: every amount is
// already rounded to the cent by core, so toFixed(2) changes no digit, it writes the zeros.
// Numbers are written by hand rather than with Intl.NumberFormat so that how an amount prints
// does not depend on the ICU version of the Node that renders it (grouping characters have
// changed between ICU releases).

/** The group separator French typography uses in numbers (narrow no-break space). */
const GROUP = '\u202f';
/** Between a number and its unit ("20 %", "10,00 €"). */
const NBSP = '\u00a0';

function groupThousands(integerPart: string): string {
  return integerPart.replace(/\B(?=(\d{3})+(?!\d))/g, GROUP);
}

/** 1234.5 -> "1 234,50" */
export function formatDecimal(value: number, fractionDigits = 2): string {
  const negative = value < 0;
  const [integerPart = '0', fraction] = Math.abs(value).toFixed(fractionDigits).split('.');
  const text = groupThousands(integerPart) + (fraction ? `,${fraction}` : '');
  return negative ? `-${text}` : text;
}

/** 1234.5, 'EUR' -> "1 234,50 €"; another currency keeps its ISO code ("1 234,50 USD"). */
export function formatMoney(value: number, currency: string): string {
  return `${formatDecimal(value)}${NBSP}${currency === 'EUR' ? '€' : currency}`;
}

/** A number as entered (quantity, rate): no trailing zeros, French decimal comma. */
export function formatNumber(value: number): string {
  const [integerPart = '0', fraction] = String(Math.abs(value)).split('.');
  const text = groupThousands(integerPart) + (fraction ? `,${fraction}` : '');
  return value < 0 ? `-${text}` : text;
}

/** 5.5 -> "5,5 %" */
export function formatPercent(value: number): string {
  return `${formatNumber(value)}${NBSP}%`;
}

/** An ISO 8601 instant -> "23/11/2026", its date in Paris (the one the CII XML carries). */
export function formatDate(instant: string): string {
  const { year, month, day } = calendarDate(instant);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(day)}/${pad(month)}/${year}`;
}

/** "FR7630006000011234567890189" -> "FR76 3000 6000 0112 3456 7890 189" */
export function formatIban(iban: string): string {
  return iban.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');
}

const countryNames = new Intl.DisplayNames(['fr'], { type: 'region' });

export function countryName(countryCode: string): string {
  try {
    return countryNames.of(countryCode.toUpperCase()) ?? countryCode;
  } catch {
    return countryCode;
  }
}

/** The lines of a postal address as printed, the country last. */
export function addressLines(address: PostalAddress): string[] {
  const cityLine = [address.postalCode, address.city].filter(Boolean).join(' ');
  return [...address.lines, ...(cityLine ? [cityLine] : []), countryName(address.countryCode)];
}
