/** What the global setup hands to every test file (vitest's provide/inject). */
declare module 'vitest' {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
    templateDatabase: string;
    redisUrl: string;
  }
}

export {};
