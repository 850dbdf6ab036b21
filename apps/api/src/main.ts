/**
 * The API's entry point (`node apps/api/src/main.ts`): it gives the process its V8 heap limits,
 * its C library settings and the compile cache (runtime.ts of @comptoir/config says why), loads
 * the API (api.ts), starts again from the cache if that load had to strip TypeScript, then runs
 * it.
 */
import { startService } from '@comptoir/config/runtime';

const { runApi } = await startService('api', () => import('./api.ts'));
await runApi();
