/** What the Chromium setup hands to the browser tests (vitest's provide/inject). */
declare module 'vitest' {
  export interface ProvidedContext {
    chromium: { executablePath: string; fontConfigPath: string | undefined };
  }
}

export {};
