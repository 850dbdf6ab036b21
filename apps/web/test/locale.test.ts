import { expect, test } from 'vitest';
import { chooseLocale } from '../src/i18n/locale.ts';

test('French unless the browser asks for English before French', () => {
  expect(chooseLocale([])).toEqual({ locale: 'fr', intlTag: 'fr-FR' });
  expect(chooseLocale(['de-DE', 'es'])).toEqual({ locale: 'fr', intlTag: 'fr-FR' });
  expect(chooseLocale(['fr-BE', 'en-US'])).toEqual({ locale: 'fr', intlTag: 'fr-BE' });
  expect(chooseLocale(['en-GB', 'fr-FR'])).toEqual({ locale: 'en', intlTag: 'en-GB' });
  expect(chooseLocale(['de-DE', 'EN-us'])).toEqual({ locale: 'en', intlTag: 'EN-us' });
});
