// What @lingui/vite-plugin makes of a .po file: its compiled messages.
declare module '*.po' {
  import type { Messages } from '@lingui/core';

  export const messages: Messages;
}
