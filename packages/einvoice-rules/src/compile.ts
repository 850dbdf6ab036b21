import { compileRuleSets } from './index.ts';

// `pnpm --filter @comptoir/einvoice-rules run compile`: the rule sets into the cache, once.
const started = Date.now();
await compileRuleSets();
process.stderr.write(
  `[comptoir] e-invoice rule sets compiled or found in the cache (${Date.now() - started} ms)\n`,
);
