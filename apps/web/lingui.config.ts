import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

// French is the source language: the message ids are the French texts, fr.po holds them as they
// are and en.po their translations. `lingui extract` keeps both in step with the code; origins
// (file and line) are left out so a catalogue only changes when a text does.
export default defineConfig({
  sourceLocale: 'fr',
  locales: ['fr', 'en'],
  catalogs: [{ path: '<rootDir>/src/i18n/{locale}', include: ['<rootDir>/src'] }],
  format: formatter({ origins: false }),
  orderBy: 'messageId',
});
