import { testConfig } from '@comptoir/testing/vitest';

// Signing, addresses, the schedule and the sender are unit tests: no database, no Redis.
export default testConfig({ services: false });
