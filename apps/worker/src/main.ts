/**
 * The worker's entry point (`node apps/worker/src/main.ts`): it gives the process its V8 heap
 * limits, its C library settings and the compile cache (runtime.ts of @comptoir/config says
 * why), loads the worker (worker.ts), starts again from the cache if that load had to strip
 * TypeScript, then runs it.
 */
import {
  runWithHeapLimits,
  saveCompileCacheOrRestartFromIt,
  serviceHeapLimits,
  serviceProcessEnvironment,
} from '@comptoir/config/runtime';

runWithHeapLimits(serviceHeapLimits.worker, serviceProcessEnvironment.worker);
const { runWorker } = await import('./worker.ts');
saveCompileCacheOrRestartFromIt();
await runWorker();
