import { i18n } from '@lingui/core';

/** An amount in its currency, written as the active locale writes money. */
export function formatAmount(amount: number, currency: string): string {
  return i18n.number(amount, { style: 'currency', currency });
}

/**
 * The day of an instant (an invoice's issue or due date) as it falls in UTC, so that everyone
 * reading the invoice sees the same day, whatever their time zone.
 */
export function formatDay(iso: string): string {
  return i18n.date(iso, { dateStyle: 'medium', timeZone: 'UTC' });
}
