/**
 * The API's entry point (`node apps/api/src/main.ts`): it gives the process its V8 heap limits
 * and the compile cache (runtime.ts of @comptoir/config says why), then serves (serve.ts).
 */
import { runWithHeapLimits, saveCompileCache, serviceHeapLimits } from '@comptoir/config/runtime';

runWithHeapLimits(serviceHeapLimits.api);
await import('./serve.ts');
saveCompileCache();
