import { testConfig } from '@comptoir/testing/vitest';

export default testConfig();
