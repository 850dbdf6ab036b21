/**
 * The API's entry point (`node apps/api/src/main.ts`): it gives the process its V8 heap limits,
 * its C library settings and the compile cache (runtime.ts of @comptoir/config says why), loads
 * the API (api.ts), starts again from the cache if that load had to strip TypeScript, then runs
 * it.
 */
import {
  runWithHeapLimits,
  saveCompileCacheOrRestartFromIt,
  serviceHeapLimits,
  serviceProcessEnvironment,
} from '@comptoir/config/runtime';

runWithHeapLimits(serviceHeapLimits.api, serviceProcessEnvironment.api);
const { runApi } = await import('./api.ts');
saveCompileCacheOrRestartFromIt();
await runApi();
