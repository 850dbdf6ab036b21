import { i18n } from '@lingui/core';
import { z } from 'zod';
import { en, fr } from 'zod/locales';

export type Locale = 'fr' | 'en';

export interface LocaleChoice {
  /** The catalogue the app speaks. */
  locale: Locale;
  /** The browser's own tag for it (`en-GB`, `fr-BE`), so Intl writes numbers and dates its way. */
  intlTag: string;
}

/**
 * French unless the browser asks for English before it asks for French: the first of its
 * languages that we speak wins, and a browser that asks for neither gets French.
 */
export function chooseLocale(languages: readonly string[]): LocaleChoice {
  for (const tag of languages) {
    const base = tag.toLowerCase().split('-')[0];
    if (base === 'fr' || base === 'en') return { locale: base, intlTag: tag };
  }
  return { locale: 'fr', intlTag: 'fr-FR' };
}

/** Loads one catalogue (its own chunk) and makes it, and its Intl tag, the active ones. */
export async function activateLocale({ locale, intlTag }: LocaleChoice): Promise<void> {
  const { messages } = locale === 'en' ? await import('./en.po') : await import('./fr.po');
  i18n.loadAndActivate({ locale, locales: [intlTag], messages });
  // A field the browser refuses says why in the same language as the rest of the page.
  z.config(locale === 'en' ? en() : fr());
  document.documentElement.lang = locale;
}
